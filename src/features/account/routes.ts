/** A customer's own pages: /{locale}/account (the order page is src/features/orders/routes.ts). */
import { Router } from 'express';
import type { Services } from '../../services.ts';
import { requireUser } from '../../http/guards.ts';
import { listOrdersForUser } from '../orders/queries.ts';
import { findOrganisation, savedAddresses } from './queries.ts';

export function accountRoutes(s: Services): Router {
  const r = Router({ mergeParams: true });

  /** GET /{locale}/account */
  r.get('/account', requireUser, async (req, res) => {
    const user = req.user!;
    const [orders, saved, org] = await Promise.all([
      listOrdersForUser(s.db, user.id),
      savedAddresses(s.db, user.id),
      user.organisationId ? findOrganisation(s.db, user.organisationId) : Promise.resolve(null),
    ]);
    await res.page('account/home', { title: req.t('account.title'), orders, addresses: saved, organisation: org });
  });

  return r;
}
