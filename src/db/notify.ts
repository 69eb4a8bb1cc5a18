/**
 * Cross-process events through PostgreSQL LISTEN/NOTIFY, for caches that every app process keeps
 * (interface text, and later the catalog read model).
 *
 *   const events = new Notifier({ pool, databaseUrl, logger });
 *   events.on('i18n', async (payload) => { await texts.reload(db); }); // payload null = resync
 *   await events.start();
 *   ...after the write commits:  await events.notify('i18n', field);
 *   ...at shutdown:              await events.close();
 *
 * notify() runs this process's handlers before it resolves (so the request that saved sees its
 * own change on the next page view) and sends pg_notify for every other process; a process skips
 * the echo of its own notifications. Listening uses one dedicated client (never a pool client: a
 * pooled client would be handed to queries and lose its LISTEN) and reconnects with backoff;
 * after a reconnect each handler is called with `null`, because notifications sent while the
 * connection was down are lost and the cache must resynchronise.
 *
 * Embedded mode (PGlite through pglite-socket): notifications are not delivered to socket clients
 * (measured: LISTEN on one connection, pg_notify on another or the same, nothing arrives). The
 * embedded database belongs to the one app process that started it, so there in-process delivery
 * (`databaseUrl` undefined) reaches every process that can see the data.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { Logger } from 'pino';

export type NotifyHandler = (payload: string | null) => void | Promise<void>;

export type NotifierOptions = {
  pool: pg.Pool;
  /** A real PostgreSQL to LISTEN on; undefined = in-process delivery only (embedded mode). */
  databaseUrl?: string;
  logger?: Pick<Logger, 'warn' | 'error' | 'debug'>;
  /** First reconnect delay; doubles up to 30 s. */
  retryMs?: number;
};

const CHANNEL = /^[a-z_][a-z0-9_]{0,62}$/;
const MAX_RETRY_MS = 30_000;

export class Notifier {
  /** Tells this process's own notifications apart from other processes'. */
  readonly origin = randomUUID().slice(0, 8);
  private readonly handlers = new Map<string, Set<NotifyHandler>>();
  private readonly afterEvery = new Set<(channel: string) => void>();
  private client?: pg.Client;
  private retry?: NodeJS.Timeout;
  private delay: number;
  private closed = false;
  private connectedOnce = false;

  constructor(private readonly opts: NotifierOptions) {
    this.delay = opts.retryMs ?? 1000;
  }

  /** 'listen' when other processes' notifications arrive, 'local' for in-process delivery only. */
  get mode(): 'listen' | 'local' {
    return this.opts.databaseUrl ? 'listen' : 'local';
  }

  /** Registers a handler; returns the function that removes it. */
  on(channel: string, handler: NotifyHandler): () => void {
    assertChannel(channel);
    let set = this.handlers.get(channel);
    if (!set) {
      this.handlers.set(channel, (set = new Set()));
      if (this.client)
        void this.client
          .query(`LISTEN "${channel}"`)
          .catch((err) => this.opts.logger?.warn({ err, channel }, 'LISTEN failed'));
    }
    set.add(handler);
    return () => set.delete(handler);
  }

  /**
   * Called after every event's handlers have run, whatever its channel (a cache of what the
   * handlers reload, such as finished pages, is emptied once they are done). Returns the remover.
   */
  afterDispatch(listener: (channel: string) => void): () => void {
    this.afterEvery.add(listener);
    return () => this.afterEvery.delete(listener);
  }

  /** Connects the listening client (no-op in local mode). Resolves once LISTEN is in place. */
  async start(): Promise<void> {
    if (this.mode === 'local' || this.closed) return;
    await this.connect();
  }

  /** Runs this process's handlers, then tells every other process. Call after the write commits. */
  async notify(channel: string, payload = ''): Promise<void> {
    assertChannel(channel);
    await this.dispatch(channel, payload);
    if (this.mode === 'listen')
      await this.opts.pool.query('select pg_notify($1, $2)', [channel, `${this.origin}:${payload}`]);
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retry);
    const c = this.client;
    this.client = undefined;
    if (c) await c.end().catch(() => {});
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.opts.databaseUrl });
    client.on('notification', (n) => {
      const text = n.payload ?? '';
      const sep = text.indexOf(':');
      if (sep >= 0 && text.slice(0, sep) === this.origin) return; // our own, already handled
      void this.dispatch(n.channel, sep >= 0 ? text.slice(sep + 1) : text);
    });
    const lost = (err?: Error) => {
      if (this.client !== client) return;
      this.client = undefined;
      if (err) this.opts.logger?.warn({ err }, 'notification listener lost its connection; reconnecting');
      client.end().catch(() => {});
      this.schedule();
    };
    client.on('error', lost);
    client.on('end', () => lost());
    await client.connect();
    for (const channel of this.handlers.keys()) await client.query(`LISTEN "${channel}"`);
    if (this.closed) return void (await client.end().catch(() => {}));
    this.client = client;
    this.delay = this.opts.retryMs ?? 1000;
    // After a reconnect, whatever was sent meanwhile is gone: let every cache resynchronise.
    if (this.connectedOnce) for (const channel of this.handlers.keys()) void this.dispatch(channel, null);
    this.connectedOnce = true;
  }

  private schedule() {
    if (this.closed) return;
    clearTimeout(this.retry);
    this.retry = setTimeout(() => {
      this.connect().catch((err) => {
        this.opts.logger?.warn({ err }, 'notification listener could not reconnect');
        this.delay = Math.min(this.delay * 2, MAX_RETRY_MS);
        this.schedule();
      });
    }, this.delay);
    this.retry.unref();
  }

  private async dispatch(channel: string, payload: string | null): Promise<void> {
    const set = this.handlers.get(channel);
    if (!set) return;
    try {
      await this.runHandlers(channel, set, payload);
    } finally {
      for (const l of this.afterEvery) l(channel);
    }
  }

  private async runHandlers(channel: string, set: Set<NotifyHandler>, payload: string | null): Promise<void> {
    await Promise.all(
      [...set].map(async (h) => {
        try {
          await h(payload);
        } catch (err) {
          this.opts.logger?.error({ err, channel }, 'notification handler failed');
        }
      }),
    );
  }
}

function assertChannel(channel: string) {
  if (!CHANNEL.test(channel)) throw new Error(`Invalid notification channel "${channel}"`);
}
