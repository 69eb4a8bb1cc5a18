/**
 * The job queue: graphile-worker, inside the app process, started and stopped with it
 * (src/server.ts). It installs its own schema (graphile_worker) at start, before the app serves,
 * so emitEvent()'s add_job always exists.
 *
 * Real PostgreSQL: its own small pool; new jobs arrive by LISTEN "jobs:insert" at once, due
 * retries by polling (pollMs).
 *
 * Embedded PGlite (measured, see docs/integrations.md): the database is ONE session served over
 * pglite-socket, so a second connection would interleave its statements with the app's
 * transactions in that session. graphile-worker therefore gets the app's own one-connection pool,
 * with unnamed statements (named ones collide in the shared session), through a stand-in for the
 * one client it would hold forever to LISTEN (that would starve a pool of one). PGlite delivers a
 * NOTIFY only to the connection whose statement raised it, which here is the app's own connection:
 * its "jobs:insert" notifications are handed to graphile-worker's listener, so a new job is picked
 * up as soon as its transaction commits, as on PostgreSQL. Its queries bypass the round-trip
 * counter (client.ts counts the app's queries, for tests and the benchmark).
 */
import { EventEmitter } from 'node:events';
import pg from 'pg';
import type { Logger as PinoLogger } from 'pino';
import { Logger, run, runMigrations, type Runner, type Task } from 'graphile-worker';
import { type Database, runInBackground } from '../../db/client.ts';
import type { WebhookConfig } from '../../config.ts';
import { CLEANUP_TASK, CRONTAB, DELIVER_TASK, FANOUT_TASK, REPORT_COMPACT_TASK } from './events.ts';
import { cleanUp, deliver, fanOut } from './jobs.ts';

export type JobQueue = {
  kind: 'graphile-worker';
  /** Jobs waiting: due now, scheduled later (retries), and given up on by graphile-worker. */
  backlog(): Promise<{ due: number; scheduled: number; running: number; dead: number }>;
  stop(): Promise<void>;
};

/** Other areas' tasks and cron lines run by the same queue (payment refunds and recovery). */
export type ExtraJobs = { tasks: Record<string, Task>; crontab?: string };

export async function startJobQueue(
  database: Database,
  config: WebhookConfig,
  logger: PinoLogger,
  connectionString?: string,
  extra?: ExtraJobs,
): Promise<JobQueue> {
  const embedded = database.kind === 'embedded';
  const ownPool = embedded ? undefined : new pg.Pool({ connectionString, max: 4 });
  ownPool?.on('error', () => {});
  const pgPool = ownPool ?? sharedSessionPool(database.pool);
  const deps = { db: database.db, config, logger };
  const tasks: Record<string, Task> = {
    [FANOUT_TASK]: async (payload) => void (await fanOut(deps, Number((payload as { eventId: number }).eventId))),
    [DELIVER_TASK]: async (payload) =>
      void (await deliver(deps, Number((payload as { deliveryId: number }).deliveryId))),
    [CLEANUP_TASK]: async () => {
      const gone = await cleanUp(deps);
      logger.info({ source: 'webhooks', ...gone }, 'webhook retention: old events and finished deliveries deleted');
    },
    [REPORT_COMPACT_TASK]: async () => {
      const { rows } = await database.pool.query<{ removed: number }>('select report_compact() as removed');
      logger.info({ source: 'reports', removed: rows[0].removed }, 'report rollup: deltas compacted');
    },
    ...extra?.tasks,
  };
  const options = {
    pgPool,
    noHandleSignals: true,
    noPreparedStatements: embedded,
    logger: new Logger(() => (level, message, meta) => {
      const l = level === 'warning' ? 'warn' : level;
      if (l === 'error' || l === 'warn') logger[l]({ ...meta, source: 'graphile-worker' }, message);
      else logger.debug({ source: 'graphile-worker' }, message);
    }),
  };
  await runMigrations(options);
  // The embedded database belongs to this one process, so a job still locked now was locked by a
  // process that died mid-job (kill -9, power loss): release it instead of waiting for
  // graphile-worker's 4-hour lock expiry. (On PostgreSQL other live processes may hold locks.)
  if (embedded)
    await database.pool.query(
      `select graphile_worker.force_unlock_workers(array(select distinct locked_by from graphile_worker.jobs where locked_by is not null))`,
    );
  // Every job runs as background work (tests that watch a request's statements do not see it).
  const taskList = Object.fromEntries(
    Object.entries(tasks).map(([name, task]): [string, Task] => [
      name,
      (payload, helpers) => runInBackground(() => task(payload, helpers)),
    ]),
  );
  // The queue's polling runs as background work too: its timers keep the context they start in.
  const runner: Runner = await runInBackground(() =>
    run({
      ...options,
      taskList,
      crontab: extra?.crontab ? `${CRONTAB}\n${extra.crontab}` : CRONTAB,
      concurrency: embedded ? 2 : 4,
      pollInterval: config.pollMs,
    }),
  );
  const backlogQuery = `select count(*) filter (where locked_at is null and attempts < max_attempts and run_at <= now())::int as due,
      count(*) filter (where locked_at is null and attempts < max_attempts and run_at > now())::int as scheduled,
      count(*) filter (where locked_at is not null)::int as running,
      count(*) filter (where attempts >= max_attempts)::int as dead
    from graphile_worker.jobs`;
  return {
    kind: 'graphile-worker',
    async backlog() {
      const { rows } = await database.pool.query(backlogQuery);
      return rows[0];
    },
    async stop() {
      await runner.stop();
      await ownPool?.end();
    },
  };
}

/**
 * Installs or upgrades the graphile_worker schema without starting a worker: prepareDatabase calls
 * it once, so a cluster's workers (which all start job queues at once) never race to install it.
 */
export async function migrateJobQueue(database: Database, connectionString?: string): Promise<void> {
  const embedded = database.kind === 'embedded';
  const ownPool = embedded ? undefined : new pg.Pool({ connectionString, max: 1 });
  try {
    await runMigrations({
      pgPool: ownPool ?? sharedSessionPool(database.pool),
      noPreparedStatements: embedded,
      logger: new Logger(() => () => {}),
    });
  } finally {
    await ownPool?.end();
  }
}

/** The app's one-connection pool, as graphile-worker sees it (see the header). */
function sharedSessionPool(pool: pg.Pool): pg.Pool {
  const listeners = new Set<EventEmitter>();
  const seen = new WeakSet<pg.ClientBase>();
  const forward = (client: pg.ClientBase) => {
    if (seen.has(client)) return;
    seen.add(client);
    client.on('notification', (msg: pg.Notification) => {
      if (msg.channel === 'jobs:insert' || msg.channel === 'worker:migrate')
        for (const l of listeners) l.emit('notification', msg);
    });
  };
  pool.on('connect', forward);
  // Uncounted: the pg Client's own query, not the counting wrapper client.ts installs on the instance.
  const raw = (client: pg.PoolClient) =>
    new Proxy(client, {
      get(target, prop, receiver) {
        if (prop === 'query')
          return (...args: unknown[]) =>
            (pg.Client.prototype.query as (...a: unknown[]) => unknown).apply(target, args);
        const v = Reflect.get(target, prop, receiver);
        return typeof v === 'function' ? v.bind(target) : v;
      },
    });
  const listenClient = () => {
    const fake = new EventEmitter() as EventEmitter & { query(text: string): Promise<unknown>; release(): void };
    fake.query = async (text: string) => {
      const c = await pool.connect();
      try {
        forward(c);
        return await (pg.Client.prototype.query as (t: string) => Promise<unknown>).call(c, text);
      } finally {
        c.release();
      }
    };
    fake.release = () => void listeners.delete(fake);
    listeners.add(fake);
    return fake;
  };
  return new Proxy(pool, {
    get(target, prop, receiver) {
      if (prop === 'connect') {
        return (cb?: (err: Error | undefined, client: unknown, release: () => void) => void) => {
          if (cb) {
            const fake = listenClient();
            queueMicrotask(() => cb(undefined, fake, () => fake.release()));
            return undefined;
          }
          return target.connect().then(raw);
        };
      }
      // graphile-worker ends the pools it made; this one is the app's.
      if (prop === 'end') return async () => {};
      const v = Reflect.get(target, prop, receiver);
      return typeof v === 'function' ? v.bind(target) : v;
    },
  });
}
