/**
 * Saved payment methods and bank accounts, under /{locale}/:
 *   GET    /account/payment[?user_id=]                 the "edit user payments" page (island)
 *   GET    /account/payment/methods[?user_id=]         the methods as JSON
 *   POST   /account/payment/cards                      save a card: {token, user_id?} (token from the card provider)
 *   POST   /account/payment/bank-accounts              add a bank account: {public_token, user_id?} (from the bank link)
 *   POST   /account/payment/methods/{id}/default       make it the default
 *   POST   /account/payment/methods/{id}/verify        confirm the micro-deposits: {amount_1, amount_2}
 *   DELETE /account/payment/methods/{id}               remove it (the island asks first)
 *   GET    /order/saved-methods                        checkout's payment tab: the caller's usable methods
 * and unprefixed:
 *   GET    /api/plaid/link-token?user_id=              {link_token} from the bank-link provider
 * Every write is CSRF-protected (session) or bearer-authenticated, and audited.
 */
import type { Router, Request, Response } from 'express';
import type { Services } from '../../services.ts';
import { unauthorized } from '../../domain/errors.ts';
import { parseInput } from '../../http/validate.ts';
import { requireChannel } from '../../http/context.ts';
import { bankLinkProviderOf } from '../../providers/bank/index.ts';
import { paymentProviderOf } from '../../providers/payments/index.ts';
import { en as pmText } from '../../i18n/text/payment-methods.ts';
import { channelTakes, listMethods, personIdOf } from './queries.ts';
import { AddBank, AddCard, LinkTokenQuery, MethodId, OwnerQuery, VerifyDeposits } from './schemas.ts';
import {
  addBank,
  addCard,
  EDIT_KEY,
  methodFor,
  methodJson,
  removeMethod,
  resolveOwner,
  setDefault,
  usable,
  verifyBank,
} from './service.ts';
import { mount, route, routes } from '../../http/route.ts';

const labelsOf = (req: Request) =>
  Object.fromEntries(Object.keys(pmText).map((k) => [k.replace(/^pm\./, ''), req.t(k as never)])) as Record<
    string,
    string
  >;

const base = '/account/payment';

export function paymentMethodRoutes(s: Services): Router {
  const r = routes({ mergeParams: true });

  /** GET /{locale}/account/payment[?user_id=] */
  route(
    r,
    'get',
    base,
    { allow: 'signed-in', note: "own methods; ?user_id= a customer's for staff with customers.view" },
    paymentPage(s),
  );

  /** GET /{locale}/account/payment/methods[?user_id=] */
  route(
    r,
    'get',
    `${base}/methods`,
    { allow: 'signed-in', note: "own methods, or a customer's for staff" },
    async (req, res) => {
      const { user_id } = parseInput(OwnerQuery, req.query);
      const owner = await resolveOwner(s.db, req.user, user_id, false);
      res.json({ user_id: owner.id, methods: (await listMethods(s.db, owner.id)).map(methodJson) });
    },
  );

  registerNewMethods(r, s);

  registerMethodChanges(r, s);

  /** GET /{locale}/order/saved-methods — what checkout's payment tab offers: cards, and verified bank accounts where the store takes them. */
  route(
    r,
    'get',
    '/order/saved-methods',
    { allow: 'signed-in', note: 'own saved cards and verified bank accounts' },
    savedMethods(s),
  );

  return r;
}

/** A new card or bank account, the user's own or a customer's. */
function registerNewMethods(r: Router, s: Services): void {
  /** POST /{locale}/account/payment/cards */
  route(
    r,
    'post',
    `${base}/cards`,
    { allow: 'signed-in', note: "own, or a customer's for staff with customers.edit" },
    async (req, res) => {
      const body = parseInput(AddCard, req.body);
      const owner = await resolveOwner(s.db, req.user, body.user_id, true);
      const row = await addCard(s.db, paymentProviderOf(s), owner, req.user!.id, body.token);
      res.status(201).json({ method: methodJson(row) });
    },
  );

  /** POST /{locale}/account/payment/bank-accounts */
  route(
    r,
    'post',
    `${base}/bank-accounts`,
    { allow: 'signed-in', note: "own, or a customer's for staff with customers.edit" },
    async (req, res) => {
      const body = parseInput(AddBank, req.body);
      const owner = await resolveOwner(s.db, req.user, body.user_id, true);
      const row = await addBank(s.db, bankLinkProviderOf(s), owner, req.user!.id, body.public_token);
      res.status(201).json({ method: methodJson(row) });
    },
  );
}

/** A saved method made the default, verified (bank deposits) or removed. */
function registerMethodChanges(r: Router, s: Services): void {
  /** POST /{locale}/account/payment/methods/{id}/default */
  route(
    r,
    'post',
    `${base}/methods/:id/default`,
    { allow: 'signed-in', note: 'own method (404 otherwise)' },
    async (req, res) => {
      const m = await methodFor(s.db, req.user, parseInput(MethodId, req.params.id), true);
      res.json({ method: methodJson(await setDefault(s.db, m, req.user!.id)) });
    },
  );

  /** POST /{locale}/account/payment/methods/{id}/verify */
  route(
    r,
    'post',
    `${base}/methods/:id/verify`,
    { allow: 'signed-in', note: 'own method (404 otherwise)' },
    async (req, res) => {
      const m = await methodFor(s.db, req.user, parseInput(MethodId, req.params.id), true);
      const { amount_1, amount_2 } = parseInput(VerifyDeposits, req.body);
      res.json({
        method: methodJson(await verifyBank(s.db, bankLinkProviderOf(s), m, req.user!.id, [amount_1, amount_2])),
      });
    },
  );

  /** DELETE /{locale}/account/payment/methods/{id} */
  route(
    r,
    'delete',
    `${base}/methods/:id`,
    { allow: 'signed-in', note: 'own method (404 otherwise)' },
    async (req, res) => {
      const m = await methodFor(s.db, req.user, parseInput(MethodId, req.params.id), true);
      await removeMethod(s.db, m, req.user!.id);
      res.json({ removed: m.id });
    },
  );
}

/** GET /{locale}/account/payment[?user_id=]: the payment methods island, the user's own or a customer's. */
function paymentPage(s: Services) {
  return async (req: Request, res: Response) => {
    if (!req.user) return res.redirect(303, `/${req.locale}/login`);
    const { user_id } = parseInput(OwnerQuery, req.query);
    const owner = await resolveOwner(s.db, req.user, user_id, false);
    const cards = paymentProviderOf(s);
    const bank = bankLinkProviderOf(s);
    const L = labelsOf(req);
    const name = `${owner.firstName} ${owner.lastName}`.trim();
    const props = {
      locale: req.locale,
      userId: owner.id,
      self: owner.self,
      canEdit: owner.self || req.user.permissions.has(EDIT_KEY),
      methods: (await listMethods(s.db, owner.id)).map(methodJson),
      card: { provider: cards.kind, tokenizeUrl: cards.tokenizeUrl },
      bank: {
        provider: bank.kind,
        accountsUrl: bank.accountsUrl,
        linkTokenUrl: `/api/plaid/link-token?user_id=${owner.id}`,
        statementUrl: bank.kind === 'offline' && owner.self ? '/bank-link/statement' : null,
      },
      labels: L,
    };
    await res.page('account/payment', {
      title: owner.self ? L.title : L.titleFor.replace('{{name}}', name),
      heading: owner.self ? L.title : L.titleFor.replace('{{name}}', name),
      intro: L.intro,
      backHref: owner.self
        ? null
        : `/account/dashboard/customers/${(await personIdOf(s.db, owner.id)) ?? ''}`.replace(/\/$/, ''),
      backLabel: L.back,
      props,
    });
  };
}

/** GET /{locale}/order/saved-methods: what checkout's payment tab offers. */
function savedMethods(s: Services) {
  return async (req: Request, res: Response) => {
    if (!req.user) throw unauthorized();
    const channel = requireChannel(res);
    const [rows, cardsOk, bankOk] = await Promise.all([
      listMethods(s.db, req.user.id),
      channelTakes(s.db, channel.id, 'card'),
      channelTakes(s.db, channel.id, 'bank'),
    ]);
    const L = labelsOf(req);
    res.json({
      // Nothing the shop's configured providers cannot charge (production without a provider offers none).
      methods: rows
        .filter(
          (m) =>
            usable(m) &&
            (m.kind === 'card'
              ? cardsOk && paymentProviderOf(s).kind !== 'none'
              : bankOk && bankLinkProviderOf(s).kind !== 'none'),
        )
        .map(methodJson),
      manage_url: `/${req.locale}/account/payment`,
      labels: {
        legend: L['saved.legend'],
        new: L['saved.new'],
        manage: L['saved.manage'],
        card: L.card,
        bank: L.bank,
        default: L.default,
      },
    });
  };
}

/** Unprefixed: GET /api/plaid/link-token?user_id= (spec §7) → {link_token, expiration}. */
export function bankLinkApiRoutes(s: Services): Router {
  const r = routes();
  route(
    r,
    'get',
    '/api/plaid/link-token',
    { allow: 'signed-in', note: 'user_id: the caller, or a customer for staff with customers.edit' },
    async (req, res) => {
      if (!req.user) throw unauthorized();
      const { user_id } = parseInput(LinkTokenQuery, req.query);
      const owner = await resolveOwner(s.db, req.user, user_id, true);
      const t = await bankLinkProviderOf(s).createLinkToken(String(owner.id));
      res.json({ link_token: t.linkToken, expiration: t.expiration.toISOString() });
    },
  );
  // The provider's own endpoints (the offline sandbox's hosted form), each declared with its rule
  // by the provider; mounted with mount() so the route table names them by their full path.
  mount(r, '/bank-link', bankLinkProviderOf(s).router());
  return r;
}
