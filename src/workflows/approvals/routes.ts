/**
 * Spending limits and approval, the organisation administrator's pages (organisation.users,
 * declared on each route, and only ever the administrator's own organisation):
 *   POST /{locale}/account/organization/users/{id}/limits          a member's limit per order and per period
 *   GET  /{locale}/account/organization/approvals                  the queue: carts waiting for approval
 *   POST /{locale}/account/organization/approvals/{id}/approve     places the order with the member's choice
 *   POST /{locale}/account/organization/approvals/{id}/reject      reason required; unlocks the cart
 * and the member's own (any signed-in user, ownership checked by the service: another's is 404):
 *   POST /{locale}/account/approvals/{id}/withdraw                  takes back a request still waiting; unlocks the cart
 */
import type { Router, Request } from 'express';
import type { Services } from '../../services.ts';
import { publicBase } from '../../config.ts';
import { flash } from '../../http/context.ts';
import { formPage } from '../../http/error-handler.ts';
import { IdParam, parseInput } from '../../http/validate.ts';
import { wantsJson } from '../../http/wants-json.ts';
import type { CheckoutDeps } from '../checkout/routes.ts';
import {
  limitsOfOrganisation,
  memberOf,
  organisationUsers,
  pendingInvites,
  refuseOwnChange,
  organisationOfAdmin,
} from '../../features/org-users/index.ts';
import { notFound } from '../../domain/errors.ts';
import {
  approvalOrders,
  approvalsOfOrganisation,
  LimitsForm,
  RejectForm,
  reject,
  setMemberLimits,
  withdraw,
  type ApprovalChoice,
} from '../../features/approvals/index.ts';
import { figuresFor } from '../../features/orders/index.ts';
import { approve } from './approve.ts';
import { route, routes } from '../../http/route.ts';

const USERS = '/account/organization/users';
const QUEUE = '/account/organization/approvals';

/** The queue page's locals (also what a refused form re-renders). */
async function queueLocals(s: Services, req: Request, extra: Record<string, unknown> = {}) {
  const org = await organisationOfAdmin(s.db, req.user!);
  const rows = await approvalsOfOrganisation(s.db, org.id, ['pending']);
  const decided = await approvalsOfOrganisation(s.db, org.id, ['approved', 'rejected', 'withdrawn'], 20);
  // What the approver decides on: the items, the figures adding up, the PO and how it will be paid.
  const carts = new Map(
    (
      await approvalOrders(
        s.db,
        rows.map((r) => r.orderId),
      )
    ).map((o) => [o.id, o]),
  );
  const figuresOf = figuresFor({ t: req.t as never, locale: req.locale });
  const view = (r: (typeof rows)[number]) => {
    const choice = r.choice as ApprovalChoice;
    const cart = carts.get(r.orderId);
    return {
      ...r,
      limitReason: choice.limitReason ?? r.reason,
      self: r.requestedBy === req.user!.id,
      name: [r.firstName, r.lastName].filter(Boolean).join(' ') || r.email,
      figures: cart ? figuresOf(cart) : null,
      poNumber: choice.input?.po_number ?? cart?.poNumber ?? null,
      paymentType: choice.input?.payment_type ?? null,
    };
  };
  return {
    title: req.t('approvals.title'),
    organisation: org,
    rows: rows.map(view),
    decided: decided.map(view),
    accountNav: 'approvals',
    values: {},
    fields: {},
    rejectId: null,
    ...extra,
  };
}

/** The org-users page's locals with the members' limits (also what a refused limits form re-renders). */
async function usersLocals(s: Services, req: Request, extra: Record<string, unknown> = {}) {
  const org = await organisationOfAdmin(s.db, req.user!);
  const [users, invites, limits] = await Promise.all([
    organisationUsers(s.db, org.id),
    pendingInvites(s.db, org.id),
    limitsOfOrganisation(s.db, org.id),
  ]);
  return {
    title: req.t('orgu.title'),
    organisation: org,
    users,
    invites,
    limits: Object.fromEntries(limits.map((l) => [l.userId, l])),
    accountNav: 'orgUsers',
    limitsValues: {},
    limitsUserId: null,
    fields: {},
    ...extra,
  };
}

export function approvalRoutes(s: Services, deps: CheckoutDeps): Router {
  const r = routes({ mergeParams: true });

  registerMemberLimits(r, s);
  registerQueue(r, s, deps);

  /** POST /{locale}/account/approvals/{id}/withdraw: the member's own request, while it waits. */
  route(
    r,
    'post',
    '/account/approvals/:approvalId/withdraw',
    { allow: 'signed-in', note: 'own request only (404 otherwise); while it waits' },
    async (req, res) => {
      const id = parseInput(IdParam, req.params.approvalId);
      await withdraw(s, req.user!, id);
      if (wantsJson(req)) return void res.json({ status: 'withdrawn', approval_id: id });
      flash(req, 'success', req.t('approvals.withdrawn'));
      res.redirect(303, `/${req.locale}/cart`);
    },
  );

  return r;
}

/** A member's spending limits, set on their row of the users list. */
function registerMemberLimits(r: Router, s: Services): void {
  /** POST /{locale}/account/organization/users/{id}/limits */
  route(
    r,
    'post',
    `${USERS}/:userId/limits`,
    { allow: 'organisation.users', note: "own organisation's members' spending limits; 404 otherwise" },
    // req.params is gone by the time the error handler renders: the id is taken here.
    (req, res, next) => {
      const limitsUserId = Number(req.params.userId);
      formPage('org-users/index', (rq) => usersLocals(s, rq, { limitsValues: rq.body ?? {}, limitsUserId }))(
        req,
        res,
        next,
      );
    },
    async (req, res) => {
      const userId = parseInput(IdParam, req.params.userId);
      if (userId === req.user!.id) return refuseOwnChange(req, res, 'limits', (rq) => usersLocals(s, rq));
      const org = await organisationOfAdmin(s.db, req.user!);
      if (!(await memberOf(s.db, org.id, userId))) throw notFound(); // another organisation's user: 404 before any validation
      const form = parseInput(LimitsForm, req.body);
      const { email } = await setMemberLimits(s.db, req.user!, userId, form);
      if (wantsJson(req))
        return void res.json({
          user_id: userId,
          per_order_limit: form.perOrderLimit,
          per_period_limit: form.perPeriodLimit,
          period: form.period,
        });
      flash(req, 'success', req.t('approvals.limitsSaved', { email }));
      res.redirect(303, `/${req.locale}${USERS}`);
    },
  );
}

/** The organisation's carts waiting for approval, approved or rejected. */
function registerQueue(r: Router, s: Services, deps: CheckoutDeps): void {
  /** GET /{locale}/account/organization/approvals */
  route(
    r,
    'get',
    QUEUE,
    { allow: 'organisation.users', note: "own organisation's carts waiting for approval" },
    async (req, res) => {
      const locals = await queueLocals(s, req);
      if (wantsJson(req))
        return void res.json({
          approvals: locals.rows.map((a) => ({
            id: a.id,
            order_id: a.orderId,
            member: a.email,
            total: a.total,
            currency: a.currency,
            reason: a.limitReason,
            created_at: a.createdAt,
          })),
        });
      await res.page('approvals/index', locals);
    },
  );

  /** POST /{locale}/account/organization/approvals/{id}/approve */
  route(
    r,
    'post',
    `${QUEUE}/:approvalId/approve`,
    { allow: 'organisation.users', note: "own organisation only; never one's own cart" },
    formPage('approvals/index', (req) => queueLocals(s, req)),
    async (req, res) => {
      const id = parseInput(IdParam, req.params.approvalId);
      const result = await approve(s, deps.payments, req.user!, id, publicBase(s.config));
      if (wantsJson(req))
        return void res.json({
          status: 'approved',
          approval_id: id,
          order_id: result.body.order_id,
          total: result.body.total,
        });
      flash(req, 'success', req.t('approvals.approved', { id: result.body.order_id }));
      res.redirect(303, `/${req.locale}${QUEUE}`);
    },
  );

  /** POST /{locale}/account/organization/approvals/{id}/reject */
  route(
    r,
    'post',
    `${QUEUE}/:approvalId/reject`,
    { allow: 'organisation.users', note: 'own organisation only; reason required' },
    (req, res, next) => {
      const rejectId = Number(req.params.approvalId);
      formPage('approvals/index', (rq) => queueLocals(s, rq, { values: rq.body ?? {}, rejectId }))(req, res, next);
    },
    async (req, res) => {
      const id = parseInput(IdParam, req.params.approvalId);
      const { reason } = parseInput(RejectForm, req.body);
      await reject(s, req.user!, id, reason, publicBase(s.config));
      if (wantsJson(req)) return void res.json({ status: 'rejected', approval_id: id, reason });
      flash(req, 'success', req.t('approvals.rejected'));
      res.redirect(303, `/${req.locale}${QUEUE}`);
    },
  );
}
