/**
 * `npm run start:cluster`: one app process per core (node:cluster), sharing the port.
 *
 * The app keeps nothing in process that another process needs: sessions, carts and audit live in
 * PostgreSQL, and in-process caches are invalidated for every process through PostgreSQL. So the
 * primary only prepares the database once (migrations, demo data) and supervises workers: a
 * worker that dies is replaced; SIGTERM drains every worker (each finishes its requests in flight).
 *
 * The embedded database (PGlite) is one session that runs one query at a time: several processes
 * would interleave their transactions inside it, so a cluster needs DATABASE_URL.
 *
 * WORKERS sets the number of processes (default: available cores).
 */
import cluster from 'node:cluster';
import os from 'node:os';
import { pino } from 'pino';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { prepareDatabase, start } from './server.ts';

const config = loadConfig();
const logger = pino({ level: config.logLevel, base: undefined });

if (cluster.isPrimary) {
  if (!config.databaseUrl) {
    logger.error('start:cluster needs DATABASE_URL: the embedded database serves one process (use npm start)');
    process.exit(1);
  }
  if (config.sessionSecretGenerated) {
    // Every worker must sign cookies with the same secret, or a session cookie minted by one is refused by the next.
    logger.error('start:cluster needs SESSION_SECRET: each worker would otherwise pick its own random secret');
    process.exit(1);
  }
  const count = Math.max(1, Number(process.env.WORKERS) || os.availableParallelism());
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolMax: 1 });
  await prepareDatabase(database, config, logger);
  await database.close();

  let stopping = false;
  const fork = () => cluster.fork();
  // A parent that started us with an IPC channel (the benchmark, a supervisor) learns when every
  // worker serves.
  let listening = 0;
  cluster.on('listening', () => {
    if (++listening === count) process.send?.({ type: 'ready', workers: count });
  });
  for (let i = 0; i < count; i++) fork();
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    logger.error({ pid: worker.process.pid, code, signal }, 'worker died; starting another');
    fork();
  });
  const shutdown = (signal: string) => {
    stopping = true;
    logger.info({ signal }, 'shutting down workers');
    for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGTERM');
    const done = () => Object.keys(cluster.workers ?? {}).length === 0 && process.exit(0);
    cluster.on('exit', done);
    done();
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
  logger.info({ workers: count, port: config.port }, 'cluster started');
} else {
  const running = await start({}, { prepare: false });
  process.once(
    'SIGTERM',
    () =>
      void running.stop().then(
        () => process.exit(0),
        () => process.exit(1),
      ),
  );
  // The primary forwards SIGINT as SIGTERM; a terminal's Ctrl-C reaches every process, so ignore it here.
  process.on('SIGINT', () => {});
}
