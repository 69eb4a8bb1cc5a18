/**
 * State the app keeps in PostgreSQL rather than in a process's memory, so that every app process
 * (and every machine) sees the same: rate-limit counters. Sessions are in `session` (accounts.ts).
 */
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** One fixed window per key (limiter prefix + IP or account): hits so far and when the window ends. */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull().default(0),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limits_reset_at_idx').on(t.resetAt)],
);
