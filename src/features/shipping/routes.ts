/** Routes of the shipping area: the shipping estimate form's action (spec §2, §7, §8). */
import { Router, type Response } from 'express';
import type { Services } from '../../services.ts';
import { parseInput } from '../../http/validate.ts';
import { requireChannel } from '../../http/context.ts';
import { wantsJson } from '../../http/wants-json.ts';
import { formPage } from '../../http/error-handler.ts';
import { carrierOptionsFromConfig, createRateProvider, warehouseRates, type ShippingRateRow } from '../../providers/shipping/index.ts';
import { EstimateBody } from './schemas.ts';
import { findCartId, visitorCartRef } from '../cart/queries.ts';
import { estimate } from './service.ts';
import { debugOf, quotesView } from './view-model.ts';

export function shippingRoutes(s: Services): Router {
  const r = Router({ mergeParams: true });
  // Rate tables change rarely: kept per warehouse in the read model, emptied when shipping_rates is written.
  const rates = s.readModel.cache<ShippingRateRow[]>('shipping rates', { tables: ['shipping_rates'], max: 500 });
  const provider = createRateProvider(s.db, { ...carrierOptionsFromConfig(s.config), ratesOf: (id) => rates.get(String(id), () => warehouseRates(s.db, id)) });

  /**
   * A refused estimate (a postal code that does not exist, a country without lanes) posted without
   * scripts: the result page again with what was typed, the message beside the field and no quotes.
   */
  const estimateForm = formPage('shipping/result', (req) => {
    const typed = (req.body ?? {}) as Record<string, unknown>;
    const text = (v: unknown, max: number) => (typeof v === 'string' ? v.trim().slice(0, max) : '');
    const productId = /^[1-9][0-9]{0,9}$/.test(text(typed.product_id, 10)) ? Number(typed.product_id) : undefined;
    return {
      title: req.t('shipping.title'),
      view: null,
      form: { context: productId === undefined ? 'cart' : 'product', productId, shippingCountry: text(typed.country, 2).toUpperCase(), shippingPostalCode: text(typed.postal_code, 16), shippingResidential: typed.residential !== undefined && typed.residential !== '0' },
      backHref: req.res!.locals.url(productId === undefined ? '/cart' : `/products/${productId}`),
    };
  });

  /** POST /{locale}/shipping/estimate → {quote: html, debug} (scripts) or a result page (plain form post). */
  r.post('/shipping/estimate', estimateForm, async (req, res) => {
    const body = parseInput(EstimateBody, req.body);
    const channel = requireChannel(res);
    const channels = await s.channels.all();
    const currencyRates = Object.fromEntries(channels.map((c) => [c.currency, c.midMarketRate]));
    const cartOrderId = body.product_id === undefined ? (await findCartId(s.db, visitorCartRef({ userId: req.user?.id, sessionCartId: req.session?.cartOrderId }))) ?? undefined : undefined;
    const result = await estimate(
      s.db,
      { channel, productId: body.product_id, quantity: body.quantity, cartOrderId, country: body.country, postalCode: body.postal_code, residential: body.residential },
      { provider, currencyRates },
    );
    const view = quotesView(result, res.locals as Parameters<typeof quotesView>[1]);
    if (wantsJson(req)) {
      const quote = await renderPartial(res, 'shipping/quotes', view);
      res.json({ quote, debug: debugOf(result, channel) });
      return;
    }
    await res.page('shipping/result', {
      title: req.t('shipping.title'),
      view,
      form: { context: body.product_id === undefined ? 'cart' : 'product', productId: body.product_id, shippingCountry: result.country, shippingPostalCode: result.postalCode, shippingResidential: result.residential },
      backHref: body.product_id === undefined ? res.locals.url('/cart') : res.locals.url(`/products/${body.product_id}`),
    });
  });

  return r;
}

function renderPartial(res: Response, view: string, locals: Record<string, unknown>): Promise<string> {
  return new Promise((resolve, reject) => res.render(view, locals, (err: Error | null, html?: string) => (err ? reject(err) : resolve(html ?? ''))));
}
