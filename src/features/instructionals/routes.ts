/**
 * Instructionals (spec §2): the back office's editor under /{locale}/instructional/editor (list,
 * add/instructional, edit/{id}, view/{id}, video, add/tool; permission instructionals.edit) and
 * what customers see: /{locale}/instructionals/{id} and the guides on each product page.
 */
import type { Router, Request, Response } from 'express';
import type { Services } from '../../services.ts';
import { notFound } from '../../domain/errors.ts';
import { flash } from '../../http/context.ts';
import { IdParam, parseInput } from '../../http/validate.ts';
import { wantsJson } from '../../http/wants-json.ts';
import { allTools, getInstructional, listInstructionals } from './queries.ts';
import { InstructionalInput, ListQuery, ToolInput, VideoInput } from './schemas.ts';
import { InstructionalService } from './service.ts';
import { InstructionalIndex } from './product-index.ts';
import { safeHtmlCached } from '../translations/index.ts';
import { formPage } from '../../http/error-handler.ts';
import { route, routes } from '../../http/route.ts';

export const INSTRUCTIONALS_PERMISSION = 'instructionals.edit';
const BASE = '/instructional/editor';

export function instructionalRoutes(s: Services): Router {
  const r = routes();
  const service = new InstructionalService(s.db, s.events);
  const index = new InstructionalIndex(s.db, s.events);
  // Who may reach each route: its own declaration (route(r, method, path, { allow }, …): src/http/route.ts).

  /** Product pages: their published guides, from memory (no query per page view). */
  route(r, 'get', '/products/:productId', { allow: 'public' }, async (req, res, next) => {
    const id = Number(req.params.productId);
    if (Number.isInteger(id) && id > 0) {
      const guides = await index.forProduct(id);
      // Titles in the visitor's language (catalogue text, held in memory: no query).
      const names = guides.length ? await s.catalogText.forLocale(req.locale) : null;
      res.locals.productGuides = names
        ? guides.map((g) => ({ ...g, title: names.instructional(g.id, g.title) }))
        : guides;
    }
    next();
  });

  /** GET /{locale}/instructionals/{id}: a published instructional as customers see it. */
  route(r, 'get', '/instructionals/:id', { allow: 'public' }, async (req, res) => {
    const item = await getInstructional(s.db, parseInput(IdParam, req.params.id));
    if (!item || !item.published) throw notFound();
    const title = (await s.catalogText.forLocale(req.locale)).instructional(item.id, item.title);
    await res.page('instructionals/public', { title, item: { ...item, title }, safeHtml: safeHtmlCached });
  });

  registerEditor(r, s, service);
  registerVideosAndTools(r, s, service);
  return r;
}

/** The back office's list, and an instructional's form, saving and preview. */
function registerEditor(r: Router, s: Services, service: InstructionalService): void {
  const form = formOf(s);
  const formAgain = formAgainOf(s);

  /** GET /{locale}/instructional/editor */
  route(r, 'get', BASE, { allow: 'instructionals.edit' }, async (req, res) => {
    const filters = parseInput(ListQuery, req.query);
    const rows = await listInstructionals(s.db, filters);
    await page(res, 'list', { title: req.t('ins.title'), rows, filters });
  });

  const save = async (req: Request, res: Response, id?: number) => {
    const input = parseInput(InstructionalInput, req.body);
    const savedId = await service.save(input, req.user!.id, id);
    if (wantsJson(req)) return void res.status(id ? 200 : 201).json({ id: savedId });
    flash(req, 'success', req.t('ins.saved'));
    res.redirect(303, `/${req.locale}${BASE}/edit/${savedId}`);
  };

  /** GET /{locale}/instructional/editor/add/instructional */
  route(r, 'get', `${BASE}/add/instructional`, { allow: 'instructionals.edit' }, (req, res) => form(req, res, null));
  /** POST /{locale}/instructional/editor/add/instructional */
  route(r, 'post', `${BASE}/add/instructional`, { allow: 'instructionals.edit' }, formAgain, (req, res) =>
    save(req, res),
  );

  /** GET /{locale}/instructional/editor/edit/{id} */
  route(r, 'get', `${BASE}/edit/:id`, { allow: 'instructionals.edit' }, async (req, res) => {
    const item = await getInstructional(s.db, parseInput(IdParam, req.params.id));
    if (!item) throw notFound();
    await form(req, res, {
      ...item,
      toolIds: item.tools.map((t) => t.id),
      steps: item.steps.map((st) => ({ title: st.title, body: st.body, image: st.imageUrl ?? '', alt: st.imageAlt })),
    });
  });
  /** POST /{locale}/instructional/editor/edit/{id} */
  route(r, 'post', `${BASE}/edit/:id`, { allow: 'instructionals.edit' }, formAgain, (req, res) =>
    save(req, res, parseInput(IdParam, req.params.id)),
  );

  /** GET /{locale}/instructional/editor/view/{id}: the preview, drafts included. */
  route(r, 'get', `${BASE}/view/:id`, { allow: 'instructionals.edit' }, async (req, res) => {
    const item = await getInstructional(s.db, parseInput(IdParam, req.params.id));
    if (!item) throw notFound();
    await page(res, 'view', { title: item.title, item });
  });
}

/** The videos of the instructionals, and the tools they list. */
function registerVideosAndTools(r: Router, s: Services, service: InstructionalService): void {
  /** GET /{locale}/instructional/editor/video */
  route(r, 'get', `${BASE}/video`, { allow: 'instructionals.edit' }, async (req, res) => {
    await page(res, 'video', {
      title: req.t('ins.videos'),
      rows: await listInstructionals(s.db, { q: '', status: 'all' }),
    });
  });
  /** A refused link: the list again with the message beside that row's link, as typed (formPage). */
  const videoAgain = formPage('instructionals/video', async (req) => ({
    layout: 'layouts/admin',
    nav: 'instructionals',
    safeHtml: safeHtmlCached,
    title: req.t('ins.videos'),
    rows: await listInstructionals(s.db, { q: '', status: 'all' }),
    typed: {
      id: Number(req.body?.instructional_id),
      videoUrl: typeof req.body?.video_url === 'string' ? req.body.video_url : '',
    },
  }));

  /** POST /{locale}/instructional/editor/video */
  route(r, 'post', `${BASE}/video`, { allow: 'instructionals.edit' }, videoAgain, async (req, res) => {
    const input = parseInput(VideoInput, req.body);
    await service.setVideo(input.instructional_id, input.video_url, req.user!.id);
    if (wantsJson(req)) return void res.json({ ok: true });
    flash(req, 'success', req.t('ins.video.saved'));
    res.redirect(303, `/${req.locale}${BASE}/video`);
  });

  /** GET /{locale}/instructional/editor/add/tool */
  route(r, 'get', `${BASE}/add/tool`, { allow: 'instructionals.edit' }, async (req, res) => {
    await page(res, 'tool', { title: req.t('ins.tool.add'), tools: await allTools(s.db), values: {} });
  });
  /** POST /{locale}/instructional/editor/add/tool */
  const toolAgain = formPage('instructionals/tool', async (req) => ({
    layout: 'layouts/admin',
    nav: 'instructionals',
    safeHtml: safeHtmlCached,
    title: req.t('ins.tool.add'),
    tools: await allTools(s.db),
    values: req.body ?? {},
  }));
  route(r, 'post', `${BASE}/add/tool`, { allow: 'instructionals.edit' }, toolAgain, async (req, res) => {
    const input = parseInput(ToolInput, req.body);
    const id = await service.addTool(s.db, input, req.user!.id);
    if (wantsJson(req)) return void res.status(201).json({ id });
    flash(req, 'success', req.t('ins.tool.saved'));
    res.redirect(303, `/${req.locale}${BASE}/add/tool`);
  });
}

const page = (res: Response, view: string, locals: Record<string, unknown>, status = 200) =>
  res.page(
    `instructionals/${view}`,
    { layout: 'layouts/admin', nav: 'instructionals', safeHtml: safeHtmlCached, fields: {}, ...locals },
    status,
  );

/** An instructional's form, empty or with the item. */
function formOf(s: Services) {
  return async (req: Request, res: Response, item: unknown, fields: Record<string, string> = {}, status = 200) =>
    page(
      res,
      'form',
      {
        title: item && (item as { id?: number }).id ? req.t('ins.edit') : req.t('ins.add'),
        item,
        tools: await allTools(s.db),
        fields,
      },
      status,
    );
}

/** The form again, as sent, when the input is refused (the error handler's one form path: formPage). */
function formAgainOf(s: Services) {
  return formPage('instructionals/form', async (req) => {
    const id = Number(req.params.id) || undefined;
    const b = req.body ?? {};
    const item = {
      ...b,
      id,
      videoUrl: b.video_url,
      stockcode: b.product,
      steps: Array.isArray(b.steps) ? b.steps : Object.values(b.steps ?? {}),
      toolIds: [].concat(b.tools ?? []).map(Number),
    };
    return {
      layout: 'layouts/admin',
      nav: 'instructionals',
      safeHtml: safeHtmlCached,
      title: id ? req.t('ins.edit') : req.t('ins.add'),
      item,
      tools: await allTools(s.db),
    };
  });
}
