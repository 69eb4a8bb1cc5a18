/**
 * The Extended Payment Program (spec §3 "EPP service data", §4 "EPP refresh cycle", §7), under /{locale}/:
 *   GET /epp/service-data   ?percentDown&months&eppFee&orderId&demoTotal&productId&selections&subtotalOnly&plan
 *                           → {terms, plans, rules, admin, currency, translations}
 * A non-admin choice outside the lists is a 400 naming the field; `epp.admin` may choose any
 * value within the admin limits. orderId must be the caller's own order (or cart) unless the
 * caller has orders.view; anyone else's is a 404.
 */
import type { Router } from 'express';
import type { Services } from '../../services.ts';
import { can } from '../../http/guards.ts';
import { requireChannel } from '../../http/context.ts';
import { parseInput } from '../../http/validate.ts';
import { ServiceDataQuery } from './schemas.ts';
import { eppQuote } from './service.ts';
import { eppLabels } from '../../domain/epp-labels.ts';
import { serviceDataJson } from './view-model.ts';
import { route, routes } from '../../http/route.ts';

export function eppRoutes(s: Services): Router {
  const r = routes({ mergeParams: true });

  /** GET /{locale}/epp/service-data */
  route(
    r,
    'get',
    '/epp/service-data',
    { allow: 'public', note: 'orderId: own order (or own anonymous cart), or orders.view; 404 otherwise' },
    async (req, res) => {
      const query = parseInput(ServiceDataQuery, req.query);
      const caller = {
        userId: req.user?.id ?? null,
        admin: can(req.user, 'epp.admin'),
        staff: can(req.user, 'orders.view'),
        sessionCartId: req.session?.cartOrderId ?? null,
      };
      const quote = await eppQuote(s.db, { query, caller, channel: requireChannel(res) });
      res
        .set('Cache-Control', 'private, no-store')
        .json(serviceDataJson(quote, eppLabels(req.t as never), await s.catalogText.forLocale(req.locale)));
    },
  );

  return r;
}
