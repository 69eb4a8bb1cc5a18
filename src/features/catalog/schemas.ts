/**
 * Query strings of the catalog pages. Shoppers edit URLs and bots send anything, so a bad value
 * never fails the page: it falls back to the default (a non-numeric page is page 1, an unknown
 * sort is "popular"). Only a well-formed but unknown category is an error (404), in the route.
 */
import { z } from 'zod';

/** The listing's page size. */
export const PAGE_SIZE = 24;
/** Longest search text we look at; the rest is ignored. */
export const MAX_QUERY_LENGTH = 100;
/** At most this many words of a query are matched (each must appear somewhere). */
export const MAX_QUERY_TERMS = 8;

export const SORTS = ['popular', 'price-asc', 'price-desc', 'name'] as const;
export type SortKey = (typeof SORTS)[number];

// .optional() first: zod 4 refuses a missing key unless the schema says it may be absent.
const text = z
  .unknown()
  .optional()
  // Control characters (a NUL would make PostgreSQL refuse the parameter) count as spaces.
  .transform((v) =>
    typeof v === 'string'
      ? v
          .replace(/[\u0000-\u001f\u007f\s]+/g, ' ')
          .trim()
          .slice(0, MAX_QUERY_LENGTH)
      : '',
  );

export const ListingQuery = z.object({
  q: text,
  category: z
    .unknown()
    .optional()
    .transform((v) => (typeof v === 'string' && v.trim() ? v.trim().toLowerCase().slice(0, 100) : undefined)),
  page: z
    .unknown()
    .optional()
    .transform((v) => (typeof v === 'string' && /^\s*\d{1,9}\s*$/.test(v) ? Math.max(1, Number(v)) : 1)),
  sort: z
    .unknown()
    .optional()
    .transform(
      (v): SortKey =>
        v === 'price' ? 'price-asc' : (SORTS as readonly unknown[]).includes(v) ? (v as SortKey) : 'popular',
    ),
});
export type ListingQuery = z.infer<typeof ListingQuery>;

export const TypeaheadQuery = z.object({ q: text });

/** Search words: split on spaces, de-duplicated, at most MAX_QUERY_TERMS. */
export function searchTerms(q: string): string[] {
  return [...new Set(q.toLowerCase().split(' ').filter(Boolean))].slice(0, MAX_QUERY_TERMS);
}
