/**
 * Query observers (what tests use to count a request's statements) see the statements of the
 * code that watches, never those of background work running at the same moment, even when the
 * two wait for the same pooled connection.
 */
import { expect } from 'chai';
import { openDatabase, runInBackground, type Database } from '../../src/db/client.ts';
import { testServer } from '../helpers/server.ts';

describe('query observers and background work', () => {
  let database: Database;
  let own = false;
  before(async () => {
    const app = await testServer();
    // One connection, so a statement must wait for the one another caller holds.
    if (app.database.kind === 'postgres') {
      database = await openDatabase({ databaseUrl: app.config.databaseUrl, dataDir: app.config.dataDir, poolMax: 1 });
      own = true;
    } else database = app.database;
  });
  after(async () => {
    if (own) await database.close();
  });

  it('does not see a background statement, and sees its own', async () => {
    const seen: string[] = [];
    const stop = database.observeQueries((t) => seen.push(t));
    try {
      await runInBackground(() => database.pool.query('select 1 as background_one'));
      await database.pool.query('select 1 as foreground_one');
    } finally {
      stop();
    }
    expect(seen.filter((t) => /_one/.test(t))).to.deep.equal(['select 1 as foreground_one']);
  });

  it('keeps each statement with its caller while they queue for one connection', async () => {
    const seen: string[] = [];
    const stop = database.observeQueries((t) => seen.push(t));
    try {
      // The background job holds the connection; the foreground statement queues behind it and is
      // handed the connection by the background's release (and the other way round).
      await Promise.all([
        runInBackground(() => database.pool.query('select pg_sleep(0.05), 2 as background_two')),
        database.pool.query('select 2 as foreground_two'),
        runInBackground(() => database.pool.query('select 2 as background_three')),
      ]);
    } finally {
      stop();
    }
    expect(seen.filter((t) => /_(two|three)/.test(t))).to.deep.equal(['select 2 as foreground_two']);
  });
});
