/**
 * The product editor (spec §2 /{locale}/account/dashboard/producteditor, §7 "Product editor"):
 * the list and search, the editor page (island), and the JSON calls the island makes. Every
 * route needs products.edit except the distributor price call, which a distributor's member may
 * make for their own organisation (checked in the service).
 */
import type { Router, Request } from 'express';
import type { Services } from '../../services.ts';
import { IdParam, parseInput } from '../../http/validate.ts';
import { invalid } from '../../domain/errors.ts';
import { emptyProduct, hitMaxDistributors, looksLikeKit } from '../../domain/product-editor.ts';
import { catalog } from '../../i18n/catalog.ts';
import {
  AuditParams,
  CategoriesUpdate,
  DimensionsUpdate,
  DistributorPriceBody,
  DuplicateQuery,
  IsKitParams,
  ListQuery,
  OpenBody,
  ProductUpdate,
  updateDataOf,
} from './schemas.ts';
import {
  categoryTree,
  distributorAmountOf,
  duplicateMessage,
  findDuplicate,
  listProducts,
  productIdsByStockcodeOrSku,
  referenceData,
} from './queries.ts';
import { pickerMedia } from '../media/index.ts';
import { MEDIA_PICKER_LIMIT } from '../../domain/media-picker.ts';
import {
  auditData,
  createProduct,
  openAudit,
  setDistributorPrice,
  updateCategories,
  updateDimensions,
  updateProduct,
} from './service.ts';
import { route, routes } from '../../http/route.ts';

const BASE = '/account/dashboard/producteditor';
// Who may reach each route: its own declaration (route(r, method, path, { allow }, …): src/http/route.ts).

/** Every pe.* text for the island, in the request's language. */
export function editorLabels(req: Request): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of Object.keys(catalog.en)) if (key.startsWith('pe.')) out[key.slice(3)] = req.t(key);
  return out;
}

const editorOf = (req: Request) => ({ id: req.user!.id, organisationId: req.user!.organisationId });

export function productEditorRoutes(s: Services): Router {
  const r = routes({ mergeParams: true });

  registerProductList(r, s);
  registerAuditRoutes(r, s);
  return r;
}

/** The product list, a new product, and what the editor checks outside a session. */
function registerProductList(r: Router, s: Services): void {
  /** GET /{locale}/account/dashboard/producteditor?q=&after= */
  route(r, 'get', BASE, { allow: 'products.edit' }, async (req, res) => {
    const q = parseInput(ListQuery, req.query);
    const { rows, next } = await listProducts(s.db, q.q, q.after);
    const qs = (after: number) => `?${new URLSearchParams({ ...(q.q ? { q: q.q } : {}), after: String(after) })}`;
    await res.page('product-editor/index', {
      title: req.t('pe.title'),
      layout: 'layouts/admin',
      nav: 'products',
      rows,
      q: q.q,
      nextHref: next ? qs(next) : null,
      prevHref: q.after ? (q.q ? `?q=${encodeURIComponent(q.q)}` : '?') : null,
    });
  });

  /** POST /{locale}/account/dashboard/producteditor/open — starts an editor session (product_audit_id) on a product. */
  route(r, 'post', `${BASE}/open`, { allow: 'products.edit' }, async (req, res) => {
    const { product_id } = parseInput(OpenBody, req.body);
    const auditId = await openAudit(s.db, product_id, editorOf(req));
    res.redirect(303, `/${req.locale}${BASE}/${auditId}`);
  });

  /** GET /{locale}/account/dashboard/producteditor/new */
  route(r, 'get', `${BASE}/new`, { allow: 'products.edit' }, async (req, res) => {
    await renderEditor(s, req, res, { ...emptyProduct() });
  });

  /** POST /{locale}/account/dashboard/producteditor/create, body updateData → {data} (with its product_audit_id). */
  route(r, 'post', `${BASE}/create`, { allow: 'products.edit' }, async (req, res) => {
    const u = parseInput(ProductUpdate, updateDataOf(req.body));
    const data = await createProduct(s.db, u, editorOf(req));
    res.status(201).json({ data });
  });

  /** GET /{locale}/account/dashboard/producteditor/duplicates?field=&value=&product_id= → {duplicate, message} */
  route(r, 'get', `${BASE}/duplicates`, { allow: 'products.edit' }, async (req, res) => {
    const q = parseInput(DuplicateQuery, req.query);
    const hit = await findDuplicate(s.db, q.field, q.value, q.product_id);
    res.json({ field: q.field, duplicate: !!hit, message: hit ? duplicateMessage(q.field, hit) : null });
  });

  /** GET /{locale}/account/dashboard/producteditor/iskit/{stockcode}/{sku} → boolean */
  const isKit = async (req: Request, res: import('express').Response) => {
    const p = parseInput(IsKitParams, { stockcode: req.params.stockcode, sku: req.params.sku ?? '' });
    const rows = await productIdsByStockcodeOrSku(s.db, p.stockcode, p.sku);
    res.json(rows.some((row) => row.isKit) || looksLikeKit(p.stockcode, p.sku));
  };
  route(r, 'get', `${BASE}/iskit/:stockcode/:sku`, { allow: 'products.edit' }, isKit);
  route(r, 'get', `${BASE}/iskit/:stockcode`, { allow: 'products.edit' }, isKit);

  /** POST /{locale}/account/dashboard/producteditor/product/{product_id}/distributor-price */
  route(
    r,
    'post',
    `${BASE}/product/:productId/distributor-price`,
    { allow: ['products.edit', 'dashboard.view'], note: 'a distributor sets only its own price' },
    async (req, res) => {
      const productId = parseInput(IdParam, req.params.productId);
      const body = parseInput(DistributorPriceBody, req.body);
      const out = await setDistributorPrice(s.db, productId, body, {
        ...editorOf(req),
        canEditAll: req.user!.permissions.has('products.edit'),
      });
      res.json({ data: out });
    },
  );
}

/** An editor session (product_audit_id): the page, its data and its saves. */
function registerAuditRoutes(r: Router, s: Services): void {
  /** GET /{locale}/account/dashboard/producteditor/{audit_id} — the editor page */
  route(r, 'get', `${BASE}/:auditId`, { allow: 'products.edit' }, async (req, res) => {
    const { auditId } = parseInput(AuditParams, req.params);
    await renderEditor(s, req, res, await auditData(s.db, auditId));
  });

  /** GET …/{audit_id}/synchronize → {data} */
  route(r, 'get', `${BASE}/:auditId/synchronize`, { allow: 'products.edit' }, async (req, res) => {
    const { auditId } = parseInput(AuditParams, req.params);
    res.json({ data: await auditData(s.db, auditId) });
  });

  /** GET …/{audit_id}/synchronize/categories → {data: {tree, categories, parentCategories, parentCategoriesAmount}} */
  route(r, 'get', `${BASE}/:auditId/synchronize/categories`, { allow: 'products.edit' }, async (req, res) => {
    const { auditId } = parseInput(AuditParams, req.params);
    const [data, tree] = await Promise.all([auditData(s.db, auditId), categoryTree(s.db)]);
    res.json({
      data: {
        tree,
        categories: data.categories,
        parentCategories: data.parentCategories,
        parentCategoriesAmount: data.parentCategoriesAmount,
      },
    });
  });

  /** POST …/{audit_id}/update, body updateData (the full product) → {data} */
  route(r, 'post', `${BASE}/:auditId/update`, { allow: 'products.edit' }, async (req, res) => {
    const { auditId } = parseInput(AuditParams, req.params);
    const u = parseInput(ProductUpdate, updateDataOf(req.body));
    res.json({ data: await updateProduct(s.db, auditId, u, editorOf(req)) });
  });

  /** POST …/{audit_id}/update-dimensions, body updateData → {data} */
  route(r, 'post', `${BASE}/:auditId/update-dimensions`, { allow: 'products.edit' }, async (req, res) => {
    const { auditId } = parseInput(AuditParams, req.params);
    const u = parseInput(DimensionsUpdate, updateDataOf(req.body));
    res.json({ data: await updateDimensions(s.db, auditId, u, editorOf(req)) });
  });

  /** POST …/{audit_id}/update-categories, body categories, parentCategories, parentCategoriesAmount → {data} */
  route(r, 'post', `${BASE}/:auditId/update-categories`, { allow: 'products.edit' }, async (req, res) => {
    const { auditId } = parseInput(AuditParams, req.params);
    const body = typeof req.body?.categories === 'string' ? safeJsonFields(req.body) : req.body;
    const u = parseInput(CategoriesUpdate, body);
    res.json({ data: await updateCategories(s.db, auditId, u, editorOf(req)) });
  });
}

/** The editor page, for a new product or an editor session's. */
async function renderEditor(
  s: Services,
  req: Request,
  res: import('express').Response,
  data: ReturnType<typeof emptyProduct>,
) {
  const [ref, distributorAmount, media] = await Promise.all([
    referenceData(s.db),
    distributorAmountOf(s.db, req.user!.organisationId),
    pickerMedia(s.db, MEDIA_PICKER_LIMIT),
  ]);
  const props = {
    base: `/${req.locale}${BASE}`,
    locale: req.locale,
    data,
    refData: ref,
    distributorAmount,
    /** The media library's newest images: the picker chooses from them. */
    media,
    hitMax: hitMaxDistributors(data.distributors.length, distributorAmount),
    labels: editorLabels(req),
  };
  const title = data.product_id ? `${req.t('pe.editTitle')}: ${data.title}` : req.t('pe.newTitle');
  await res.page('product-editor/edit', { title, layout: 'layouts/admin', nav: 'products', props, data });
}

/** A form post sends the category map and lists as JSON strings. */
function safeJsonFields(body: Record<string, unknown>) {
  const out: Record<string, unknown> = {};
  for (const k of ['categories', 'parentCategories', 'parentCategoriesAmount']) {
    const v = body[k];
    if (typeof v !== 'string') {
      out[k] = v;
      continue;
    }
    try {
      out[k] = JSON.parse(v);
    } catch {
      throw invalid('Please correct the highlighted fields.', { [k]: 'Not valid JSON.' });
    }
  }
  return out;
}
