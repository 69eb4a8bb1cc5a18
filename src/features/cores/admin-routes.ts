/**
 * The back office's core tax rules (products.edit: core charges are set on the product editor,
 * so whoever sets them says where they are taxed), under /{locale}/account/dashboard/core-tax:
 *   GET  /core-tax               every rule and the form to set one
 *   POST /core-tax               set a place's rule (add, or change the place's rule)
 *   POST /core-tax/{id}/delete   remove a rule
 */
import type { Request, Router } from 'express';
import { flash } from '../../http/context.ts';
import { formPage } from '../../http/error-handler.ts';
import { route, routes } from '../../http/route.ts';
import { IdParam, parseInput } from '../../http/validate.ts';
import { wantsJson } from '../../http/wants-json.ts';
import type { Services } from '../../services.ts';
import { countryOptions, listCoreTaxRules } from './queries.ts';
import { CoreTaxRuleBody } from './schemas.ts';
import { removeCoreTaxRule, setCoreTaxRule } from './service.ts';

export const CORE_TAX_PATH = '/account/dashboard/core-tax';

/** The page's locals; `typed` is the form as sent when it was refused. */
async function pageLocals(s: Services, req: Request, typed: Record<string, unknown> | null = null) {
  return {
    layout: 'layouts/admin',
    nav: 'core-tax',
    title: req.t('cores.rules.title'),
    rules: await listCoreTaxRules(s.db),
    countries: await countryOptions(s.db),
    values: {
      country: typeof typed?.country === 'string' ? typed.country : 'US',
      region: typeof typed?.region === 'string' ? typed.region : '',
      taxable: typed?.taxable === 'yes' ? 'yes' : 'no',
    },
    fields: {},
  };
}

export function coreTaxAdminRoutes(s: Services): Router {
  const r = routes();

  /** GET /{locale}/account/dashboard/core-tax */
  route(r, 'get', CORE_TAX_PATH, { allow: 'products.edit' }, async (req, res) => {
    const locals = await pageLocals(s, req);
    if (wantsJson(req))
      return void res.json({
        rules: locals.rules.map(({ id, country, region, taxable }) => ({ id, country, region, taxable })),
      });
    await res.page('cores/tax-rules', locals);
  });

  /** POST /{locale}/account/dashboard/core-tax */
  route(
    r,
    'post',
    CORE_TAX_PATH,
    { allow: 'products.edit' },
    formPage('cores/tax-rules', (rq) => pageLocals(s, rq, rq.body ?? null)),
    async (req, res) => {
      const body = parseInput(CoreTaxRuleBody, req.body);
      const saved = await setCoreTaxRule(s.db, body, req.user!.id);
      if (wantsJson(req)) return void res.status(saved.created ? 201 : 200).json(saved);
      flash(req, 'success', req.t(saved.created ? 'cores.rules.added' : 'cores.rules.changed'));
      res.redirect(303, `/${req.locale}${CORE_TAX_PATH}`);
    },
  );

  /** POST /{locale}/account/dashboard/core-tax/{id}/delete */
  route(r, 'post', `${CORE_TAX_PATH}/:id/delete`, { allow: 'products.edit' }, async (req, res) => {
    await removeCoreTaxRule(s.db, parseInput(IdParam, req.params.id), req.user!.id);
    if (wantsJson(req)) return void res.status(204).end();
    flash(req, 'success', req.t('cores.rules.removed'));
    res.redirect(303, `/${req.locale}${CORE_TAX_PATH}`);
  });

  return r;
}
