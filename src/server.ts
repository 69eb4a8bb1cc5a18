/**
 * start()/stop(): opens the database (a real PostgreSQL or the embedded one),
 * applies migrations, loads the demo data into an empty database, and serves.
 * Run directly (`npm start`) it also handles SIGTERM/SIGINT by finishing the
 * requests in flight before closing the database.
 */
import http from 'node:http';
import type { Express } from 'express';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { pino, type DestinationStream, type Logger } from 'pino';
import { createApp } from './app.ts';
import type { Services } from './services.ts';
import { loadConfig, publicBase, type Config } from './config.ts';
import { openDatabase, type Database } from './db/client.ts';
import { applyMigrations } from './db/migrate.ts';
import { listenForDataChanges } from './db/data-changes.ts';
import { isDatabaseEmpty, seed } from './db/seed/index.ts';
import { Texts } from './i18n/index.ts';
import { errForLog } from './http/log-redact.ts';
import { Notifier } from './db/notify.ts';
import { createMailer } from './providers/mail/index.ts';
import { loadIslands, loadManifest } from './http/assets.ts';
import { migrateJobQueue, startJobQueue } from './features/webhooks/index.ts';
import { INVOICE_REMINDER_CRONTAB, invoiceTasks } from './features/terms/index.ts';
import { PAYMENTS_CRONTAB, paymentTasks, recoverAtStart } from './workflows/checkout/payment-jobs.ts';
import { paymentProviderOf } from './providers/payments/index.ts';
import { bankLinkProviderOf } from './providers/bank/index.ts';
import type { PaymentProvider } from './providers/payments/types.ts';

export type Running = {
  url: string;
  port: number;
  config: Config;
  database: Database;
  services: Services;
  logger: Logger;
  server: http.Server;
  /** The Express application: the server's request listener (nothing answers in front of it). */
  express: Express;
  stop(): Promise<void>;
};

export type StartOptions = {
  database?: Database;
  /** false in cluster workers: the primary has migrated (and seeded) once before forking. */
  prepare?: boolean;
  /** Where the logs go (standard output when absent); tests capture them to scan for secrets. */
  logStream?: NodeJS.WritableStream;
  /** A card provider instead of the configured one (tests: a slow or failing provider). */
  payments?: PaymentProvider;
};

export async function start(overrides: Partial<Config> = {}, opts: StartOptions = {}): Promise<Running> {
  const config = { ...loadConfig(), ...overrides };
  const logger = createLogger(config, opts);
  if (config.sessionSecretGenerated)
    logger.warn('SESSION_SECRET is not set: using a random secret, so sessions end when the server restarts');

  const t0 = Date.now();
  const database =
    opts.database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      poolMax: config.limits.poolMax,
      statementTimeoutMs: config.limits.statementTimeoutMs,
    }));
  if (opts.prepare !== false) await prepareDatabase(database, config, logger);
  const texts = await Texts.create(database.db);
  // Saved interface text is live on the next page view in every app process.
  const events = new Notifier({
    pool: database.pool,
    databaseUrl: database.kind === 'postgres' ? config.databaseUrl : undefined,
    logger,
  });
  events.on('i18n', () => texts.reload(database.db));
  await events.start();
  loadManifest();
  await loadIslands();
  const mailer = createMailer({ smtpUrl: config.smtpUrl, dataDir: config.dataDir });
  // The job queue (webhook deliveries) installs its schema before the first request can enqueue.
  // Payment refunds and recovery use the app's providers, known once the services are built.
  let built: Services | undefined;
  const payDeps = () =>
    built && {
      db: built.db,
      provider: paymentProviderOf(built),
      bank: bankLinkProviderOf(built),
      logger,
      leaseMs: config.payments.attemptLeaseMs,
    };
  // Overdue invoice reminders: daily, through the same mailer.
  const reminderDeps = () => built && { db: built.db, mailer, texts, logger, publicUrl: publicBase(config) };
  const jobs = await startJobQueue(database, config.webhooks, logger, config.databaseUrl, {
    tasks: { ...paymentTasks(payDeps), ...invoiceTasks(reminderDeps) },
    crontab: `${PAYMENTS_CRONTAB}\n${INVOICE_REMINDER_CRONTAB}`,
  });
  const { app, services } = createApp({
    config,
    database,
    texts,
    mailer,
    logger,
    events,
    jobs,
    payments: opts.payments,
  });
  built = services;
  await recoverAtStart(database.db);
  const changes = await listenForDataChanges(
    database,
    config.databaseUrl,
    (table, ids) => services.readModel.changed(table, ids),
    logger,
  );

  const server = await listen(config, app);
  const port = (server.address() as AddressInfo).port;
  // Port 0 (tests) picks a free port: the default link base (publicBase) names the real one.
  config.port = port;
  const url = `http://localhost:${port}`;
  logger.info({ url, db: database.kind, ms: Date.now() - t0 }, 'listening');

  const stop = stopper(server, { jobs, changes, events, database: opts.database ? undefined : database });

  return { url, port, config, database, services, logger, server, express: app, stop };
}

/** The app's logger: to `opts.logStream` when given, else standard output. */
function createLogger(config: Config, opts: StartOptions): Logger {
  // Every `{ err }` any part of the app logs leaves a failed query's parameters out (log-redact.ts).
  const logOptions = { level: config.logLevel, base: undefined, serializers: { err: errForLog } };
  const logger = opts.logStream ? pino(logOptions, opts.logStream as DestinationStream) : pino(logOptions);
  return logger;
}

/** The HTTP server, listening on the configured port. */
async function listen(config: Config, app: Express): Promise<http.Server> {
  // Slow clients cannot hold connections: headers and the whole request each have a deadline
  // (answered 408), checked every second.
  const server = http.createServer(
    {
      requestTimeout: config.limits.requestTimeoutMs,
      headersTimeout: config.limits.headersTimeoutMs,
      connectionsCheckingInterval: Math.min(1_000, config.limits.headersTimeoutMs),
    },
    app,
  );
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, resolve);
  });
  return server;
}

/**
 * The server's stop, run once however often it is called. `database` is closed only when the
 * server opened it.
 */
function stopper(
  server: http.Server,
  closing: {
    jobs: { stop(): Promise<void> };
    changes: { close(): Promise<void> };
    events: { close(): Promise<void> };
    database?: Database;
  },
): () => Promise<void> {
  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      // Stop accepting, let requests in flight finish (bounded), then close the database.
      await new Promise<void>((resolve) => {
        const force = setTimeout(() => server.closeAllConnections(), 10_000);
        server.close(() => {
          clearTimeout(force);
          resolve();
        });
        server.closeIdleConnections();
      });
      await closing.jobs.stop(); // lets jobs in flight finish; the rest wait in the database for the next start
      await closing.changes.close();
      await closing.events.close();
      await closing.database?.close();
    })());
  return stop;
}

/** Migrations, then the demo data when asked for and the database is empty. */
export async function prepareDatabase(database: Database, config: Config, logger: Logger) {
  await applyMigrations(database.db);
  await migrateJobQueue(database, config.databaseUrl); // graphile-worker's own schema, once
  if (config.seed === 'demo' && (await isDatabaseEmpty(database.db))) {
    if (config.env === 'production')
      logger.warn('SEED=demo in production: loading the demo accounts, whose password is published');
    const summary = await seed(database.db);
    logger.info({ summary }, 'demo data loaded');
  }
}

const isMain = import.meta.url === pathToFileURL(process.argv[1] ?? '').href;
if (isMain) {
  start()
    .then((running) => {
      console.log(`Serving on ${running.url} (database: ${running.database.kind})`);
      const shutdown = (signal: string) => {
        running.logger.info({ signal }, 'shutting down');
        running.stop().then(
          () => process.exit(0),
          (err) => {
            running.logger.error({ err }, 'shutdown failed');
            process.exit(1);
          },
        );
      };
      process.once('SIGTERM', () => shutdown('SIGTERM'));
      process.once('SIGINT', () => shutdown('SIGINT'));
      // A parent that started us with an IPC channel (the benchmark) may ask how many database
      // round trips the app has made, to count them per request from outside.
      process.on('message', (m: { type?: string } | null) => {
        if (m?.type === 'round-trips') process.send?.({ type: 'round-trips', count: running.database.roundTrips() });
      });
    })
    .catch((err) => {
      console.error(err);
      process.exit(1);
    });
}
