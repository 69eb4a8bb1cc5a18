/**
 * src/db/pipelined.ts: reads started together on one connection travel in one round trip (the
 * pool pipelines), each answered with its own rows; a failing one rejects and the pool serves on.
 */
import { expect } from 'chai';
import { sql } from 'drizzle-orm';
import { pipelined } from '../../src/db/pipelined.ts';
import { testServer } from '../helpers/server.ts';

describe('pipelined reads', () => {
  it('sends reads started together in one round trip, each with its own answer', async () => {
    const { database } = await testServer();
    const seen: boolean[] = [];
    const stop = database.observeQueries((text, joined) => /as piped/.test(text) && seen.push(joined));
    let answers: number[];
    try {
      answers = await pipelined(database.db, (one) =>
        Promise.all(
          [1, 2, 3, 4].map(
            async (n) => (await one.execute<{ piped: number }>(sql`select ${n}::int * 10 as piped`)).rows[0].piped,
          ),
        ),
      );
    } finally {
      stop();
    }
    expect(answers).to.deep.equal([10, 20, 30, 40]);
    expect(seen, 'the first opens the round trip, the others join it').to.deep.equal([false, true, true, true]);
  });

  it('a failing read rejects; the pool answers the next reads', async () => {
    const { database } = await testServer();
    let failed: Error | undefined;
    await pipelined(database.db, (one) =>
      Promise.all([one.execute(sql`select 1 / ${0}::int`), one.execute(sql`select pg_sleep(0.02)`)]),
    ).catch((e: Error) => {
      failed = e;
    });
    // drizzle names the failed query and keeps the database's error as its cause.
    expect(String((failed?.cause as Error | undefined)?.message ?? failed?.message)).to.match(/division by zero/);
    const rows = await pipelined(database.db, (one) =>
      Promise.all([one.execute<{ n: number }>(sql`select ${5}::int as n`)]),
    );
    expect(rows[0].rows[0].n).to.equal(5);
  });
});
