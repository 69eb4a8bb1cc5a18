/**
 * The parts area (spec §2 "Parts explorer", §3 "Parts diagram callout", §7 "Parts"), under /{locale}/:
 *   GET    /parts                                     index of diagrams (?q= machine, title or part number)
 *   GET    /parts/{diagram_id}                        the explorer (?callout=&zoom= deep link)
 *   GET    /parts/{diagram_id}/components             the callouts as JSON
 *   GET    /parts/{id}/callout/{callout}              {html}: the callout's part list
 *   GET    /parts/{id}/part/{product_id}              {html}: part detail with add-to-cart
 *   POST   /parts/{id}/components                     staff: link a part under a callout (products.edit)
 *   PUT    /parts/{id}/components/{component_id}      staff: change it (also POST with _method=put)
 *   DELETE /parts/{id}/components/{component_id}      staff: unlink it (also POST with _method=delete)
 *   POST   /parts/{id}/callouts/move                  staff: move / resize a callout's rectangle
 * Adding to the cart goes through the cart area's POST /{locale}/cart/add/inline.
 */
import type { Router, Request, Response } from 'express';
import type { Services } from '../../services.ts';
import { AppError, notFound } from '../../domain/errors.ts';
import { PARTS_ZOOM } from '../../domain/constants.ts';
import { backorderNote } from '../../domain/back-order.ts';
import { CROPS, SEED_SIZES, plateFromTitle } from '../../domain/seed-plate.ts';
import { parseInput } from '../../http/validate.ts';
import { wantsJson } from '../../http/wants-json.ts';
import { type PriceChannel, type Badge, badgeLabel } from '../catalog/index.ts';
import { requireChannel } from '../../http/context.ts';
import {
  CalloutParams,
  ComponentBody,
  ComponentParams,
  DiagramParams,
  ExplorerQuery,
  IndexQuery,
  MoveBody,
  PartParams,
} from './schemas.ts';
import {
  seedPlates,
  addComponent,
  diagramIndex,
  editComponent,
  loadCallout,
  loadExplorer,
  loadPart,
  moveComponentCallout,
  removeComponent,
} from './service.ts';
import { componentsJson, explorerProps } from './view-model.ts';
import { fitView, machinesFor } from './machine-fit.ts';
import {
  localizeCallout,
  localizeDiagram,
  localizeExplorer,
  localizePart,
  localizePartDescription,
} from './localize.ts';
import { route, routes } from '../../http/route.ts';

/** A path that names nothing we have is a 404, whatever is wrong with it. */
function params<T>(
  schema: { safeParse(v: unknown): { success: true; data: T } | { success: false } },
  req: Request,
  what: string,
): T {
  const r = schema.safeParse(req.params);
  if (!r.success) throw notFound(what);
  return r.data;
}

/** The visitor's channel, by the one missing-channel policy (src/http/context.ts requireChannel). */
const channelOf: (res: Response) => PriceChannel = requireChannel;

export function renderPartial(res: Response, view: string, locals: Record<string, unknown>): Promise<string> {
  return new Promise((resolve, reject) =>
    res.render(view, locals, (err: Error | null, html?: string) => (err ? reject(err) : resolve(html ?? ''))),
  );
}

const canEditDiagrams = (req: Request) => !!req.user?.permissions.has('products.edit');

/** The index, the seed plate calculator, and the pieces of a diagram the explorer asks for. */
function registerPartsPages(r: Router, s: Services): void {
  /** GET /{locale}/parts */
  route(r, 'get', '/parts', { allow: 'public' }, s.pageCache.route(), async (req, res) => {
    const { q } = IndexQuery.parse(req.query);
    const names = await s.catalogText.forLocale(req.locale);
    const diagrams = (await diagramIndex(s.db, q)).map((d) => localizeDiagram(d, names));
    await res.page('parts/index', { title: req.t('parts.index.title'), q, diagrams });
  });

  /** GET /{locale}/seed-plates — the seed plate calculator (embedded screen) */
  route(r, 'get', '/seed-plates', { allow: 'public' }, s.pageCache.route(), seedPlatesPage(s));

  /** GET /{locale}/parts/{diagram_id}/components */
  route(r, 'get', '/parts/:diagramId/components', { allow: 'public' }, async (req, res) => {
    const { diagramId } = params(DiagramParams, req, 'That parts diagram does not exist.');
    const explorer = localizeExplorer(
      await loadExplorer(s.db, diagramId, channelOf(res), new Date()),
      await s.catalogText.forLocale(req.locale),
    );
    res.json(componentsJson(explorer.components));
  });

  /** GET /{locale}/parts/{id}/callout/{callout} → {html} */
  route(r, 'get', '/parts/:diagramId/callout/:callout', { allow: 'public' }, async (req, res) => {
    const p = params(CalloutParams, req, 'That callout is not on this diagram.');
    const names = await s.catalogText.forLocale(req.locale);
    const loaded = await loadCallout(s.db, p.diagramId, p.callout, channelOf(res), new Date());
    const [diagram, callout] = [localizeDiagram(loaded.diagram, names), localizeCallout(loaded.callout, names)];
    const fit = await fitView(s.db, req, p.diagramId, [callout]);
    const html = await renderPartial(res, 'parts/callout', { diagram, callout, fit });
    if (wantsJson(req)) return void res.json({ html, callout: callout.callout });
    await res.page('parts/fragment', { title: `${diagram.title} — ${callout.callout}`, html, diagram });
  });

  /** GET /{locale}/parts/{id}/part/{product_id} → {html} */
  route(r, 'get', '/parts/:diagramId/part/:productId', { allow: 'public' }, async (req, res) => {
    const p = params(PartParams, req, 'That part is not on this diagram.');
    const names = await s.catalogText.forLocale(req.locale);
    const loaded = await loadPart(s.db, p.diagramId, p.productId, channelOf(res), new Date());
    const detail = {
      ...loaded,
      description: localizePartDescription(loaded.part.productId, loaded.description, names),
      diagram: localizeDiagram(loaded.diagram, names),
      part: localizePart(loaded.part, names),
      whereUsed: loaded.whereUsed.map((d) => localizeDiagram(d, names)),
      backorderText: loaded.backorder
        ? backorderNote(loaded.backorder.shipOn, loaded.backorder.today, req.locale, req.t)
        : null,
    };
    const html = await renderPartial(res, 'parts/part', detail);
    if (wantsJson(req)) return void res.json({ html, product_id: detail.part.productId });
    await res.page('parts/fragment', { title: detail.part.title, html, diagram: detail.diagram });
  });
}

/** The parts explorer of one diagram. */
function registerExplorer(r: Router, s: Services): void {
  /** GET /{locale}/parts/{diagram_id} (?machine= one of the customer's machines: what does not fit is dimmed) */
  // A signed-in visitor's page is their own: it lists their machines ("Show parts for:"), and
  // staff who may edit callouts see the editor.
  route(
    r,
    'get',
    '/parts/:diagramId',
    { allow: 'public' },
    s.pageCache.route({ bypass: (req) => !!req.user }),
    async (req, res) => {
      const { diagramId } = params(DiagramParams, req, 'That parts diagram does not exist.');
      const query = ExplorerQuery.parse(req.query);
      const explorer = localizeExplorer(
        await loadExplorer(s.db, diagramId, channelOf(res), new Date()),
        await s.catalogText.forLocale(req.locale),
      );
      const selected = explorer.callouts.find((c) => c.callout === query.callout) ?? null;
      const canEdit = canEditDiagrams(req);
      const [machines, fit] = await Promise.all([
        machinesFor(s.db, req),
        fitView(s.db, req, diagramId, explorer.callouts),
      ]);
      const selectedHtml = selected
        ? await renderPartial(res, 'parts/callout', { diagram: explorer.diagram, callout: selected, fit })
        : '';
      await res.page('parts/explorer', {
        title: explorer.diagram.title,
        explorer,
        selected,
        selectedHtml,
        canEdit,
        machines,
        fit,
        props: explorerProps(explorer, {
          locale: req.locale,
          selected: selected?.callout ?? null,
          zoom: query.zoom ?? null,
          canEdit,
          zoomRange: PARTS_ZOOM,
          fit,
        }),
      });
    },
  );
}

/** Staff: linking parts under callouts, and moving callouts. */
function registerCalloutEditing(r: Router, s: Services): void {
  // ---- staff: callout editing ----------------------------------------------------------------

  /** POST /{locale}/parts/{id}/components */
  route(r, 'post', '/parts/:diagramId/components', { allow: 'products.edit' }, async (req, res) => {
    const { diagramId } = params(DiagramParams, req, 'That parts diagram does not exist.');
    const body = parseInput(ComponentBody, req.body);
    const id = await addComponent(s.db, diagramId, body, req.user!.id);
    res.status(201).json({ product_diagram_component_id: id });
  });

  /** POST /{locale}/parts/{id}/callouts/move */
  route(r, 'post', '/parts/:diagramId/callouts/move', { allow: 'products.edit' }, async (req, res) => {
    const { diagramId } = params(DiagramParams, req, 'That parts diagram does not exist.');
    const body = parseInput(MoveBody, req.body);
    const moved = await moveComponentCallout(s.db, diagramId, body, req.user!.id);
    res.json({ moved });
  });

  const put = async (req: Request, res: Response) => {
    const p = params(ComponentParams, req, 'That callout part does not exist.');
    const body = parseInput(ComponentBody, req.body);
    await editComponent(s.db, p.diagramId, p.componentId, body, req.user!.id);
    res.json({ product_diagram_component_id: p.componentId });
  };
  const del = async (req: Request, res: Response) => {
    const p = params(ComponentParams, req, 'That callout part does not exist.');
    await removeComponent(s.db, p.diagramId, p.componentId, req.user!.id);
    res.json({ deleted: p.componentId });
  };
  route(r, 'put', '/parts/:diagramId/components/:componentId', { allow: 'products.edit' }, put);
  route(r, 'delete', '/parts/:diagramId/components/:componentId', { allow: 'products.edit' }, del);
  /** POST with _method=put|delete (forms and the CRM action link helper) */
  route(r, 'post', '/parts/:diagramId/components/:componentId', { allow: 'products.edit' }, async (req, res) => {
    const method = String((req.body as { _method?: unknown } | undefined)?._method ?? '').toLowerCase();
    if (method === 'put') return put(req, res);
    if (method === 'delete') return del(req, res);
    throw new AppError(405, 'method_not_allowed', 'Use PUT or DELETE (or _method=put|delete).');
  });
}

export function partsRoutes(s: Services): Router {
  const r = routes({ mergeParams: true });
  // Who may reach each route: its own declaration (route(r, method, path, { allow }, …): src/http/route.ts).

  // Views of this area show availability badges with the catalog's wording.
  r.use('/parts', (req, res, next) => {
    const formatDate = res.locals.formatDate as (d: string) => string;
    res.locals.badgeText = (b: Badge) => badgeLabel(b, req.t, (d) => formatDate(d));
    next();
  });

  registerPartsPages(r, s);
  registerExplorer(r, s);
  registerCalloutEditing(r, s);
  return r;
}

/** GET /{locale}/seed-plates: the seed plate calculator (embedded screen) */
function seedPlatesPage(s: Services) {
  return async (req: Request, res: Response) => {
    const list = await seedPlates(s.db, channelOf(res), new Date());
    const money = res.locals.money as (v: string) => string;
    const t = req.t;
    const keys = [
      'crop',
      'seedSize',
      'rowSpacing',
      'speed',
      'mode',
      'byPopulation',
      'bySpacing',
      'population',
      'spacing',
      'arithmetic',
      'recommended',
      'none',
      'rpmRule',
      'inRange',
      'outOfRange',
      'sizeMismatch',
      'add',
      'added',
      'step.population',
      'step.spacing',
      'step.speed',
      'step.seedRate',
      ...CROPS.map((c) => `crop.${c}`),
      ...SEED_SIZES.map((z) => `size.${z}`),
    ];
    await res.page('parts/seed-plates', {
      title: t('seedplate.title'),
      props: {
        plates: list.map(({ row, part }) => ({
          ...plateFromTitle({ productId: row.id, stockcode: row.stockcode, title: row.title }),
          price: money(part.price),
          buyable: part.buyable,
          href: `/${req.locale}/products/${row.id}`,
        })),
        addUrl: `/${req.locale}/cart/add/inline`,
        labels: Object.fromEntries(keys.map((k) => [k, t(`seedplate.${k}`)])),
      },
    });
  };
}
