/** GET /{locale}/ — the sectioned landing page. */
import { Router } from 'express';
import { and, desc, eq } from 'drizzle-orm';
import type { Services } from '../../services.ts';
import { channelPrices, products } from '../../db/schema/index.ts';

export function landingRoutes(s: Services): Router {
  const r = Router({ mergeParams: true });
  r.get('/', async (req, res) => {
    const channel = res.locals.channel as { id: number; currency: string } | undefined;
    const featured = channel
      ? await s.db
          .select({ id: products.id, title: products.title, slug: products.slug, image: products.primaryImage, price: channelPrices.price })
          .from(products)
          .innerJoin(channelPrices, and(eq(channelPrices.productId, products.id), eq(channelPrices.channelId, channel.id)))
          .where(eq(products.status, 0))
          .orderBy(desc(products.popularity), products.id)
          .limit(8)
      : [];
    await res.page('landing/index', { title: req.t('site.name'), featured, landing: true });
  });
  return r;
}
