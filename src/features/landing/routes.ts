/** GET /{locale}/ — the sectioned landing page. */
import type { Router } from 'express';
import type { Services } from '../../services.ts';
import { fromCents } from '../../domain/money.ts';
import { requireChannel } from '../../http/context.ts';
import { featuredProducts } from '../product/index.ts';
import { route, routes } from '../../http/route.ts';

const FEATURED = 8;

export function landingRoutes(s: Services): Router {
  const r = routes({ mergeParams: true });
  // The same for every visitor but the header's parts: rendered once per locale and channel (src/http/page-cache).
  route(r, 'get', '/', { allow: 'public' }, s.pageCache.route(), async (req, res) => {
    const channel = requireChannel(res);
    const cards = await s.catalog.featured.get(String(channel.id), () => featuredProducts(s.db, channel, FEATURED));
    const names = await s.catalogText.forLocale(req.locale);
    const featured = cards.map((c) => ({
      id: c.id,
      title: names.product(c.id, c.title),
      image: c.image,
      price: fromCents(c.priceCents),
    }));
    await res.page('landing/index', { title: req.t('site.name'), featured, landing: true });
  });
  return r;
}
