/** The product page: GET /{locale}/products/{product_id}. */
import { productTag } from '../../http/page-cache/index.ts';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Router } from 'express';
import type { Services } from '../../services.ts';
import { notFound } from '../../domain/errors.ts';
import { wantsJson } from '../../http/wants-json.ts';
import { ProductParams } from './schemas.ts';
import { loadProductPage } from './service.ts';
import { localizeProductPage } from './localize.ts';
import { requireChannel } from '../../http/context.ts';
import { productJson, productLocals } from './view-model.ts';
import { eppIslandProps } from '../../domain/epp-labels.ts';
import { route, routes } from '../../http/route.ts';

const viewsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../views');

export function productRoutes(s: Services): Router {
  const r = routes({ mergeParams: true });
  // The shipping estimate form is another area's partial; the page shows it once it exists.
  const shippingEstimate = existsSync(path.join(viewsDir, 'shipping/estimate.ejs'));

  /** GET /{locale}/products/{product_id} */
  // Rendered once per locale and channel and served from the page cache (src/http/page-cache); JSON answers are not cached.
  route(r, 'get', '/products/:productId', { allow: 'public' }, s.pageCache.route(), async (req, res) => {
    const params = ProductParams.safeParse(req.params);
    // A malformed id names no product: 404, like an unknown one.
    if (!params.success) throw notFound('That product does not exist or is no longer sold.');
    const channel = requireChannel(res);
    const now = new Date();
    const id = params.data.productId;
    const cached = await s.catalog.productPages.get(`${id}:${channel.id}`, () =>
      loadProductPage(s.db, id, channel, now),
    );
    const page = localizeProductPage(cached, await s.catalogText.forLocale(req.locale));
    if (wantsJson(req)) return void res.json(productJson(page, req.locale));
    await res.page('product/show', {
      ...productLocals(page, {
        locale: req.locale,
        intlLocale: res.locals.intlLocale as string,
        t: req.t,
        csrfToken: req.csrfToken ? req.csrfToken() : '',
        now,
      }),
      shippingEstimate,
      // The page cache's tags: emptied when this product, or one shown here as a card, is written.
      pageTags: [id, ...page.similar.map((c) => c.id), ...page.popular.map((c) => c.id)].map(productTag),
      // The EPP calculator: the figures are asked from /epp/service-data by the island.
      epp: eppIslandProps({
        locale: req.locale,
        currency: channel.currency,
        t: req.t as never,
        source: { productId: id },
      }),
    });
  });

  return r;
}
