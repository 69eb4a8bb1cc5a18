/**
 * Guest checkout's own pages, under /{locale}/:
 *   GET  /guest/orders/{order_id}   the guest's confirmation: only in the session that placed it (404 otherwise)
 *   GET  /guest/account?token=      "Create your account": the mailed link's form (400 page for a spent or expired link)
 *   POST /guest/account             token + password: the guest's record becomes an account, signed in
 * Checkout itself (customer info with `guest`, place order) is checkout's routes with the guest rules
 * (src/domain/guest-checkout.ts).
 */
import type { Router, Request } from 'express';
import { ipKeyGenerator } from 'express-rate-limit';
import { z } from 'zod';
import type { Services } from '../../services.ts';
import { notFound } from '../../domain/errors.ts';
import { flash } from '../../http/context.ts';
import { formPage } from '../../http/error-handler.ts';
import { pgRateLimit } from '../../http/rate-limit.ts';
import { IdParam, parseInput, text } from '../../http/validate.ts';
import { wantsJson } from '../../http/wants-json.ts';
import { NewPassword, saveSession, startSession } from '../auth/index.ts';
import { getOrderDetail, orderPageLocals } from '../orders/index.ts';
import { accountLinkOwner, claimGuestAccount } from './service.ts';
import { sessionPlaced } from './session.ts';
import { route, routes } from '../../http/route.ts';

const Claim = z.object({
  token: text().min(10, 'This link is invalid or has expired.').max(200),
  password: NewPassword,
});
const tokenOf = (req: Request) => (typeof req.query.token === 'string' ? req.query.token.slice(0, 200) : '');

/** Tries of the create-account form per client address in 15 minutes. */
export const GUEST_ACCOUNT_TRIES = 10;

export function guestRoutes(s: Services): Router {
  const r = routes({ mergeParams: true });

  /** GET /{locale}/guest/orders/{order_id} */
  route(
    r,
    'get',
    '/guest/orders/:orderId',
    { allow: 'public', note: 'only an order this session placed as a guest; 404 otherwise' },
    async (req, res) => {
      const id = parseInput(IdParam, req.params.orderId);
      if (!sessionPlaced(req, id)) throw notFound();
      const order = await getOrderDetail(s.db, id);
      if (!order || order.status === 'cart') throw notFound();
      await res.page('orders/customer', {
        ...(await orderPageLocals(s, req, order)),
        placed: true,
        guestPlaced: { email: order.person?.email ?? '' },
        fields: {},
      });
    },
  );

  const form = async (req: Request, token: string) => {
    const owner = token ? await accountLinkOwner(s.db, token) : undefined;
    return { title: req.t('guest.create.title'), token, email: owner?.email ?? '', invalid: !owner };
  };
  const claimForm = formPage('guest/account', async (req, e) => ({
    ...(await form(req, String(req.body?.token ?? ''))),
    ...(e.code === 'link_invalid' ? { invalid: true } : {}),
  }));

  /** GET /{locale}/guest/account?token= */
  route(
    r,
    'get',
    '/guest/account',
    { allow: 'public', note: 'the mailed single-use link (token)' },
    async (req, res) => {
      const locals = await form(req, tokenOf(req));
      await res.page('guest/account', { ...locals, fields: {} }, locals.invalid ? 400 : 200);
    },
  );

  /** POST /{locale}/guest/account (rate limited per client address, as the password reset form) */
  route(
    r,
    'post',
    '/guest/account',
    { allow: 'public', note: 'token + password; rate limited per address' },
    claimForm,
    pgRateLimit(s.database.pool, 'guestaccount:ip', {
      windowMs: 15 * 60_000,
      limit: GUEST_ACCOUNT_TRIES,
      key: (req) => `ip:${ipKeyGenerator(req.ip ?? '')}`,
    }),
    async (req, res) => {
      const input = parseInput(Claim, req.body);
      const userId = await claimGuestAccount(s.db, input.token, input.password);
      await startSession(req, s, userId);
      flash(req, 'success', req.t('guest.create.done'));
      await saveSession(req);
      if (wantsJson(req)) return void res.status(201).json({ ok: true, redirect: `/${req.locale}/account` });
      res.redirect(303, `/${req.locale}/account`);
    },
  );

  return r;
}
