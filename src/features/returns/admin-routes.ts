/**
 * Returns in the back office: the index (?status=, ?page=) and a return's page with its steps.
 * Reading needs orders.view; approving, refusing, receiving and replacing need orders.edit; the
 * refund needs orders.pay, as every card refund does.
 */
import type { Request, Response, Router } from 'express';
import { publicBase } from '../../config.ts';
import { notFound } from '../../domain/errors.ts';
import { RETURN_STATUSES, type ReturnAction } from '../../domain/returns.ts';
import { flash } from '../../http/context.ts';
import { formBack, formPage } from '../../http/error-handler.ts';
import { route } from '../../http/route.ts';
import { IdParam, parseInput } from '../../http/validate.ts';
import { wantsJson } from '../../http/wants-json.ts';
import type { Services } from '../../services.ts';
import { activeWarehouses, listReturns, RETURNS_PAGE_SIZE, returnDetail } from './queries.ts';
import { creditCore } from './core-credit.ts';
import { AdminReturnsQuery, parseCoreCredit, parseStep } from './schemas.ts';
import { returnStep } from './service.ts';
import { returnJson, returnView } from './view-model.ts';

const ADMIN = '/admin/returns';

const STEPS: { action: ReturnAction; allow: 'orders.edit' | 'orders.pay' }[] = [
  { action: 'approve', allow: 'orders.edit' },
  { action: 'refuse', allow: 'orders.edit' },
  { action: 'receive', allow: 'orders.edit' },
  { action: 'refund', allow: 'orders.pay' },
  { action: 'replace', allow: 'orders.edit' },
];

export function registerReturnBackOffice(r: Router, s: Services): void {
  route(r, 'get', ADMIN, { allow: 'orders.view', note: 'returns (RMA) of every order' }, adminIndex(s));

  const showLocals = async (req: Request, id: number, extra: Record<string, unknown> = {}) => {
    const d = await returnDetail(s.db, id);
    if (!d) throw notFound();
    const user = req.user!;
    return {
      title: req.t('returns.show.title', { id }),
      layout: 'layouts/admin',
      nav: 'returns',
      ret: returnView(d, req.locale),
      warehouses: await activeWarehouses(s.db),
      may: { edit: user.permissions.has('orders.edit'), pay: user.permissions.has('orders.pay') },
      values: {},
      fields: {},
      ...extra,
    };
  };

  route(r, 'get', `${ADMIN}/:returnId`, { allow: 'orders.view' }, async (req, res) => {
    const id = parseInput(IdParam, req.params.returnId);
    const locals = await showLocals(req, id);
    if (wantsJson(req)) return void res.json(returnJson(locals.ret));
    await res.page('returns/admin-show', locals);
  });

  // A returned core credited on its order's deposit line: a refund, so orders.pay as every refund.
  route(
    r,
    'post',
    '/admin/orders/detail/:orderId/lines/:lineId/core-credit',
    { allow: 'orders.pay', note: 'credit a returned core (a refunded return of the deposit line)' },
    formBack((req) => `/admin/orders/detail/${encodeURIComponent(String(req.params.orderId))}`),
    async (req, res) => {
      const orderId = parseInput(IdParam, req.params.orderId);
      const lineId = parseInput(IdParam, req.params.lineId);
      const input = parseCoreCredit((req.body ?? {}) as Record<string, unknown>);
      const out = await creditCore(s, req.user!, orderId, lineId, input);
      if (wantsJson(req)) return void res.json({ return_id: out.returnId, status: 'refunded', refund: out.refund });
      flash(req, 'success', req.t('returns.done.refunded'));
      res.redirect(303, `/admin/orders/detail/${orderId}`);
    },
  );

  for (const step of STEPS) {
    route(
      r,
      'post',
      `${ADMIN}/:returnId/${step.action}`,
      { allow: step.allow },
      (req, res, next) => {
        const id = Number(req.params.returnId);
        formPage('returns/admin-show', (rq) => showLocals(rq, id, { values: rq.body ?? {} }))(req, res, next);
      },
      async (req, res) => {
        const id = parseInput(IdParam, req.params.returnId);
        const input = parseStep((req.body ?? {}) as Record<string, unknown>);
        const status = await returnStep(s, req.user!, id, step.action, input, publicBase(s.config));
        if (wantsJson(req)) return void res.json({ return_id: id, status });
        flash(req, 'success', req.t(`returns.done.${status}`));
        res.redirect(303, `/${req.locale}${ADMIN}/${id}`);
      },
    );
  }
}

/** GET /{locale}/admin/returns: newest first, ?status= and ?page= in the URL. */
function adminIndex(s: Services) {
  return async (req: Request, res: Response) => {
    const q = AdminReturnsQuery.parse(req.query);
    const { rows, total } = await listReturns(s.db, q);
    const href = (p: number) => {
      const u = new URLSearchParams();
      if (q.status) u.set('status', q.status);
      if (p > 1) u.set('page', String(p));
      const qs = u.toString();
      return `/${req.locale}${ADMIN}${qs ? `?${qs}` : ''}`;
    };
    if (wantsJson(req))
      return void res.json({
        returns: rows.map((x) => ({
          id: x.id,
          order_id: x.orderId,
          status: x.status,
          customer: x.email,
          credit: x.credit,
          currency: x.currency,
        })),
        total,
        page: q.page,
      });
    await res.page('returns/admin-index', {
      title: req.t('returns.admin.title'),
      layout: 'layouts/admin',
      nav: 'returns',
      status: q.status ?? '',
      statuses: RETURN_STATUSES,
      rows: rows.map((x) => ({ ...x, href: `/${req.locale}${ADMIN}/${x.id}` })),
      total,
      prevHref: q.page > 1 ? href(q.page - 1) : null,
      nextHref: q.page * RETURNS_PAGE_SIZE < total ? href(q.page + 1) : null,
      from: total ? (q.page - 1) * RETURNS_PAGE_SIZE + 1 : 0,
      to: Math.min(q.page * RETURNS_PAGE_SIZE, total),
    });
  };
}
