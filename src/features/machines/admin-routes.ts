/**
 * The back office's fitment pages (products.edit), under /{locale}/account/dashboard/fitment:
 *   GET  /fitment                          machine models, a part finder and the CSV import form
 *   POST /fitment/import                   preview: every row with its fault (nothing written)
 *   POST /fitment/import/apply             write the import (all rows or, on any fault, none)
 *   GET  /fitment/products/{product_id}    the part's fitment rows as a table form
 *   POST /fitment/products/{product_id}    save the table (replaces the part's rows)
 */
import type { Router, Request } from 'express';
import type { Services } from '../../services.ts';
import { flash } from '../../http/context.ts';
import { formPage } from '../../http/error-handler.ts';
import { IdParam, parseInput } from '../../http/validate.ts';
import { wantsJson } from '../../http/wants-json.ts';
import { applyFitmentCsv, previewFitmentCsv, productFitmentPage, saveProductFitment } from './fitment-admin.ts';
import { listModels, productsByCodes } from './queries.ts';
import { FitmentCsv, FitmentTable } from './schemas.ts';
import { modelOptions } from './view-model.ts';
import { route, routes } from '../../http/route.ts';

const BASE = '/account/dashboard/fitment';
/** Empty lines the table form offers below the part's rows. */
const SPARE_ROWS = 3;

const ADMIN = { layout: 'layouts/admin', nav: 'fitment' };

/** The Fitment page's locals; `extra` carries a preview, the typed CSV or a field's message. */
async function indexLocals(s: Services, req: Request, extra: Record<string, unknown> = {}) {
  return {
    ...ADMIN,
    title: req.t('fitment.title'),
    models: modelOptions(await listModels(s.db)),
    csv: '',
    part: '',
    preview: null,
    fields: {},
    ...extra,
  };
}

/** A part's fitment form: its rows (or the rows just typed, when they were refused) and spare lines. */
async function productLocals(s: Services, req: Request, typed: unknown) {
  const page = await productFitmentPage(s.db, parseInput(IdParam, req.params.productId));
  const stored = page.rows.map((f) => ({ model: f.modelCode, from: f.from ?? '', to: f.to ?? '' }));
  const typedRows = (typed as { rows?: unknown } | null)?.rows;
  const rows =
    typedRows && typeof typedRows === 'object'
      ? (Object.values(typedRows) as Record<string, string>[])
      : [...stored, ...Array.from({ length: SPARE_ROWS }, () => ({ model: '', from: '', to: '' }))];
  return {
    ...ADMIN,
    title: req.t('fitment.product.title', { code: page.product.stockcode }),
    product: page.product,
    models: modelOptions(page.models),
    rows,
    fields: {},
  };
}

export function fitmentAdminRoutes(s: Services): Router {
  const r = routes();
  /** GET /{locale}/account/dashboard/fitment (?part= a part number: its fitment page) */
  route(r, 'get', BASE, { allow: 'products.edit' }, async (req, res) => {
    const part = typeof req.query.part === 'string' ? req.query.part.trim().slice(0, 64) : '';
    if (part) {
      const found = (await productsByCodes(s.db, [part.toUpperCase()])).get(part.toUpperCase());
      if (found) return void res.redirect(303, `/${req.locale}${BASE}/products/${found.id}`);
      return void (await res.page(
        'machines/fitment-index',
        await indexLocals(s, req, { part, fields: { part: req.t('fitment.partUnknown', { part }) } }),
        404,
      ));
    }
    await res.page('machines/fitment-index', await indexLocals(s, req));
  });

  const importForm = formPage('machines/fitment-index', (rq) =>
    indexLocals(s, rq, { csv: typeof rq.body?.csv === 'string' ? rq.body.csv : '' }),
  );

  /** POST /{locale}/account/dashboard/fitment/import — preview */
  route(
    r,
    'post',
    `${BASE}/import`,
    { allow: 'products.edit', note: 'a preview: writes nothing' },
    importForm,
    async (req, res) => {
      const { csv } = parseInput(FitmentCsv, req.body);
      const { rows } = await previewFitmentCsv(s.db, csv);
      if (wantsJson(req)) return void res.json({ rows });
      await res.page('machines/fitment-index', await indexLocals(s, req, { csv, preview: rows }));
    },
  );

  /** POST /{locale}/account/dashboard/fitment/import/apply */
  route(r, 'post', `${BASE}/import/apply`, { allow: 'products.edit' }, importForm, async (req, res) => {
    const { csv } = parseInput(FitmentCsv, req.body);
    const done = await applyFitmentCsv(s.db, csv, req.user!.id);
    if (wantsJson(req)) return void res.json(done);
    flash(req, 'success', req.t('fitment.imported', { count: String(done.added), skipped: String(done.skipped) }));
    res.redirect(303, `/${req.locale}${BASE}`);
  });

  /** GET /{locale}/account/dashboard/fitment/products/{product_id} */
  route(r, 'get', `${BASE}/products/:productId`, { allow: 'products.edit' }, async (req, res) => {
    const locals = await productLocals(s, req, null);
    if (wantsJson(req)) return void res.json({ product: locals.product, rows: locals.rows.filter((x) => x.model) });
    await res.page('machines/fitment-product', locals);
  });

  /** POST /{locale}/account/dashboard/fitment/products/{product_id} */
  route(
    r,
    'post',
    `${BASE}/products/:productId`,
    { allow: 'products.edit' },
    formPage('machines/fitment-product', (rq) => productLocals(s, rq, rq.body ?? null)),
    async (req, res) => {
      const productId = parseInput(IdParam, req.params.productId);
      const table = parseInput(FitmentTable, req.body);
      const saved = await saveProductFitment(s.db, productId, table, req.user!.id);
      if (wantsJson(req)) return void res.json(saved);
      flash(req, 'success', req.t('fitment.saved', { count: String(saved.added) }));
      res.redirect(303, `/${req.locale}${BASE}/products/${productId}`);
    },
  );

  return r;
}
