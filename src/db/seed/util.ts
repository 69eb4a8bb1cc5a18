/**
 * Seed plumbing: a seeded PRNG, the fixed clock every demo date hangs from, batched inserts
 * and the cents helpers. Nothing here reads the real clock or Math.random, so two runs of the
 * seed write the same rows.
 */
import { createHash } from 'node:crypto';
import { getTableColumns, getTableName, sql, type SQL } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type * as schema from '../schema/index.ts';
import { fromCents } from '../../domain/money.ts';

export type SeedDb = NodePgDatabase<typeof schema>;
export type SeedTx = Parameters<Parameters<SeedDb['transaction']>[0]>[0];

/** The demo's "now": every created_at is this instant or an offset from it. */
export const EPOCH = new Date('2026-06-01T12:00:00Z');
const DAY = 86_400_000;

/** EPOCH minus `days` (fractions allowed) plus `minutes`. */
export function daysAgo(days: number, minutes = 0): Date {
  return new Date(EPOCH.getTime() - Math.round((days * DAY) / 60_000) * 60_000 + minutes * 60_000);
}
export function addMinutes(d: Date, minutes: number): Date {
  return new Date(d.getTime() + minutes * 60_000);
}
/** 'YYYY-MM-DD' for date columns. */
export function isoDate(d: Date): string {
  return d.toISOString().slice(0, 10);
}

/** mulberry32: tiny, fast, good enough for demo data, and the same sequence on every machine. */
export class Rng {
  private a: number;
  constructor(seed: number) {
    this.a = seed >>> 0;
  }
  next(): number {
    this.a = (this.a + 0x6d2b79f5) >>> 0;
    let t = this.a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  /** Integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  pick<T>(list: readonly T[]): T {
    return list[Math.floor(this.next() * list.length)];
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  /** Picks a key with probability proportional to its weight. */
  weighted<K extends string>(weights: Readonly<Partial<Record<K, number>>>): K {
    const entries = Object.entries(weights) as [K, number][];
    let r = this.next() * entries.reduce((s, [, w]) => s + w, 0);
    for (const [k, w] of entries) {
      r -= w;
      if (r < 0) return k;
    }
    return entries[entries.length - 1][0];
  }
}

export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** Cents to the numeric-column string drizzle expects. */
export const money = (cents: number) => fromCents(cents);

/**
 * Bulk insert. Rows that all set the same columns go in as `insert … select * from unnest($1::t[], …)`:
 * one array parameter per column, 10 000 rows a statement, so the 100 000-order benchmark set
 * costs a few dozen statements and next to no query building. Anything else (mixed columns,
 * relying on defaults row by row) takes drizzle's ordinary multi-row insert.
 */
export async function insertMany<T extends PgTable>(
  tx: SeedTx,
  table: T,
  rows: readonly T['$inferInsert'][],
): Promise<void> {
  if (rows.length === 0) return;
  const id = (getTableColumns(table) as Record<string, PgColumn>).id;
  if (id?.getSQLType() === 'serial' && rows.some((r) => (r as { id?: number }).id === undefined)) {
    throw new Error(`seed rows for ${getTableName(table)} need explicit ids`);
  }
  const statements = unnestInserts(table, rows);
  if (statements) {
    for (const statement of statements) await tx.execute(statement);
    return;
  }
  const size = Math.max(1, Math.floor(30_000 / Object.keys(getTableColumns(table)).length));
  for (let i = 0; i < rows.length; i += size)
    await tx.insert(table).values(rows.slice(i, i + size) as T['$inferInsert'][]);
}

/** The unnest statements for `rows`, or null when the rows do not all set the same columns. */
export function unnestInserts<T extends PgTable>(
  table: T,
  rows: readonly T['$inferInsert'][],
  chunkSize = 10_000,
): SQL[] | null {
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const defined = (r: unknown) =>
    Object.entries(r as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .map(([k]) => k);
  const keys = rows.length ? defined(rows[0]) : [];
  const uniform =
    keys.every((k) => k in columns) &&
    rows.every((r) => {
      const own = defined(r);
      return own.length === keys.length && own.every((k, i) => k === keys[i]);
    });
  if (!uniform) return null;
  const cols = keys.map((k) => columns[k]);
  const names = sql.raw(cols.map((c) => `"${c.name}"`).join(', '));
  const statements: SQL[] = [];
  for (let i = 0; i < rows.length; i += chunkSize) {
    const chunk = rows.slice(i, i + chunkSize) as Record<string, unknown>[];
    const arrays = cols.map((c, j) => {
      const values = chunk.map((r) => (r[keys[j]] === null ? null : c.mapToDriverValue(r[keys[j]])));
      const type = c
        .getSQLType()
        .replace(/^serial$/, 'integer')
        .replace(/^bigserial$/, 'bigint');
      return sql`${sql.param(values)}::${sql.raw(type)}[]`;
    });
    statements.push(sql`insert into ${table} (${names}) select * from unnest(${sql.join(arrays, sql`, `)})`);
  }
  return statements;
}

/**
 * The seed writes explicit ids (so order 1 is order 1 even when an earlier, rolled-back attempt
 * used up sequence values); afterwards every serial sequence is moved past the highest id.
 */
export async function resetSequences(tx: SeedTx): Promise<void> {
  await tx.execute(sql`
    do $$
    declare r record;
    begin
      for r in
        select c.table_name, pg_get_serial_sequence(quote_ident(c.table_name), c.column_name) as seq, c.column_name
        from information_schema.columns c
        where c.table_schema = 'public' and c.column_default like 'nextval(%'
      loop
        execute format('select setval(%L, coalesce((select max(%I) from %I), 0) + 1, false)', r.seq, r.column_name, r.table_name);
      end loop;
    end $$`);
}
