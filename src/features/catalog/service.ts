/**
 * The catalog's rules: what a product costs in the shopper's channel, which products a
 * category holds (its own and its sub-categories'), and the listing and typeahead results.
 * Never sees req: routes pass the channel, the parsed query and the locale helpers.
 */
import { fromCents } from '../../domain/money.ts';
import { channelPriceCents, productState } from '../../domain/pricing.ts';
import { tracksStock } from '../../domain/channel-stock.ts';
import { notFound } from '../../domain/errors.ts';
import { TYPEAHEAD_LIMIT } from '../../domain/constants.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { CatalogNames } from '../../domain/catalog-text.ts';
import {
  categoryMemberships,
  countProducts,
  listCategories,
  listProducts,
  suggestProducts,
  type CategoryRow,
  type PriceChannel,
  type ProductSummaryRow,
} from './queries.ts';
import { PAGE_SIZE, searchTerms, type ListingQuery, type SortKey } from './schemas.ts';

export type BadgeKind =
  | 'in_stock'
  | 'out_of_stock'
  | 'coming_soon'
  | 'call'
  | 'price'
  | 'resupply'
  | 'non_stock'
  | 'backorder';
export type Badge = { kind: BadgeKind; resupplyDate?: string; label?: string };

/**
 * The availability badge, by the same rule as the product page's add-to-cart button
 * (domain/availability.ts). Non-stock items (services, warranties) are never "out of stock":
 * they show their own label.
 */
export function availabilityBadge(row: ProductSummaryRow, priceCents: number, now: Date): Badge {
  const state = productState(row, priceCents, now);
  if (state.enabled && state.resupplyDate) return { kind: 'resupply', resupplyDate: state.resupplyDate };
  // Orderable only on back order: never "In stock" (the product page and cart give the day).
  if (state.backorder) return { kind: 'backorder' };
  if (state.enabled)
    return tracksStock(row) ? { kind: 'in_stock' } : { kind: 'non_stock', label: row.nonStockLabel ?? undefined };
  return { kind: state.reason ?? 'price' };
}

export type CategoryNode = CategoryRow & { count: number; children: CategoryNode[] };

/** A category's own id and every descendant's (cycles are impossible by the schema's check, guarded anyway). */
export function descendantIds(all: readonly CategoryRow[], rootId: number): number[] {
  const out = [rootId];
  for (let i = 0; i < out.length; i++) {
    for (const c of all) if (c.parentId === out[i] && !out.includes(c.id)) out.push(c.id);
  }
  return out;
}

/** The sidebar tree: parents with their children, each counting distinct products in itself or below. */
export function categoryTree(
  all: readonly CategoryRow[],
  memberships: readonly { productId: number; categoryId: number }[],
): { roots: CategoryNode[]; total: number } {
  const byCategory = new Map<number, Set<number>>();
  for (const m of memberships) {
    let set = byCategory.get(m.categoryId);
    if (!set) byCategory.set(m.categoryId, (set = new Set()));
    set.add(m.productId);
  }
  const countOf = (id: number) => {
    const ids = new Set<number>();
    for (const d of descendantIds(all, id)) for (const p of byCategory.get(d) ?? []) ids.add(p);
    return ids.size;
  };
  const known = new Set(all.map((c) => c.id));
  const build = (parentId: number | null): CategoryNode[] =>
    all
      .filter((c) => (parentId === null ? c.parentId === null || !known.has(c.parentId) : c.parentId === parentId))
      .map((c) => ({ ...c, count: countOf(c.id), children: build(c.id) }));
  return { roots: build(null), total: new Set(memberships.map((m) => m.productId)).size };
}

export type ProductCard = {
  id: number;
  title: string;
  stockcode: string;
  image: string | null;
  /** Decimal string in the channel currency ('1234.50'), for res.locals.money(). */
  price: string;
  badge: Badge;
};

export function toCard(row: ProductSummaryRow, ch: PriceChannel, now: Date): ProductCard {
  const cents = channelPriceCents(row, ch);
  return {
    id: row.id,
    title: row.title,
    stockcode: row.stockcode,
    image: row.image,
    price: fromCents(cents),
    badge: availabilityBadge(row, cents, now),
  };
}

export type Listing = {
  q: string;
  sort: SortKey;
  category: CategoryRow | null;
  /** The current category's parent, for the heading's context. */
  categoryParent: CategoryRow | null;
  tree: CategoryNode[];
  /** Active products matching the search, whatever their category (the "All categories" count). */
  allCount: number;
  total: number;
  page: number;
  pages: number;
  from: number;
  to: number;
  cards: ProductCard[];
};

/**
 * The listing page. An unknown category is a 404; a page past the end shows the last page
 * (an empty result shows the empty state on page 1).
 */
export async function catalogListing(db: DbOrTx, ch: PriceChannel, query: ListingQuery, now: Date): Promise<Listing> {
  const terms = searchTerms(query.q);
  const [all, memberships] = await Promise.all([listCategories(db), categoryMemberships(db, terms)]);
  let category: CategoryRow | null = null;
  if (query.category) {
    category = all.find((c) => c.slug === query.category) ?? null;
    if (!category) throw notFound('No such category.');
  }
  const categoryIds = category ? descendantIds(all, category.id) : null;
  const total = await countProducts(db, { terms, categoryIds });
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const page = Math.min(query.page, pages);
  const rows = total
    ? await listProducts(db, ch, {
        terms,
        categoryIds,
        sort: query.sort,
        limit: PAGE_SIZE,
        offset: (page - 1) * PAGE_SIZE,
      })
    : [];
  const { roots } = categoryTree(all, memberships);
  const allCount = category ? await countProducts(db, { terms, categoryIds: null }) : total;
  return {
    q: query.q,
    sort: query.sort,
    category,
    categoryParent: category?.parentId ? (all.find((c) => c.id === category.parentId) ?? null) : null,
    tree: roots,
    allCount,
    total,
    page,
    pages,
    from: total ? (page - 1) * PAGE_SIZE + 1 : 0,
    to: (page - 1) * PAGE_SIZE + rows.length,
    cards: rows.map((r) => toCard(r, ch, now)),
  };
}

export type Suggestion = {
  id: number;
  title: string;
  stockcode: string;
  image: string | null;
  price: string;
  badge: Badge;
};

/** Typeahead suggestions: [] for a query under two characters, at most TYPEAHEAD_LIMIT. */
export async function typeaheadSuggestions(db: DbOrTx, ch: PriceChannel, q: string, now: Date): Promise<Suggestion[]> {
  if (q.length < 2) return [];
  const terms = searchTerms(q);
  if (!terms.length) return [];
  const rows = await suggestProducts(db, ch, q, terms, TYPEAHEAD_LIMIT);
  return rows.map((r) => {
    const card = toCard(r, ch, now);
    return { id: r.id, title: r.title, stockcode: r.stockcode, image: r.image, price: card.price, badge: card.badge };
  });
}

/** The listing in the visitor's language: a copy with translated category and product names (no query). */
export function localizeListing(listing: Listing, names: CatalogNames): Listing {
  const category = <C extends CategoryRow | null>(c: C): C => (c ? { ...c, name: names.category(c.id, c.name) } : c);
  const node = (n: CategoryNode): CategoryNode => ({
    ...n,
    name: names.category(n.id, n.name),
    children: n.children.map(node),
  });
  return {
    ...listing,
    category: category(listing.category),
    categoryParent: category(listing.categoryParent),
    tree: listing.tree.map(node),
    cards: listing.cards.map((c) => localizeCard(c, names)),
  };
}

/** A card (or suggestion) with its name and its non-stock label in the locale. */
export function localizeCard<C extends { id: number; title: string; badge: Badge }>(c: C, names: CatalogNames): C {
  return {
    ...c,
    title: names.product(c.id, c.title),
    badge: c.badge.label ? { ...c.badge, label: names.productLabel(c.id, c.badge.label) } : c.badge,
  };
}
