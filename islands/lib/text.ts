/**
 * What an island says by itself, in the page's language: the JSON the layout writes into
 * #island-text (views/partials/alerts.ejs, from src/i18n/text/islands.ts); the English when the
 * page carries none. `{{name}}` placeholders are filled from `vars`.
 */
import { ISLAND_ENGLISH, type IslandTextName } from '../../src/i18n/text/islands-en.ts';

export type { IslandTextName };

let page: Partial<Record<IslandTextName, string>> | null = null;

function pageText(): Partial<Record<IslandTextName, string>> {
  if (page) return page;
  const el = typeof document === 'undefined' ? null : document.getElementById('island-text');
  try {
    page = el?.textContent ? (JSON.parse(el.textContent) as Partial<Record<IslandTextName, string>>) : {};
  } catch {
    page = {};
  }
  return page;
}

export function text(name: IslandTextName, vars: Record<string, string | number> = {}): string {
  const s = pageText()[name] || ISLAND_ENGLISH[name];
  return s.replace(/\{\{\s*(\w+)\s*\}\}/g, (m, k: string) => (k in vars ? String(vars[k]) : m));
}

/** An HTTP status's text in the page's language (the spec's English reason phrase for en). */
export function statusText(status: number): string {
  const name = `http${status}` as IslandTextName;
  return name in ISLAND_ENGLISH ? text(name) : text('genericError');
}

/** Forgets the page's text (tests that build a second page in one document). */
export function resetText(): void {
  page = null;
}
