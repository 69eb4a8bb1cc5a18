/**
 * The session store: express-session's public Store API over connect-pg-simple's table ("session":
 * sid, sess json, expire) with connect-pg-simple's semantics, each statement its own parameterised
 * named query. On a real PostgreSQL the read every request with a session makes is then parsed and
 * planned once per pool connection; on the embedded database, one session shared by every
 * connection (src/db/prepared.ts), the statements go unnamed. No library's SQL is recognised by
 * its text: the store issues its own.
 *
 * Semantics kept from connect-pg-simple 10: a session is found only while its `expire` is not past;
 * `expire` is the cookie's expiry (or now + `ttl` seconds, a day by default, for a cookie without
 * one); a stored session that does not parse is destroyed and reads as none; `touch` moves the
 * expiry unless `disableTouch`; expired rows are pruned every `pruneSessionInterval` seconds (false:
 * never), starting on first use.
 */
import session, { type SessionData } from 'express-session';
import type pg from 'pg';
import type { Database } from './client.ts';

const ONE_DAY = 86_400;

export type SessionStoreOptions = {
  database: Pick<Database, 'pool' | 'kind'>;
  /** Seconds a session without a cookie expiry lives. */
  ttl?: number;
  /** Seconds between prunes of expired rows; false: never (default 15 minutes). */
  pruneSessionInterval?: number | false;
  /** With rolling: false, touching only pushes the row's expiry past the cookie's. */
  disableTouch?: boolean;
};

type Callback = (err?: unknown) => void;

/** The store's statements (the table's name is constant text). */
const STATEMENTS = {
  read: 'select sess from "session" where sid = $1 and expire >= to_timestamp($2)',
  write: 'insert into "session" (sess, expire, sid) select $1, to_timestamp($2), $3 on conflict (sid) do update set sess = $1, expire = to_timestamp($2)',
  destroy: 'delete from "session" where sid = $1',
  touch: 'update "session" set expire = to_timestamp($1) where sid = $2',
  prune: 'delete from "session" where expire < to_timestamp($1)',
} as const;

const nowSeconds = () => Math.ceil(Date.now() / 1000);

export class SessionStore extends session.Store {
  readonly #pool: pg.Pool;
  readonly #named: boolean;
  readonly #ttl: number;
  readonly #pruneMs: number | false;
  readonly #disableTouch: boolean;
  #pruneTimer: NodeJS.Timeout | undefined;
  #closed = false;

  constructor(options: SessionStoreOptions) {
    super();
    this.#pool = options.database.pool;
    this.#named = options.database.kind === 'postgres';
    this.#ttl = options.ttl ?? ONE_DAY;
    this.#pruneMs = options.pruneSessionInterval === false ? false : (options.pruneSessionInterval ?? 15 * 60) * 1000;
    this.#disableTouch = options.disableTouch ?? false;
  }

  #query(kind: keyof typeof STATEMENTS, values: unknown[]): Promise<pg.QueryResult> {
    this.#schedulePrune();
    return this.#pool.query({ ...(this.#named ? { name: `session_${kind}` } : {}), text: STATEMENTS[kind], values });
  }

  #expireOf(sess: SessionData): number {
    const expires = sess?.cookie?.expires;
    return expires ? Math.ceil(new Date(expires).valueOf() / 1000) : Math.ceil(Date.now() / 1000 + this.#ttl);
  }

  override get(sid: string, callback: (err: unknown, session?: SessionData | null) => void): void {
    this.#query('read', [sid, nowSeconds()]).then(
      ({ rows: [row] }) => {
        if (!row) return callback(null, null);
        let sess: SessionData;
        try {
          sess = typeof row.sess === 'string' ? JSON.parse(row.sess) : row.sess;
        } catch {
          return this.destroy(sid, (err) => callback(err ?? null, null));
        }
        callback(null, sess);
      },
      (err: unknown) => callback(err),
    );
  }

  override set(sid: string, sess: SessionData, callback?: Callback): void {
    this.#query('write', [JSON.stringify(sess), this.#expireOf(sess), sid]).then(() => callback?.(), (err: unknown) => callback?.(err));
  }

  override destroy(sid: string, callback?: Callback): void {
    this.#query('destroy', [sid]).then(() => callback?.(), (err: unknown) => callback?.(err));
  }

  override touch(sid: string, sess: SessionData, callback?: Callback): void {
    if (this.#disableTouch) return void callback?.();
    this.#query('touch', [this.#expireOf(sess), sid]).then(() => callback?.(), (err: unknown) => callback?.(err));
  }

  /** Deletes every expired session (also run every pruneSessionInterval). */
  async pruneSessions(): Promise<void> {
    await this.#pool.query({ ...(this.#named ? { name: 'session_prune' } : {}), text: STATEMENTS.prune, values: [nowSeconds()] });
  }

  #schedulePrune(): void {
    if (this.#pruneMs === false || this.#pruneTimer || this.#closed) return;
    // At 50 % to 150 % of the interval, so that several processes do not prune at the same moment.
    this.#pruneTimer = setTimeout(() => {
      this.#pruneTimer = undefined;
      this.pruneSessions().catch(() => {});
    }, this.#pruneMs * (0.5 + Math.random()));
    this.#pruneTimer.unref();
  }

  /** Stops the prune timer (the pool is the app's, closed by its owner). */
  close(): void {
    this.#closed = true;
    if (this.#pruneTimer) clearTimeout(this.#pruneTimer);
    this.#pruneTimer = undefined;
  }
}
