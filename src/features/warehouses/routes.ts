/**
 * Warehouses (spec §2 /{locale}/account/dashboard/warehouses/{id}/inventory, "add warehouse"):
 * the list, the add screen, inventory with search, adjustments and CSV import with a preview.
 * Who reaches a warehouse: src/domain/warehouse-access.ts (its operator, a manager of its
 * organisation).
 */
import type { Router, Request, RequestHandler, Response } from 'express';
import type { Services } from '../../services.ts';
import { parseInput } from '../../http/validate.ts';
import { wantsJson } from '../../http/wants-json.ts';
import { flash } from '../../http/context.ts';
import { forbidden, invalid, notFound } from '../../domain/errors.ts';
import { countryOptions, regionOptions, REGION_NOT_LISTED } from './countries.ts';
import { Adjustment, CsvBody, InventoryQuery, WarehouseCreate, WarehouseParams } from './schemas.ts';
import { formPage } from '../../http/error-handler.ts';
import { mayActOnWarehouse } from '../../domain/warehouse-access.ts';
import {
  adjustStock,
  applyCsv,
  createWarehouse,
  getWarehouse,
  inventoryPage,
  listWarehouses,
  previewCsv,
} from './service.ts';
import { route, routes } from '../../http/route.ts';
import { registerRestocks, upcomingRestocks } from './restocks.ts';
import { registerLeadTime } from './lead-time.ts';

const BASE = '/account/dashboard/warehouses';
// Who may reach each route: its own declaration (route(r, method, path, { allow }, …): src/http/route.ts).

export function warehouseRoutes(s: Services): Router {
  const r = routes({ mergeParams: true });

  registerWarehouseList(r, s);
  registerWarehouseAdd(r, s);
  registerInventory(r, s);
  registerRestocks(r, s, BASE, reachableOf(s)); // restocks staff expect: they date back orders
  registerLeadTime(r, s, BASE, reachableOf(s)); // lead time: dates back orders when no restock is expected
  return r;
}

/** The warehouses the user reaches, each with its API key. */
function registerWarehouseList(r: Router, s: Services): void {
  /** GET /{locale}/account/dashboard/warehouses */
  route(
    r,
    'get',
    BASE,
    { allow: ['warehouses.manage', 'inventory.edit'], note: 'an operator reaches only its own warehouse' },
    async (req, res) => {
      const rows = await listWarehouses(s.db, req.user!);
      await res.page('warehouses/index', {
        title: req.t('wh.title'),
        layout: 'layouts/admin',
        nav: 'warehouses',
        rows,
        canManage: req.user!.permissions.has('warehouses.manage'),
        keyProps: (w: { id: number; organisationId: number | null; code: string; last4: string | null }) => ({
          regenUrl: `/api/organization/${w.organisationId ?? req.user!.organisationId ?? 0}/warehouse/${w.id}/regenkey`,
          testUrl: `/api/warehouse/${w.id}/test-key`,
          userId: req.user!.id,
          code: w.code,
          last4: w.last4,
          canRegen: req.user!.permissions.has('warehouses.manage'),
          labels: keyLabels(req),
        }),
      });
    },
  );
}

/** The add screen and the new warehouse. */
function registerWarehouseAdd(r: Router, s: Services): void {
  /** GET /{locale}/account/dashboard/warehouses/add */
  route(r, 'get', `${BASE}/add`, { allow: 'warehouses.manage' }, async (req, res) => {
    const [countries, regions] = await Promise.all([countryOptions(s.db), regionOptions(s.db, 'US')]);
    await res.page('warehouses/add', {
      title: req.t('wh.add'),
      layout: 'layouts/admin',
      nav: 'warehouses',
      values: { country_code: 'US', zone: 'America/Chicago' },
      fields: {},
      countries,
      regions,
    });
  });

  /**
   * POST /{locale}/account/dashboard/warehouses/add — bad input is 400, a code taken (checked, or
   * a unique violation in a race) or a country removed meanwhile is 409: the form again with the
   * message and the typed values (the country's regions listed); scripts get the error shape.
   */
  const addForm = formPage('warehouses/add', async (req) => {
    const values = (req.body ?? {}) as Record<string, unknown>;
    const country = typeof values.country_code === 'string' ? values.country_code : '';
    const [countries, regions] = await Promise.all([countryOptions(s.db), regionOptions(s.db, country)]);
    return { title: req.t('wh.add'), layout: 'layouts/admin', nav: 'warehouses', values, countries, regions };
  });
  route(r, 'post', `${BASE}/add`, { allow: 'warehouses.manage' }, addForm, async (req, res) => {
    const v = parseInput(WarehouseCreate, req.body);
    // The country is one of the list and the region one of the country's (when it has any): the selects offer only those.
    const [countries, regions] = await Promise.all([countryOptions(s.db), regionOptions(s.db, v.country_code)]);
    if (!countries.some((c) => c.code === v.country_code))
      throw invalid('Choose a country from the list.', { country_code: 'Choose a country from the list.' });
    if (regions.length && !regions.some((x) => x.code === v.region_code))
      throw invalid(REGION_NOT_LISTED, { region_code: REGION_NOT_LISTED });
    const w = await createWarehouse(
      s.db,
      {
        code: v.code,
        name: v.name,
        address1: v.address1,
        address2: v.address2,
        city: v.city,
        regionCode: v.region_code,
        postalCode: v.postal_code,
        countryCode: v.country_code,
        phone: v.phone,
        zone: v.zone,
        organisationId: req.user!.organisationId,
      },
      req.user!.id,
    );
    if (wantsJson(req)) return void res.status(201).json({ warehouse: { id: w.id, code: w.code, name: w.name } });
    flash(req, 'success', req.t('wh.added', { name: w.name }));
    res.redirect(303, `/${req.locale}${BASE}/${w.id}/inventory`);
  });
}

/** A warehouse's inventory: search, adjustments and the CSV import with its preview. */
function registerInventory(r: Router, s: Services): void {
  const reachable = reachableOf(s);
  const inventoryForm = inventoryFormOf(s, reachable);

  /** GET /{locale}/account/dashboard/warehouses/{id}/inventory?q=&after= */
  route(
    r,
    'get',
    `${BASE}/:id/inventory`,
    { allow: ['warehouses.manage', 'inventory.edit'], note: 'an operator reaches only its own warehouse' },
    async (req, res) => {
      const w = await reachable(req);
      const q = parseInput(InventoryQuery, req.query);
      const page = await inventoryPage(s.db, w.id, q.q, q.after);
      const qs = (after: number) => `?${new URLSearchParams({ ...(q.q ? { q: q.q } : {}), after: String(after) })}`;
      await res.page('warehouses/inventory', {
        title: `${req.t('wh.inventory')}: ${w.name}`,
        layout: 'layouts/admin',
        nav: 'warehouses',
        w,
        q: q.q,
        ...page,
        preview: null,
        fields: {},
        restocks: await upcomingRestocks(s.db, w.id, new Date().toISOString().slice(0, 10)),
        leadTimeEditable: req.user!.permissions.has('warehouses.manage'),
        nextHref: page.next ? qs(page.next) : null,
        prevHref: q.after ? (q.q ? `?q=${encodeURIComponent(q.q)}` : '?') : null,
      });
    },
  );

  /** POST /{locale}/account/dashboard/warehouses/{id}/inventory/adjust — product_id, quantity, reason */
  route(
    r,
    'post',
    `${BASE}/:id/inventory/adjust`,
    { allow: ['warehouses.manage', 'inventory.edit'], note: 'an operator reaches only its own warehouse' },
    inventoryForm('adjust'),
    async (req, res) => {
      const w = await reachable(req);
      const a = parseInput(Adjustment, req.body);
      const change = await adjustStock(s.db, w.id, a.product_id, a.quantity, a.reason, req.user!.id);
      if (wantsJson(req)) return void res.json({ change });
      flash(req, 'success', req.t('wh.adjusted', { code: change.stockcode, qty: change.after }));
      res.redirect(303, `/${req.locale}${BASE}/${w.id}/inventory`);
    },
  );

  /** POST /{locale}/account/dashboard/warehouses/{id}/inventory/import — preview (nothing changes yet) */
  route(
    r,
    'post',
    `${BASE}/:id/inventory/import`,
    { allow: ['warehouses.manage', 'inventory.edit'], note: 'an operator reaches only its own warehouse' },
    inventoryForm('import'),
    importPreview(s, reachable),
  );

  /** POST /{locale}/account/dashboard/warehouses/{id}/inventory/import/apply */
  route(
    r,
    'post',
    `${BASE}/:id/inventory/import/apply`,
    { allow: ['warehouses.manage', 'inventory.edit'], note: 'an operator reaches only its own warehouse' },
    inventoryForm('import'),
    async (req, res) => {
      const w = await reachable(req);
      const body = parseInput(CsvBody, req.body);
      const done = await applyCsv(s.db, w.id, body.csv, body.reason, req.user!.id);
      if (wantsJson(req)) return void res.json({ applied: done.changes.length, unchanged: done.unchanged });
      flash(req, 'success', req.t('wh.imported', { count: done.changes.length }));
      res.redirect(303, `/${req.locale}${BASE}/${w.id}/inventory`);
    },
  );
}

/** The warehouse of the request when the user may act on it: 404 when absent, 403 when not theirs. */
function reachableOf(s: Services) {
  return async function reachable(req: Request, param: unknown = req.params.id) {
    const { warehouse: id } = parseInput(WarehouseParams, { warehouse: param });
    const w = await getWarehouse(s.db, id);
    if (!w) throw notFound('No such warehouse.');
    if (!mayActOnWarehouse(req.user!, w)) throw forbidden('You may only manage your own warehouse’s stock.');
    return w;
  };
}

type Reachable = ReturnType<typeof reachableOf>;

/**
 * The inventory page's forms (adjust a row, import, apply): refused input comes back on the
 * inventory page with the message, the row's or the import's typed values kept. The error
 * handler runs outside this router, where req.params is empty: keep the id now. A warehouse
 * the user may not reach is refused (403/404) before any form is shown.
 */
function inventoryFormOf(s: Services, reachable: Reachable) {
  return (which: 'adjust' | 'import'): RequestHandler =>
    (req, res, next) => {
      const id = req.params.id;
      if (!/^\d{1,10}$/.test(String(id))) return next(); // a malformed id: the error page's 400
      return formPage('warehouses/inventory', async (rq) => {
        const w = await reachable(rq, id);
        const page = await inventoryPage(s.db, w.id, '', null);
        const body = (rq.body ?? {}) as Record<string, unknown>;
        const text = (v: unknown) => (typeof v === 'string' ? v : '');
        return {
          title: `${rq.t('wh.inventory')}: ${w.name}`,
          layout: 'layouts/admin',
          nav: 'warehouses',
          w,
          q: '',
          ...page,
          nextHref: null,
          prevHref: null,
          preview: null,
          ...(which === 'import'
            ? { csv: text(body.csv), reason: text(body.reason) }
            : {
                adjust: {
                  productId: Number(body.product_id),
                  quantity: text(body.quantity),
                  reason: text(body.reason),
                },
              }),
        };
      })(req, res, next);
    };
}

function keyLabels(req: Request) {
  const keys = ['regen', 'confirm', 'newKey', 'copyOnce', 'test', 'testKey', 'testing', 'keyEnding', 'noKey'] as const;
  return Object.fromEntries(keys.map((k) => [k, req.t(`wh.key.${k}`)]));
}

/** The CSV import's preview on the inventory page: nothing changes yet. */
function importPreview(s: Services, reachable: Reachable) {
  return async (req: Request, res: Response) => {
    const w = await reachable(req);
    const body = parseInput(CsvBody, req.body);
    const preview = await previewCsv(s.db, w.id, body.csv);
    if (wantsJson(req)) return void res.json({ preview });
    const page = await inventoryPage(s.db, w.id, '', null);
    await res.page('warehouses/inventory', {
      title: `${req.t('wh.inventory')}: ${w.name}`,
      layout: 'layouts/admin',
      nav: 'warehouses',
      w,
      q: '',
      ...page,
      nextHref: null,
      prevHref: null,
      preview,
      csv: body.csv,
      reason: body.reason,
      fields: {},
    });
  };
}
