/**
 * src/db/opened-transaction.ts, the cart writes' transaction: BEGIN with the
 * first reads in one round trip, the last write with the COMMIT in one more, every value a
 * parameter (never written into a statement's text), statements named on PostgreSQL (unnamed on
 * the embedded database), and a failure that leaves the connection fit for the next transaction.
 */
import { expect } from 'chai';
import { sql } from 'drizzle-orm';
import { openedTransaction, statement } from '../../src/db/opened-transaction.ts';
import { testServer } from '../helpers/server.ts';

const echo = statement(
  'ot_test_echo',
  () =>
    sql`select ${sql.placeholder('n')}::int + 1 as next, ${sql.placeholder('at')}::timestamptz as at, ${sql.placeholder('word')}::text as word`,
);

/** The statements sent while `run` ran, each marked when it travelled in an earlier one's round trip. */
async function watched<T>(run: () => Promise<T>) {
  const { database } = await testServer();
  const sent: { text: string; joined: boolean }[] = [];
  const stop = database.observeQueries((text, joined) => sent.push({ text, joined }));
  try {
    return { value: await run(), sent };
  } finally {
    stop();
  }
}

/** Our statements grouped by round trip (the app's own background work, a LISTEN or a job poll, may send between them on the embedded database). */
function trips(sent: { text: string; joined: boolean }[]): string[][] {
  const out: string[][] = [];
  for (const s of sent.filter((x) => /\bbegin\b|\bcommit\b|\bas next\b|\bas v\b|\bas q\b/.test(x.text))) {
    if (s.joined && out.length) out[out.length - 1].push(s.text);
    else out.push([s.text]);
  }
  return out;
}

describe('opened transaction (cart writes)', () => {
  it('answers a first statement the same the first time on a connection and after, in one round trip with its begin, values as parameters', async () => {
    const { database } = await testServer();
    const at = new Date('2026-11-28T04:00:00.000Z');
    const word = "it's $1 -- ; 'x' \\";
    for (let i = 0; i < 3; i++) {
      const { value: rows, sent } = await watched(() =>
        openedTransaction(database.db, [{ statement: echo, values: { n: 41, at, word } }], async (r) => r),
      );
      expect(rows[0]).to.have.length(1);
      expect(rows[0][0].next).to.equal(42);
      expect((rows[0][0].at as Date).toISOString()).to.equal(at.toISOString());
      expect(rows[0][0].word).to.equal(word);
      // begin with the read, then commit: two round trips.
      const ours = trips(sent);
      expect(ours, JSON.stringify(sent)).to.have.length(2);
      expect(ours[0][0]).to.match(/^begin\b/);
      expect(ours[0][1]).to.match(/as next/);
      expect(ours[1]).to.deep.equal(['commit']);
      expect(sent.map((s) => s.text).join('\n'), 'no value in a statement text').not.to.include("it's");
    }
  });

  it('sends the last statement with the commit, text values intact (quotes, backslashes, dollars)', async () => {
    const { database } = await testServer();
    const odd = "O'Brien \\ $1 -- ; 'x'";
    for (let i = 0; i < 2; i++) {
      const { value: row, sent } = await watched(() =>
        openedTransaction(
          database.db,
          [{ statement: echo, values: { n: 1, at: new Date(), word: 'w' } }],
          async (_r, tx) =>
            (await tx.executeAndCommit(sql`select ${odd}::text as v, ${7}::int as n, ${null}::int as z`))[0],
        ),
      );
      expect(row).to.deep.equal({ v: odd, n: 7, z: null });
      const ours = trips(sent);
      expect(ours, JSON.stringify(sent)).to.have.length(2);
      expect(ours[1]).to.have.length(2);
      expect(ours[1][0]).to.match(/as v/);
      expect(ours[1][1]).to.equal('commit');
      expect(ours[1][0]).not.to.include('Brien');
    }
  });

  it('a failing last statement rolls back, and the next transaction on the connection runs the same statement', async () => {
    const { database } = await testServer();
    const divide = (by: number) => sql`select 10 / ${by}::int as q`;
    const table = `ot_rollback_${process.pid}`;
    await database.pool.query(`create table if not exists ${table} (n int)`);
    let failed: Error | undefined;
    await openedTransaction(
      database.db,
      [{ statement: echo, values: { n: 1, at: new Date(), word: 'w' } }],
      async (_r, tx) => {
        await tx.execute(sql`insert into ${sql.identifier(table)} values (1)`);
        return tx.executeAndCommit(divide(0));
      },
    ).catch((e: Error) => {
      failed = e;
    });
    expect(failed?.message).to.match(/division by zero/);
    expect(
      (await database.pool.query(`select count(*)::int as n from ${table}`)).rows[0].n,
      'the insert rolled back',
    ).to.equal(0);
    for (let i = 0; i < 3; i++) {
      const [row] = await openedTransaction(
        database.db,
        [{ statement: echo, values: { n: 1, at: new Date(), word: 'w' } }],
        async (_r, tx) => tx.executeAndCommit(divide(5)),
      );
      expect(row.q).to.equal(2);
    }
    await database.pool.query(`drop table ${table}`);
  });

  it('a failing first read rolls back and throws; the connection serves the next transaction', async () => {
    const { database } = await testServer();
    let failed: Error | undefined;
    await openedTransaction(database.db, [sql`select 1 / ${0}::int as q`], async () => 'ran').catch((e: Error) => {
      failed = e;
    });
    expect(failed?.message).to.match(/division by zero/);
    const rows = await openedTransaction(
      database.db,
      [{ statement: echo, values: { n: 2, at: new Date(), word: 'w' } }],
      async (r) => r[0][0].next,
    );
    expect(rows).to.equal(3);
  });

  it('refuses a call without a value for each placeholder before sending anything', async () => {
    const { database } = await testServer();
    let refused: Error | undefined;
    await openedTransaction(database.db, [{ statement: echo, values: { n: 1 } }], async () => undefined).catch(
      (e: Error) => {
        refused = e;
      },
    );
    expect(refused?.message).to.match(/No value for placeholder/i);
  });
});
