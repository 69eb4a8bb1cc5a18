/**
 * express-rate-limit's store in PostgreSQL (table rate_limits), so a limit holds across every app
 * process and machine: ten tries spread over four workers are still ten tries.
 *
 * Why not a published store: the PostgreSQL stores on npm open their own pool from a connection
 * string and run their own migrations; the embedded database accepts one pooled connection
 * (src/db/client.ts), and our schema changes go through drizzle-kit. This is one upsert per hit
 * on the app's own pool: a fixed window per key, restarted by the first hit after it ends.
 *
 *   rateLimit({ ..., store: new PgRateLimitStore(pool, 'signin-ip') })
 */
import type pg from 'pg';
import type { ClientRateLimitInfo, IncrementResponse, Options, Store } from 'express-rate-limit';

/** Expired windows are deleted at most this often, by whichever store notices first. */
const SWEEP_MS = 10 * 60 * 1000;

export class PgRateLimitStore implements Store {
  /** Counts are shared by every process (express-rate-limit checks this to warn about double counting). */
  readonly localKeys = false;
  private windowMs = 60_000;
  private lastSweep = Date.now();

  constructor(
    private readonly pool: pg.Pool,
    /** Tells limiters apart in the one table. */
    readonly prefix: string,
  ) {}

  init(options: Options) {
    this.windowMs = options.windowMs;
  }

  private key(key: string) {
    // PostgreSQL text cannot hold NUL, and a key is what a visitor typed (the email): escape it.
    return `${this.prefix}:${key.replace(/\\/g, '\\\\').replace(/\0/g, '\\0')}`;
  }

  async get(key: string): Promise<ClientRateLimitInfo | undefined> {
    const { rows } = await this.pool.query<{ hits: number; reset_at: Date }>(
      'select hits, reset_at from rate_limits where key = $1 and reset_at > now()',
      [this.key(key)],
    );
    return rows[0] ? { totalHits: rows[0].hits, resetTime: rows[0].reset_at } : undefined;
  }

  async increment(key: string): Promise<IncrementResponse> {
    const { rows } = await this.pool.query<{ hits: number; reset_at: Date }>(
      `insert into rate_limits (key, hits, reset_at) values ($1, 1, now() + make_interval(secs => $2::float8 / 1000))
       on conflict (key) do update set
         hits = case when rate_limits.reset_at <= now() then 1 else rate_limits.hits + 1 end,
         reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end
       returning hits, reset_at`,
      [this.key(key), this.windowMs],
    );
    this.sweep();
    return { totalHits: rows[0].hits, resetTime: rows[0].reset_at };
  }

  async decrement(key: string): Promise<void> {
    await this.pool.query('update rate_limits set hits = greatest(hits - 1, 0) where key = $1 and reset_at > now()', [
      this.key(key),
    ]);
  }

  async resetKey(key: string): Promise<void> {
    await this.pool.query('delete from rate_limits where key = $1', [this.key(key)]);
  }

  /** Old windows are worthless: delete them now and then (not awaited; a failure waits for the next sweep). */
  private sweep() {
    if (Date.now() - this.lastSweep < SWEEP_MS) return;
    this.lastSweep = Date.now();
    this.pool.query('delete from rate_limits where reset_at < now()').catch(() => {});
  }
}
