/**
 * Catalog (under /{locale}/): the product listing with search, category filter, sort and
 * pagination, and the header's typeahead suggestions.
 */
import type { Router } from 'express';
import type { Services } from '../../services.ts';
import { requireChannel } from '../../http/context.ts';
import { parseInput } from '../../http/validate.ts';
import { ListingQuery, TypeaheadQuery } from './schemas.ts';
import { catalogListing, localizeCard, localizeListing, typeaheadSuggestions } from './service.ts';
import { badgeLabel, listingHref, pageLinks, sortOptions, suggestionHtml } from './view-model.ts';
import { route, routes } from '../../http/route.ts';
import { customerFit, fitsLabel } from '../machines/index.ts';

const idsOf = (rows: readonly { id: number }[]) => rows.map((r) => r.id);

export function catalogRoutes(s: Services): Router {
  const r = routes({ mergeParams: true });

  /** GET /{locale}/products?q=&category=&sort=&page= */
  // A signed-in visitor's listing is their own: each card may say which of their machines it fits.
  const ownPage = s.pageCache.route({ bypass: (req) => !!req.user });
  route(r, 'get', '/products', { allow: 'public' }, ownPage, async (req, res) => {
    const query = parseInput(ListingQuery, req.query);
    const channel = requireChannel(res);
    const cached = await s.catalog.listings.get(`${channel.id}:${JSON.stringify(query)}`, () =>
      catalogListing(s.db, channel, query, new Date()),
    );
    const names = await s.catalogText.forLocale(req.locale);
    const listing = localizeListing(cached, names);
    const fit = await customerFit(s.db, req.user?.id, idsOf(listing.cards));
    const { locale, formatDate } = res.locals as { locale: string; formatDate: (d: string) => string };
    const t = req.t as unknown as (key: string, opts?: Record<string, unknown>) => string;
    const title =
      listing.category?.name ?? (listing.q ? t('catalog.searchResults', { q: listing.q }) : t('products.title'));
    await res.page('catalog/index', {
      title: listing.page > 1 ? `${title} · ${t('common.page', { page: listing.page, pages: listing.pages })}` : title,
      heading: title,
      listing,
      cards: listing.cards.map((c) => ({
        ...c,
        badgeText: badgeLabel(c.badge, t, (d) => formatDate(d)),
        fitsText: fitsLabel(fit.of(c.id), t),
      })),
      pageLinks: pageLinks(locale, listing),
      prevHref:
        listing.page > 1
          ? listingHref(locale, { ...listing, category: listing.category?.slug }, listing.page - 1)
          : null,
      nextHref:
        listing.page < listing.pages
          ? listingHref(locale, { ...listing, category: listing.category?.slug }, listing.page + 1)
          : null,
      categoryHref: (slug: string | null) => listingHref(locale, { q: listing.q, sort: listing.sort, category: slug }),
      sortOptions: sortOptions(t, listing.sort),
    });
  });

  /** GET /{locale}/search/typeahead?q= → [{id, value, html}] (at most TYPEAHEAD_LIMIT) */
  route(r, 'get', '/search/typeahead', { allow: 'public' }, async (req, res) => {
    const { q } = parseInput(TypeaheadQuery, req.query);
    const channel = requireChannel(res);
    const list = await s.catalog.typeahead.get(`${channel.id}:${q}`, () =>
      typeaheadSuggestions(s.db, channel, q, new Date()),
    );
    const { money, formatDate } = res.locals as {
      money: (amount: string) => string;
      formatDate: (d: string) => string;
    };
    const t = req.t as unknown as (key: string, opts?: Record<string, unknown>) => string;
    const names = await s.catalogText.forLocale(req.locale);
    // Nothing is asked for a visitor: their answer is the same as before machines existed.
    const fit = await customerFit(s.db, req.user?.id, idsOf(list));
    res.json(
      list.map((p) => {
        const named = localizeCard(p, names);
        const fitsText = fitsLabel(fit.of(p.id), t);
        return {
          id: p.id,
          value: named.title,
          html: suggestionHtml(named, money(p.price), badgeLabel(named.badge, t, formatDate), fitsText),
          ...(fitsText ? { fits: fitsText } : {}),
        };
      }),
    );
  });

  return r;
}
