/**
 * The islands' own text in a page's language (src/i18n/text/islands.ts): the rows through the
 * page's translator (so an edit in the translation editor shows), the messages the server sends
 * too through the error catalogue. views/partials/alerts.ejs writes it into every page as JSON
 * for islands/lib/text.ts. Pure: no framework imports.
 */
import { translateError } from './error-text.ts';
import { ISLAND_ERRORS, ISLAND_ROWS, islandKey, type IslandTextName } from './text/islands.ts';

type T = (key: string, params?: Record<string, string>) => string;

export function islandTexts(t: T): Record<IslandTextName, string> {
  const rows = Object.keys(ISLAND_ROWS).map((name) => [name, t(islandKey(name as keyof typeof ISLAND_ROWS))]);
  const errors = Object.entries(ISLAND_ERRORS).map(([name, english]) => [name, translateError(t, english)]);
  return Object.fromEntries([...rows, ...errors]) as Record<IslandTextName, string>;
}

/** The same as a JSON text safe inside a <script type="application/json"> element. */
export const islandTextJson = (t: T): string => JSON.stringify(islandTexts(t)).replace(/</g, '\\u003c');
