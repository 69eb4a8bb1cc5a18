/**
 * Integrations (spec §2 "/{locale}/account/dashboard/integrations"), `webhooks.edit`:
 *   GET  /{locale}/account/dashboard/integrations                      webhooks, or the empty state
 *   GET  …/integrations/new                                            the new-webhook form
 *   POST …/integrations                                                create → the secret, shown once
 *   GET  …/integrations/{id}[?after=|before=&status=]                  editor + delivery log (keyset)
 *   POST …/integrations/{id}                                           save url, events, active flag
 *   GET  …/integrations/{id}/delete, POST …/integrations/{id}/delete    confirm, then delete
 *   POST …/integrations/{id}/test                                      queue a test delivery
 *   POST …/integrations/{id}/deliveries/{deliveryId}/replay            replay a failed delivery
 * Scripts (XHR / JSON accept / bearer) get JSON; forms get pages and 303s.
 */
import type { Router, Request, Response } from 'express';
import type { Services } from '../../services.ts';
import { notFound } from '../../domain/errors.ts';
import { flash } from '../../http/context.ts';
import { parseInput } from '../../http/validate.ts';
import { wantsJson } from '../../http/wants-json.ts';
import { WEBHOOK_EVENTS } from './events.ts';
import { deliveryLog, findWebhook, listWebhooks } from './queries.ts';
import { webhookScopeOf } from '../../domain/webhooks.ts';
import { DeliveryLogQuery, DeliveryParams, WebhookBody, WebhookParams } from './schemas.ts';
import {
  createWebhook,
  webhookOrganisationOf,
  deleteWebhook,
  replayDelivery,
  testDelivery,
  updateWebhook,
} from './service.ts';
import { formPage } from '../../http/error-handler.ts';
import { route, routes } from '../../http/route.ts';

const BASE = '/account/dashboard/integrations';

export function integrationRoutes(s: Services): Router {
  const r = routes({ mergeParams: true });
  const { newAgain, editAgain } = formsAgain(s);
  registerWebhookList(r, s, newAgain);
  registerWebhookEditor(r, s, editAgain);
  registerWebhookActions(r, s);
  return r;
}

const base = (req: Request) => `/${req.locale}${BASE}`;
const webhookId = (req: Request) => {
  const p = WebhookParams.safeParse(req.params);
  if (!p.success) throw notFound('That webhook does not exist.');
  return p.data.webhookId;
};
/** A webhook the user may see (their organisation's, or any for staff), or 404. */
function ownWebhookOf(s: Services) {
  return async (req: Request, id = webhookId(req)) => {
    const webhook = await findWebhook(s.db, id, webhookScopeOf(req.user!));
    if (!webhook) throw notFound('That webhook does not exist.');
    return webhook;
  };
}
const values = (req: Request) => {
  const b = (req.body ?? {}) as Record<string, unknown>;
  const ev = b.events === undefined ? [] : ([] as unknown[]).concat(b.events);
  return {
    url: typeof b.url === 'string' ? b.url : '',
    events: ev.filter((e): e is string => typeof e === 'string'),
    active: ([] as unknown[]).concat(b.active ?? []).includes('1'),
  };
};
const form = (_req: Request, res: Response, locals: Record<string, unknown>, status = 200) =>
  res.page(
    'integrations/form',
    { layout: 'layouts/admin', nav: 'integrations', events: WEBHOOK_EVENTS, fields: {}, ...locals },
    status,
  );

// A refused form comes back as it was typed (the error handler's one form path: formPage).
const formLocals = { layout: 'layouts/admin', nav: 'integrations', events: WEBHOOK_EVENTS };

/** The new-webhook and the edit forms again, after refused input. */
function formsAgain(s: Services) {
  const ownWebhook = ownWebhookOf(s);
  const newAgain = formPage('integrations/form', (req) => ({
    ...formLocals,
    title: req.t('integrations.new'),
    values: values(req),
    webhook: null,
  }));
  const editAgain = formPage('integrations/form', async (req) => {
    const id = webhookId(req);
    const [webhook, log] = await Promise.all([ownWebhook(req, id), deliveryLog(s.db, id, {})]);
    return {
      ...formLocals,
      title: req.t('integrations.edit'),
      webhook,
      values: values(req),
      log: log.rows,
      q: {},
      nextHref: null,
      prevHref: null,
    };
  });
  return { newAgain, editAgain };
}

type FormAgain = ReturnType<typeof formPage>;

/** The webhooks, the new-webhook form and the new webhook (its secret shown once). */
function registerWebhookList(r: Router, s: Services, newAgain: FormAgain): void {
  const cfg = s.config.webhooks;

  /** GET /{locale}/account/dashboard/integrations */
  route(r, 'get', BASE, { allow: 'webhooks.edit' }, async (req, res) => {
    const rows = await listWebhooks(s.db, webhookScopeOf(req.user!));
    if (wantsJson(req)) return void res.json({ webhooks: rows });
    await res.page('integrations/index', {
      layout: 'layouts/admin',
      nav: 'integrations',
      title: req.t('integrations.title'),
      rows,
    });
  });

  /** GET …/integrations/new */
  route(r, 'get', `${BASE}/new`, { allow: 'webhooks.edit' }, async (req, res) =>
    form(req, res, { title: req.t('integrations.new'), values: { url: '', events: [], active: true }, webhook: null }),
  );

  /** POST …/integrations → 201 {id, secret} | the page that shows the secret once */
  route(r, 'post', BASE, { allow: 'webhooks.edit' }, newAgain, async (req, res) => {
    const input = parseInput(WebhookBody, req.body);
    const { id, secret } = await createWebhook(s.db, cfg, input, req.user!.id, webhookOrganisationOf(req.user!));
    if (wantsJson(req))
      return void res.status(201).json({ id, secret, url: input.url, events: input.events, active: input.active });
    // Rendered, not redirected: the secret must never sit in a session, a URL or a log.
    res.set('Cache-Control', 'no-store');
    await res.page(
      'integrations/created',
      {
        layout: 'layouts/admin',
        nav: 'integrations',
        title: req.t('integrations.created'),
        id,
        secret,
        url: input.url,
      },
      201,
    );
  });
}

/** A webhook's editor with its delivery log, and its saving. */
function registerWebhookEditor(r: Router, s: Services, editAgain: FormAgain): void {
  const cfg = s.config.webhooks;
  const ownWebhook = ownWebhookOf(s);

  /** GET …/integrations/{id} */
  route(r, 'get', `${BASE}/:webhookId`, { allow: 'webhooks.edit' }, async (req, res) => {
    const id = webhookId(req);
    const webhook = await ownWebhook(req, id);
    const q = DeliveryLogQuery.parse(req.query);
    const log = await deliveryLog(s.db, id, q);
    if (wantsJson(req)) return void res.json({ webhook, deliveries: log.rows, next: log.next, prev: log.prev });
    const href = (k: 'after' | 'before', c: string | null) => {
      if (!c) return null;
      const u = new URLSearchParams();
      if (q.status) u.set('status', q.status);
      u.set(k, c);
      return `${base(req)}/${id}?${u}`;
    };
    await form(req, res, {
      title: req.t('integrations.edit'),
      webhook,
      values: webhook,
      log: log.rows,
      q,
      prevHref: href('before', log.prev),
      nextHref: href('after', log.next),
    });
  });

  /** POST …/integrations/{id} */
  route(r, 'post', `${BASE}/:webhookId`, { allow: 'webhooks.edit' }, editAgain, async (req, res) => {
    const id = (await ownWebhook(req)).id;
    const input = parseInput(WebhookBody, req.body);
    await updateWebhook(s.db, cfg, id, input, req.user!.id);
    if (wantsJson(req)) return void res.json({ id, url: input.url, events: input.events, active: input.active });
    flash(req, 'success', req.t('integrations.saved'));
    res.redirect(303, `${base(req)}/${id}`);
  });
}

/** Deleting a webhook, a test delivery and the replay of a failed one. */
function registerWebhookActions(r: Router, s: Services): void {
  const cfg = s.config.webhooks;
  const ownWebhook = ownWebhookOf(s);

  /** GET …/integrations/{id}/delete: the confirmation */
  route(r, 'get', `${BASE}/:webhookId/delete`, { allow: 'webhooks.edit' }, async (req, res) => {
    const webhook = await ownWebhook(req);
    await res.page('integrations/delete', {
      layout: 'layouts/admin',
      nav: 'integrations',
      title: req.t('integrations.delete.title'),
      webhook,
    });
  });

  /** POST …/integrations/{id}/delete */
  route(r, 'post', `${BASE}/:webhookId/delete`, { allow: 'webhooks.edit' }, async (req, res) => {
    const id = (await ownWebhook(req)).id;
    await deleteWebhook(s.db, id, req.user!.id);
    if (wantsJson(req)) return void res.json({ id, deleted: true });
    flash(req, 'success', req.t('integrations.deleted'));
    res.redirect(303, base(req));
  });

  /** POST …/integrations/{id}/test → 202 {delivery_id} */
  route(r, 'post', `${BASE}/:webhookId/test`, { allow: 'webhooks.edit' }, async (req, res) => {
    const id = (await ownWebhook(req)).id;
    const deliveryId = await testDelivery(s.db, cfg, id, req.user!.id);
    if (wantsJson(req)) return void res.status(202).json({ delivery_id: deliveryId });
    flash(req, 'info', req.t('integrations.test.queued'));
    res.redirect(303, `${base(req)}/${id}#deliveries`);
  });

  /** POST …/integrations/{id}/deliveries/{deliveryId}/replay → 202 */
  route(r, 'post', `${BASE}/:webhookId/deliveries/:deliveryId/replay`, { allow: 'webhooks.edit' }, async (req, res) => {
    const p = DeliveryParams.safeParse(req.params);
    if (!p.success) throw notFound('That delivery does not exist.');
    await ownWebhook(req, p.data.webhookId);
    await replayDelivery(s.db, cfg, p.data.webhookId, p.data.deliveryId, req.user!.id);
    if (wantsJson(req)) return void res.status(202).json({ delivery_id: p.data.deliveryId, status: 'pending' });
    flash(req, 'info', req.t('integrations.replay.queued'));
    res.redirect(303, `${base(req)}/${p.data.webhookId}#deliveries`);
  });
}
