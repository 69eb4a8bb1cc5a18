/**
 * Promotions (spec §2 /{locale}/account/dashboard/promotions/create; "Promotions table sorted by
 * column 7 descending"). A promotion takes configuration[0].actions[0].value off every cart while
 * it is in force; the cart turns it into a line of type 5.
 */
import { Router } from 'express';
import type { Services } from '../../services.ts';
import { fieldErrors, IdParam, parseInput } from '../../http/validate.ts';
import { flash } from '../../http/context.ts';
import { isAppError } from '../../domain/errors.ts';
import { COLUMNS, ListQuery, PromotionCreate } from './schemas.ts';
import { createPromotion, endPromotion, getPromotion, listPromotions, promotionFormValues, updatePromotion } from './service.ts';
import { formPage, translated } from '../../http/error-handler.ts';
import { invalid, notFound } from '../../domain/errors.ts';

const BASE = '/account/dashboard/promotions';

export function promotionRoutes(s: Services): Router {
  const r = Router({ mergeParams: true });
  // Who may reach these routes: the route table (src/http/route-permissions.ts), enforced before the router.

  /** GET /{locale}/account/dashboard/promotions?sort=1..7&dir=asc|desc (default 7 desc) */
  r.get(BASE, async (req, res) => {
    const q = parseInput(ListQuery, req.query);
    const rows = await listPromotions(s.db, q.sort, q.dir);
    await res.page('promotions/index', { title: req.t('promo.title'), layout: 'layouts/admin', nav: 'promotions', rows, sort: q.sort, dir: q.dir, columns: COLUMNS });
  });

  /** GET /{locale}/account/dashboard/promotions/create */
  r.get(`${BASE}/create`, async (req, res) => {
    await res.page('promotions/form', { title: req.t('promo.create'), layout: 'layouts/admin', nav: 'promotions', values: { active: '1' }, fields: {} });
  });

  /** POST /{locale}/account/dashboard/promotions/create */
  r.post(`${BASE}/create`, async (req, res) => {
    const parsed = PromotionCreate.safeParse(req.body ?? {});
    const json = req.accepts(['html', 'json']) === 'json';
    const again = async (fields: Record<string, string>, status: number) => {
      if (json) return void res.status(status).json({ error: { code: status === 409 ? 'conflict' : 'invalid', message: 'Please correct the highlighted fields.', fields } });
      await res.page('promotions/form', { title: req.t('promo.create'), layout: 'layouts/admin', nav: 'promotions', values: req.body ?? {}, fields: translated(invalid('', fields), req).fields ?? {} }, status);
    };
    if (!parsed.success) return again(fieldErrors(parsed.error), 400);
    try {
      const row = await createPromotion(s.db, parsed.data, req.user!.id);
      if (json) return void res.status(201).json({ promotion: row });
      flash(req, 'success', req.t('promo.created', { name: row.name }));
      res.redirect(303, `/${req.locale}${BASE}`);
    } catch (e) {
      if (isAppError(e) && e.status === 409) return again(translated(e, req).fields ?? {}, 409);
      throw e;
    }
  });

  // Editing (issue 22): the create form, filled in; a refused save shows it again with the messages.
  const editTitle = (req: import('express').Request) => req.t('promo.editTitle');
  // The error handler runs outside this router, where req.params is empty: keep the id now.
  const editForm: import('express').RequestHandler = (req, res, next) => {
    const promotionId = req.params.id;
    return formPage('promotions/form', (rq) => ({ title: editTitle(rq), layout: 'layouts/admin', nav: 'promotions', promotionId, values: rq.body ?? {} }))(req, res, next);
  };

  /** GET /{locale}/account/dashboard/promotions/{id}/edit */
  r.get(`${BASE}/:id/edit`, async (req, res) => {
    const row = await getPromotion(s.db, parseInput(IdParam, req.params.id));
    if (!row) throw notFound('No such promotion.');
    await res.page('promotions/form', { title: editTitle(req), layout: 'layouts/admin', nav: 'promotions', promotionId: row.id, values: promotionFormValues(row), fields: {} });
  });

  /** POST /{locale}/account/dashboard/promotions/{id}/edit — same fields and rules as create */
  r.post(`${BASE}/:id/edit`, editForm, async (req, res) => {
    const id = parseInput(IdParam, req.params.id);
    if (!(await getPromotion(s.db, id))) throw notFound('No such promotion.');
    const row = await updatePromotion(s.db, id, parseInput(PromotionCreate, req.body, 'Please correct the highlighted fields.'), req.user!.id);
    if (req.accepts(['html', 'json']) === 'json') return void res.json({ promotion: row });
    flash(req, 'success', req.t('promo.updated', { name: row.name }));
    res.redirect(303, `/${req.locale}${BASE}`);
  });

  /** POST /{locale}/account/dashboard/promotions/{id}/end — stops applying now */
  r.post(`${BASE}/:id/end`, async (req, res) => {
    const id = parseInput(IdParam, req.params.id);
    const row = await endPromotion(s.db, id, req.user!.id);
    if (req.accepts(['html', 'json']) === 'json') return void res.json({ promotion: row });
    flash(req, 'success', req.t('promo.ended', { name: row.name }));
    res.redirect(303, `/${req.locale}${BASE}`);
  });

  return r;
}
