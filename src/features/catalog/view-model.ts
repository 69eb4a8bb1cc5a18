/** Catalog rows → what the views and the typeahead JSON show. */
import escape from 'escape-html';
import type { Badge, Listing, Suggestion } from './service.ts';
import type { SortKey } from './schemas.ts';
import { SORTS } from './schemas.ts';

type T = (key: string, opts?: Record<string, unknown>) => string;

/** Text and attribute values in hand-built HTML (the typeahead's suggestion markup): escape-html. */
export const escapeHtml = (value: unknown): string => escape(String(value ?? ''));

/** Only site-relative image paths go into suggestion markup; anything else gets the placeholder. */
const safeImage = (src: string | null) =>
  src && /^\/[\w\-./]+$/.test(src) && !src.startsWith('//') ? src : '/images/placeholder.svg';

/**
 * One typeahead row: thumbnail, title, stock code and price. Every value is escaped here; the
 * browser puts this string into the list as HTML (typeahead-standalone's suggestion template).
 */
export function suggestionHtml(s: Suggestion, price: string, badgeText: string, fitsText = ''): string {
  const shown = s.badge.kind !== 'in_stock' && s.badge.kind !== 'non_stock';
  return (
    `<span class="ta-item" data-product-id="${s.id}" data-price="${escapeHtml(s.price)}" data-availability="${escapeHtml(s.badge.kind)}">` +
    `<img class="ta-thumb" src="${escapeHtml(safeImage(s.image))}" alt="" width="48" height="36" loading="lazy">` +
    `<span class="ta-text"><span class="ta-title">${escapeHtml(s.title)}</span>` +
    `<span class="ta-code">${escapeHtml(s.stockcode)}</span>` +
    (shown ? `<span class="ta-badge ta-badge-${escapeHtml(s.badge.kind)}">${escapeHtml(badgeText)}</span>` : '') +
    (fitsText ? `<span class="ta-fits" data-testid="fits">${escapeHtml(fitsText)}</span>` : '') +
    `</span>` +
    `<span class="ta-price">${escapeHtml(price)}</span>` +
    `</span>`
  );
}

export function badgeLabel(badge: Badge, t: T, formatDate: (d: string) => string): string {
  switch (badge.kind) {
    case 'resupply':
      return t('catalog.badge.resupply', { date: formatDate(badge.resupplyDate ?? '') });
    case 'non_stock':
      return badge.label || t('catalog.badge.in_stock');
    default:
      return t(`catalog.badge.${badge.kind}`);
  }
}

export type PageLink = { page: number; href: string; current: boolean } | { gap: true };

/** Listing URL with the current filters and one change; default values are left out. */
export function listingHref(
  locale: string,
  l: Pick<Listing, 'q' | 'sort'> & { category?: string | null },
  page = 1,
): string {
  const params = new URLSearchParams();
  if (l.q) params.set('q', l.q);
  if (l.category) params.set('category', l.category);
  if (l.sort !== 'popular') params.set('sort', l.sort);
  if (page > 1) params.set('page', String(page));
  const qs = params.toString();
  return `/${locale}/products${qs ? `?${qs}` : ''}`;
}

/** First, last, and two either side of the current page, with gaps between. */
export function pageLinks(locale: string, l: Listing): PageLink[] {
  if (l.pages <= 1) return [];
  const wanted = new Set([1, l.pages]);
  for (let p = l.page - 2; p <= l.page + 2; p++) if (p >= 1 && p <= l.pages) wanted.add(p);
  const list = [...wanted].sort((a, b) => a - b);
  const out: PageLink[] = [];
  list.forEach((p, i) => {
    if (i > 0 && p - list[i - 1] > 1) out.push({ gap: true });
    out.push({ page: p, href: listingHref(locale, { ...l, category: l.category?.slug }, p), current: p === l.page });
  });
  return out;
}

export const sortOptions = (t: T, current: SortKey) =>
  SORTS.map((s) => ({ value: s, label: t(`catalog.sort.${s}`), selected: s === current }));
