/**
 * src/db/opened-transaction.ts, the cart writes' transaction (issue 23): BEGIN with the first
 * reads in one round trip, statements prepared once per connection on PostgreSQL (their text sent
 * each time on the embedded database), the last write sent with the COMMIT, text written in as an
 * escaped literal, and a failure that leaves the connection fit for the next transaction.
 */
import { expect } from 'chai';
import { sql } from 'drizzle-orm';
import { openedTransaction, preparedStatement } from '../../src/db/opened-transaction.ts';
import { testServer } from '../helpers/server.ts';

const echo = preparedStatement('ot_test_echo', ['int', 'timestamptz'], ([n, at]) => sql`select ${n} + 1 as next, ${at} as at, ${'cart'}::text as word`);

describe('opened transaction (cart writes)', () => {
  it('answers a prepared first statement the same the first time on a connection and after, in one round trip with its begin', async () => {
    const { database } = await testServer();
    const at = '2026-11-28T04:00:00.000Z';
    for (let i = 0; i < 3; i++) {
      const sent: string[] = [];
      const stop = database.observeQueries((t) => sent.push(t));
      let rows: Record<string, unknown>[][];
      try {
        rows = await openedTransaction(database.db, [{ statement: echo, args: [41, at] }], async (r) => r);
      } finally {
        stop();
      }
      expect(rows[0]).to.have.length(1);
      expect(rows[0][0].next).to.equal(42);
      expect((rows[0][0].at as Date).toISOString()).to.equal(at);
      expect(rows[0][0].word).to.equal('cart');
      // begin with the read, then commit: two round trips (the app's own background work, a
      // LISTEN or a job poll at startup, may send between them on the embedded database's one connection).
      const ours = sent.filter((t) => /\bbegin\b|\bcommit\b|ot_test_echo|as next/.test(t));
      expect(ours, sent.join('\n')).to.have.length(2);
      expect(ours[0]).to.match(/(^|;)\s*begin\s*;/);
    }
  });

  it('sends the last statement with the commit, text arguments intact (quotes, backslashes, dollars)', async () => {
    const { database } = await testServer();
    const odd = "O'Brien \\ $1 -- ; 'x'";
    for (let i = 0; i < 2; i++) {
      const sent: string[] = [];
      const stop = database.observeQueries((t) => sent.push(t));
      let row: Record<string, unknown> | undefined;
      try {
        row = await openedTransaction(database.db, [{ statement: echo, args: [1, '2026-11-28T04:00:00Z'] }], async (_r, tx) => (await tx.executeAndCommit(sql`select ${odd}::text as v, ${7}::int as n, ${null}::int as z`))[0]);
      } finally {
        stop();
      }
      expect(row).to.deep.equal({ v: odd, n: 7, z: null });
      const ours = sent.filter((t) => /\bbegin\b|\bcommit\b/.test(t));
      expect(ours, sent.join('\n')).to.have.length(2);
      expect(ours[1]).to.match(/;\s*commit\s*$/);
    }
  });

  it('a failing last statement rolls back, and the next transaction on the connection runs the same statement', async () => {
    const { database } = await testServer();
    const divide = (by: number) => sql`select 10 / ${by}::int as q`;
    let failed: Error | undefined;
    await openedTransaction(database.db, [{ statement: echo, args: [1, '2026-11-28T04:00:00Z'] }], async (_r, tx) => tx.executeAndCommit(divide(0))).catch((e: Error) => {
      failed = e;
    });
    expect(failed?.message).to.match(/division by zero/);
    for (let i = 0; i < 3; i++) {
      const [row] = await openedTransaction(database.db, [{ statement: echo, args: [1, '2026-11-28T04:00:00Z'] }], async (_r, tx) => tx.executeAndCommit(divide(5)));
      expect(row.q).to.equal(2);
    }
  });

  it('refuses a first-statement argument that is not a number, boolean, null or plain word', async () => {
    const { database } = await testServer();
    let refused: Error | undefined;
    await openedTransaction(database.db, [{ statement: echo, args: [1, "2026'; drop table orders; --"] }], async () => undefined).catch((e: Error) => {
      refused = e;
    });
    expect(refused?.message).to.match(/not a number, boolean or plain word/);
  });
});
