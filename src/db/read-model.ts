/**
 * The read model: what rarely changes (products with their options, channel prices, categories,
 * channels, shipping tables, signed-in users' permissions), kept in each app process's memory so
 * a warm page costs no database round trip for it.
 *
 * - Bounded: every cache is an LRU with a maximum number of entries.
 * - Invalidated on write, in every process: the migration `data_change_notify` puts a trigger on
 *   each cached table that sends NOTIFY data_change with the table's name when a write commits;
 *   src/db/data-changes.ts delivers it to every app process, and each cache that read the table
 *   is emptied. Nobody has to remember to invalidate: a back-office edit, a seed or psql all do.
 * - Stock changes all the time and has no trigger: a cache holding stock shown on pages sets
 *   `ttlMs` (a few seconds). The order transaction never reads from here.
 * - Losing the listening connection (or starting to listen) clears everything: notifications sent
 *   meanwhile are gone.
 *
 * Entries are promises, so concurrent misses share one load; a failed load is not kept; a load
 * that started before an invalidation never lands in the emptied cache.
 */
import { LRUCache } from 'lru-cache';

export type CacheOptions = {
  /** Tables whose writes empty this cache. */
  tables: readonly string[];
  /** Entries at most (least recently used go first). */
  max: number;
  /** For data that may be a little stale without a trigger (stock): entries expire after this. */
  ttlMs?: number;
};

export class ReadCache<V> {
  private readonly lru: LRUCache<string, { value: Promise<V> }>;

  constructor(
    readonly name: string,
    readonly options: CacheOptions,
  ) {
    this.lru = new LRUCache({
      max: options.max,
      ...(options.ttlMs ? { ttl: options.ttlMs, ttlAutopurge: false } : {}),
    });
  }

  get(key: string, load: () => Promise<V>): Promise<V> {
    const hit = this.lru.get(key);
    if (hit) return hit.value;
    const entry = { value: load() };
    this.lru.set(key, entry);
    entry.value.catch(() => {
      if (this.lru.peek(key) === entry) this.lru.delete(key);
    });
    return entry.value;
  }

  get size(): number {
    return this.lru.size;
  }

  clear() {
    this.lru.clear();
  }
}

export class ReadModel {
  private readonly caches: ReadCache<unknown>[] = [];
  private readonly listeners: ((table: string | null, ids?: readonly number[]) => void)[] = [];

  /** A new cache, emptied whenever one of its tables is written. */
  cache<V>(name: string, options: CacheOptions): ReadCache<V> {
    const c = new ReadCache<V>(name, options);
    this.caches.push(c as ReadCache<unknown>);
    return c;
  }

  /**
   * Something else to drop on a change (e.g. the channel list): called with the table, or null for
   * "everything", and for the product tables the ids of the products written (data-changes.ts).
   */
  onChange(listener: (table: string | null, ids?: readonly number[]) => void) {
    this.listeners.push(listener);
  }

  /** A table was written (null: unknown, e.g. after a reconnect): empty what read it. `ids`: the products written, when known. */
  changed(table: string | null, ids?: readonly number[]) {
    for (const c of this.caches) if (table === null || c.options.tables.includes(table)) c.clear();
    for (const l of this.listeners) l(table, ids);
    for (const w of this.waiting.splice(0))
      if (table === null || w.table === table) w.resolve();
      else this.waiting.push(w);
  }

  private readonly waiting: { table: string; resolve: () => void }[] = [];

  /**
   * Resolves when this process has heard of a write to `table`. NOTIFY reaches listeners a moment
   * after the writer's COMMIT returns; a writer (or a test) that must not race it awaits this.
   */
  nextChange(table: string): Promise<void> {
    return new Promise((resolve) => this.waiting.push({ table, resolve }));
  }

  /** Entries per cache, for diagnostics and tests. */
  sizes(): Record<string, number> {
    return Object.fromEntries(this.caches.map((c) => [c.name, c.size]));
  }
}
