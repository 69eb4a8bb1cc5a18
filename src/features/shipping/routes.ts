/** Routes of the shipping area: the shipping estimate form's action (spec §2, §7, §8). */
import type { Router, Request, Response } from 'express';
import type { Services } from '../../services.ts';
import { parseInput } from '../../http/validate.ts';
import { requireChannel } from '../../http/context.ts';
import { wantsJson } from '../../http/wants-json.ts';
import { formPage } from '../../http/error-handler.ts';
import {
  carrierOptionsFromConfig,
  createRateProvider,
  warehouseRates,
  type ShippingRateRow,
} from '../../providers/shipping/index.ts';
import { EstimateBody } from './schemas.ts';
import { findCartId, visitorCartRef } from '../cart/index.ts';
import { estimate } from './service.ts';
import { debugOf, quotesView, type QuotesView } from './view-model.ts';
import { route, routes } from '../../http/route.ts';

export function shippingRoutes(s: Services): Router {
  const r = routes({ mergeParams: true });
  // Rate tables change rarely: kept per warehouse in the read model, emptied when shipping_rates is written.
  const rates = s.readModel.cache<ShippingRateRow[]>('shipping rates', { tables: ['shipping_rates'], max: 500 });
  const provider = createRateProvider(s.db, {
    ...carrierOptionsFromConfig(s.config),
    ratesOf: (id) => rates.get(String(id), () => warehouseRates(s.db, id)),
  });

  /** POST /{locale}/shipping/estimate → {quote: html, debug} (scripts) or a result page (plain form post). */
  route(r, 'post', '/shipping/estimate', { allow: 'public' }, estimateForm, estimateHandler(s, provider));

  return r;
}

/** The page a plain form post lands on: the form with what was sent, then the quotes (none when refused). */
type Sent = { productId?: number; country: string; postalCode: string; residential: boolean };
const resultPage = (req: Request, sent: Sent, view: QuotesView | null) => ({
  title: req.t('shipping.title'),
  view,
  form: {
    context: sent.productId === undefined ? 'cart' : 'product',
    productId: sent.productId,
    shippingCountry: sent.country,
    shippingPostalCode: sent.postalCode,
    shippingResidential: sent.residential,
  },
  backHref: req.res!.locals.url(sent.productId === undefined ? '/cart' : `/products/${sent.productId}`),
});

/**
 * A refused estimate (a postal code that does not exist, a country without lanes) posted without
 * scripts: the result page again with what was typed (each field read by the form's own schema
 * where it can be), the message beside the field and no quotes.
 */
const estimateForm = formPage('shipping/result', (req) => {
  const typed = (req.body ?? {}) as Record<string, unknown>;
  const text = (v: unknown, max: number) => (typeof v === 'string' ? v.trim().slice(0, max) : '');
  return resultPage(
    req,
    {
      productId: EstimateBody.shape.product_id.safeParse(typed.product_id).data,
      country: text(typed.country, 2).toUpperCase(),
      postalCode: text(typed.postal_code, 16),
      residential: EstimateBody.shape.residential.safeParse(typed.residential).data ?? false,
    },
    null,
  );
});

type RateProvider = ReturnType<typeof createRateProvider>;

/** The estimate: the quotes as HTML for scripts, or the result page for a plain form post. */
function estimateHandler(s: Services, provider: RateProvider) {
  return async (req: Request, res: Response) => {
    const body = parseInput(EstimateBody, req.body);
    const channel = requireChannel(res);
    const channels = await s.channels.all();
    const currencyRates = Object.fromEntries(channels.map((c) => [c.currency, c.midMarketRate]));
    const cartOrderId =
      body.product_id === undefined
        ? ((await findCartId(
            s.db,
            visitorCartRef({ userId: req.user?.id, sessionCartId: req.session?.cartOrderId }),
          )) ?? undefined)
        : undefined;
    const result = await estimate(
      s.db,
      {
        channel,
        productId: body.product_id,
        quantity: body.quantity,
        cartOrderId,
        country: body.country,
        postalCode: body.postal_code,
        residential: body.residential,
      },
      { provider, currencyRates },
    );
    const view = quotesView(result, res.locals as Parameters<typeof quotesView>[1]);
    if (wantsJson(req)) {
      const quote = await renderPartial(res, 'shipping/quotes', view);
      res.json({ quote, debug: debugOf(result, channel) });
      return;
    }
    await res.page(
      'shipping/result',
      resultPage(
        req,
        {
          productId: body.product_id,
          country: result.country,
          postalCode: result.postalCode,
          residential: result.residential,
        },
        view,
      ),
    );
  };
}

function renderPartial(res: Response, view: string, locals: Record<string, unknown>): Promise<string> {
  return new Promise((resolve, reject) =>
    res.render(view, locals, (err: Error | null, html?: string) => (err ? reject(err) : resolve(html ?? ''))),
  );
}
