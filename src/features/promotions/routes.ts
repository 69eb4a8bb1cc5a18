/**
 * Promotions (spec §2 /{locale}/account/dashboard/promotions/create; "Promotions table sorted by
 * column 7 descending"). A promotion takes configuration[0].actions[0].value off every cart while
 * it is in force (off its parts only when it applies to parts; shipping too when it says free
 * shipping: domain/promotions.ts); the cart turns it into a line of type 5.
 */
import { wantsJson } from '../../http/wants-json.ts';
import type { Router } from 'express';
import type { Services } from '../../services.ts';
import { IdParam, parseInput } from '../../http/validate.ts';
import { flash } from '../../http/context.ts';
import { COLUMNS, ListQuery, PromotionCreate } from './schemas.ts';
import {
  createPromotion,
  endPromotion,
  getPromotion,
  listPromotions,
  promotionFormValues,
  promotionVersion,
  updatePromotion,
} from './service.ts';
import { formPage } from '../../http/error-handler.ts';
import { notFound } from '../../domain/errors.ts';
import { PROMOTION_SCOPES } from '../../domain/constants.ts';
import { STACKING_RULE } from '../../domain/ledger.ts';
import { route, routes } from '../../http/route.ts';

const BASE = '/account/dashboard/promotions';

/** What every render of the form needs beside the values: the scopes to choose from and the stacking rule's text (domain/ledger.ts STACKING_RULE). */
const FORM = { promotionScopes: PROMOTION_SCOPES, stackingRuleKey: STACKING_RULE.messageKey };

export function promotionRoutes(s: Services): Router {
  const r = routes({ mergeParams: true });
  // Who may reach each route: its own declaration (route(r, method, path, { allow }, …): src/http/route.ts).

  /** GET /{locale}/account/dashboard/promotions?sort=1..7&dir=asc|desc (default 7 desc) */
  route(r, 'get', BASE, { allow: 'promotions.edit' }, async (req, res) => {
    const q = parseInput(ListQuery, req.query);
    const rows = await listPromotions(s.db, q.sort, q.dir);
    await res.page('promotions/index', {
      title: req.t('promo.title'),
      layout: 'layouts/admin',
      nav: 'promotions',
      rows,
      sort: q.sort,
      dir: q.dir,
      columns: COLUMNS,
    });
  });

  registerCreate(r, s);

  registerEdit(r, s);

  return r;
}

/** A new promotion: the form, and its saving. */
function registerCreate(r: Router, s: Services): void {
  /** GET /{locale}/account/dashboard/promotions/create */
  route(r, 'get', `${BASE}/create`, { allow: 'promotions.edit' }, async (req, res) => {
    await res.page('promotions/form', {
      title: req.t('promo.create'),
      layout: 'layouts/admin',
      nav: 'promotions',
      ...FORM,
      values: { active: '1', applies_to: 'all' },
      fields: {},
    });
  });

  /** POST /{locale}/account/dashboard/promotions/create — bad input or a code taken: the form again (400/409), scripts the error shape */
  const createForm = formPage('promotions/form', (req) => ({
    title: req.t('promo.create'),
    layout: 'layouts/admin',
    nav: 'promotions',
    ...FORM,
    values: req.body ?? {},
  }));
  route(r, 'post', `${BASE}/create`, { allow: 'promotions.edit' }, createForm, async (req, res) => {
    const row = await createPromotion(
      s.db,
      parseInput(PromotionCreate, req.body, 'Please correct the highlighted fields.'),
      req.user!.id,
    );
    if (wantsJson(req)) return void res.status(201).json({ promotion: row });
    flash(req, 'success', req.t('promo.created', { name: row.name }));
    res.redirect(303, `/${req.locale}${BASE}`);
  });
}

/** A promotion edited, or ended now. */
function registerEdit(r: Router, s: Services): void {
  // Editing: the create form, filled in; a refused save shows it again with the messages.
  const editTitle = (req: import('express').Request) => req.t('promo.editTitle');
  // The error handler runs outside this router, where req.params is empty: keep the id now. The form
  // comes back with the typed values and the version as stored now (after a 409 the next save goes through).
  const editForm: import('express').RequestHandler = (req, res, next) => {
    const promotionId = req.params.id;
    return formPage('promotions/form', async (rq) => {
      const current = /^\d{1,9}$/.test(String(promotionId)) ? await getPromotion(s.db, Number(promotionId)) : undefined;
      return {
        title: editTitle(rq),
        layout: 'layouts/admin',
        nav: 'promotions',
        ...FORM,
        promotionId,
        values: rq.body ?? {},
        version: current ? promotionVersion(current) : '',
      };
    })(req, res, next);
  };

  /** GET /{locale}/account/dashboard/promotions/{id}/edit */
  route(r, 'get', `${BASE}/:id/edit`, { allow: 'promotions.edit' }, async (req, res) => {
    const row = await getPromotion(s.db, parseInput(IdParam, req.params.id));
    if (!row) throw notFound('No such promotion.');
    await res.page('promotions/form', {
      title: editTitle(req),
      layout: 'layouts/admin',
      nav: 'promotions',
      ...FORM,
      promotionId: row.id,
      values: promotionFormValues(row),
      version: promotionVersion(row),
      fields: {},
    });
  });

  /** POST /{locale}/account/dashboard/promotions/{id}/edit — same fields and rules as create; `version` (optional) refuses a stale edit with 409 */
  route(r, 'post', `${BASE}/:id/edit`, { allow: 'promotions.edit' }, editForm, async (req, res) => {
    const id = parseInput(IdParam, req.params.id);
    if (!(await getPromotion(s.db, id))) throw notFound('No such promotion.');
    const version = typeof req.body?.version === 'string' ? req.body.version : undefined;
    const row = await updatePromotion(
      s.db,
      id,
      parseInput(PromotionCreate, req.body, 'Please correct the highlighted fields.'),
      req.user!.id,
      version,
    );
    if (wantsJson(req)) return void res.json({ promotion: row });
    flash(req, 'success', req.t('promo.updated', { name: row.name }));
    res.redirect(303, `/${req.locale}${BASE}`);
  });

  /** POST /{locale}/account/dashboard/promotions/{id}/end — stops applying now */
  route(r, 'post', `${BASE}/:id/end`, { allow: 'promotions.edit' }, async (req, res) => {
    const id = parseInput(IdParam, req.params.id);
    const row = await endPromotion(s.db, id, req.user!.id);
    if (wantsJson(req)) return void res.json({ promotion: row });
    flash(req, 'success', req.t('promo.ended', { name: row.name }));
    res.redirect(303, `/${req.locale}${BASE}`);
  });
}
