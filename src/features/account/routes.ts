/** A customer's own pages: /{locale}/account (the order page is src/features/orders/routes.ts). */
import { Router } from 'express';
import { asc, desc, eq } from 'drizzle-orm';
import type { Services } from '../../services.ts';
import { addresses, organisations } from '../../db/schema/index.ts';
import { requireUser } from '../../http/guards.ts';
import { listOrdersForUser } from '../orders/queries.ts';

export function accountRoutes(s: Services): Router {
  const r = Router({ mergeParams: true });

  /** GET /{locale}/account */
  r.get('/account', requireUser, async (req, res) => {
    const user = req.user!;
    const [orders, saved, org] = await Promise.all([
      listOrdersForUser(s.db, user.id),
      s.db.select().from(addresses).where(eq(addresses.userId, user.id)).orderBy(desc(addresses.isDefault), asc(addresses.id)),
      user.organisationId ? s.db.select().from(organisations).where(eq(organisations.id, user.organisationId)).limit(1) : Promise.resolve([]),
    ]);
    await res.page('account/home', { title: req.t('account.title'), orders, addresses: saved, organisation: org[0] ?? null });
  });

  return r;
}
