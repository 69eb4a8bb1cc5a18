/**
 * What a request costs is counted without the job queue: statements run as background work (the
 * queue's polling and its jobs) add no round trip to the count tests and the benchmark read.
 */
import { expect } from 'chai';
import { runInBackground } from '../../src/db/client.ts';
import { testServer } from '../helpers/server.ts';

describe('round trips and background work', () => {
  it('a statement of the app counts one round trip; the same statement as background work counts none', async () => {
    const { database } = await testServer();
    const before = database.roundTrips();
    await database.pool.query('select 1');
    expect(database.roundTrips() - before).to.equal(1);
    const middle = database.roundTrips();
    await runInBackground(() => database.pool.query('select 2'));
    await runInBackground(async () => {
      await new Promise((r) => setTimeout(r, 5));
      await database.pool.query('select 3');
    });
    expect(database.roundTrips() - middle).to.equal(0);
  });
});
