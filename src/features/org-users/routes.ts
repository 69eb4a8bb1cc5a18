/**
 * An organisation administrator's pages (organisation.users, declared on each route):
 * /{locale}/account/organization/users — the list (tax exempt switch, remove), the
 * "organization user add" screen (…/add: mail an invitation) and the confirmation before a
 * user is removed (…/{id}/remove). Only ever the administrator's own organisation: another
 * organisation's user is a 404.
 */
import type { Router, Request, RequestHandler, Response } from 'express';
import type { Services } from '../../services.ts';
import { publicBase } from '../../config.ts';
import { flash } from '../../http/context.ts';
import { formPage, translated } from '../../http/error-handler.ts';
import { IdParam, parseInput } from '../../http/validate.ts';
import { wantsJson } from '../../http/wants-json.ts';
import { forbidden, notFound } from '../../domain/errors.ts';
import { limitsOfOrganisation, memberOf, organisationUsers, pendingInvites } from './queries.ts';
import { InviteInput, TaxExemptInput } from './schemas.ts';
import {
  inviteUser,
  organisationOfAdmin,
  removeUser,
  SELF_MESSAGES,
  setTaxExempt,
  type SelfChange,
} from './service.ts';
import { route, routes } from '../../http/route.ts';

const BASE = '/account/organization/users';

/**
 * A change to one's own account, refused (403, nothing written or audited): scripts get the JSON
 * error, a plain form post the users page again with the message. formPage leaves a 403 to the
 * error page, so the page is rendered here, as the permission screens render theirs.
 */
export async function refuseOwnChange(
  req: Request,
  res: Response,
  what: SelfChange,
  locals: (req: Request) => Promise<Record<string, unknown>>,
): Promise<void> {
  const err = forbidden(SELF_MESSAGES[what]);
  if (wantsJson(req)) throw err;
  await res.page(
    'org-users/index',
    { ...(await locals(req)), formError: translated(err, req).message, fields: {} },
    403,
  );
}

const list = (locale: string) => `/${locale}${BASE}`;

export function orgUserRoutes(s: Services): Router {
  const r = routes({ mergeParams: true });
  const { listOf, listPage } = listViews(s);

  /** GET /{locale}/account/organization/users */
  route(r, 'get', BASE, { allow: 'organisation.users', note: "own organisation's users only" }, async (req, res) => {
    if (wantsJson(req)) return void res.json(await listOf(req));
    await res.page('org-users/index', await listPage(req));
  });

  registerInvite(r, s);
  registerRemoval(r, s);
  registerTaxExempt(r, s, listPage);
  return r;
}

/** An invitation into the organisation. */
function registerInvite(r: Router, s: Services): void {
  const addForm = formPage('org-users/add', (req) => ({
    title: req.t('orgu.addTitle'),
    organisation: { name: '' },
    values: { email: req.body?.email ?? '' },
    accountNav: 'orgUsers',
  }));

  /** GET /{locale}/account/organization/users/add — the organization user add screen. */
  route(
    r,
    'get',
    `${BASE}/add`,
    { allow: 'organisation.users', note: 'invites into own organisation' },
    async (req, res) => {
      const org = await organisationOfAdmin(s.db, req.user!);
      await res.page('org-users/add', {
        title: req.t('orgu.addTitle'),
        organisation: org,
        values: {},
        fields: {},
        accountNav: 'orgUsers',
      });
    },
  );

  /** POST /{locale}/account/organization/users/add — mails the invitation. */
  route(
    r,
    'post',
    `${BASE}/add`,
    { allow: 'organisation.users', note: 'invites into own organisation' },
    addForm,
    async (req, res) => {
      const input = parseInput(InviteInput, req.body);
      const registerUrl = `${publicBase(s.config)}/${req.locale}/register`;
      await inviteUser(s.db, s.mailer, req.user!, input, registerUrl);
      if (wantsJson(req)) return void res.status(201).json({ ok: true });
      flash(req, 'success', req.t('orgu.sent', { email: input.email }));
      res.redirect(303, list(req.locale));
    },
  );
}

/** A member removed from the organisation, confirmed first. */
function registerRemoval(r: Router, s: Services): void {
  async function removeLocals(req: Request, param: unknown) {
    const org = await organisationOfAdmin(s.db, req.user!);
    const member = await memberOf(s.db, org.id, parseInput(IdParam, param));
    if (!member) throw notFound();
    return {
      title: req.t('orgu.removeTitle'),
      organisation: org,
      member,
      self: member.id === req.user!.id,
      accountNav: 'orgUsers',
    };
  }

  /** GET /{locale}/account/organization/users/{id}/remove — confirm first. */
  route(
    r,
    'get',
    `${BASE}/:userId/remove`,
    { allow: 'organisation.users', note: "own organisation's users; 404 otherwise" },
    async (req, res) => {
      await res.page('org-users/remove', await removeLocals(req, req.params.userId));
    },
  );

  // A refused removal (oneself): the confirmation again with the message. The error handler runs
  // outside this router, where req.params is empty: keep the id now.
  const removeForm: RequestHandler = (req, res, next) => {
    const userId = req.params.userId;
    return formPage('org-users/remove', (rq) => removeLocals(rq, userId))(req, res, next);
  };

  /** POST /{locale}/account/organization/users/{id}/remove */
  route(
    r,
    'post',
    `${BASE}/:userId/remove`,
    { allow: 'organisation.users', note: "own organisation's users; 404 otherwise" },
    removeForm,
    async (req, res) => {
      const { email } = await removeUser(s.db, req.user!, parseInput(IdParam, req.params.userId));
      if (wantsJson(req)) return void res.json({ ok: true });
      flash(req, 'success', req.t('orgu.removed', { email }));
      res.redirect(303, list(req.locale));
    },
  );
}

/** Whether a member may buy tax exempt. */
function registerTaxExempt(r: Router, s: Services, listPage: ListPage): void {
  /** A refused tax-exempt switch (a crafted value): the list again with the message. */
  const listForm = formPage('org-users/index', listPage);

  /** POST /{locale}/account/organization/users/{id}/tax-exempt — allowed=true|false */
  route(
    r,
    'post',
    `${BASE}/:userId/tax-exempt`,
    { allow: 'organisation.users', note: "own organisation's users; 404 otherwise" },
    listForm,
    async (req, res) => {
      const userId = parseInput(IdParam, req.params.userId);
      if (userId === req.user!.id) return refuseOwnChange(req, res, 'taxExempt', listPage);
      const { allowed } = parseInput(TaxExemptInput, req.body);
      await setTaxExempt(s.db, req.user!, userId, allowed);
      if (wantsJson(req)) return void res.json({ ok: true, allowed });
      flash(req, 'success', req.t('orgu.taxSaved'));
      res.redirect(303, list(req.locale));
    },
  );
}

/** The users list, as JSON (listOf) and as the page's locals (listPage). */
function listViews(s: Services) {
  /** The list's rows: members, pending invitations and each member's spending limits. */
  async function listOf(req: Request) {
    const organisation = await organisationOfAdmin(s.db, req.user!);
    const [users, invites, limits] = await Promise.all([
      organisationUsers(s.db, organisation.id),
      pendingInvites(s.db, organisation.id),
      limitsOfOrganisation(s.db, organisation.id),
    ]);
    return { organisation, users, invites, limits };
  }
  // Each member's spending limits, set with the small form on their row (src/workflows/approvals/routes.ts).
  const listPage = async (req: Request) => {
    const { limits, ...rest } = await listOf(req);
    return {
      title: req.t('orgu.title'),
      ...rest,
      limits: Object.fromEntries(limits.map((l) => [l.userId, l])),
      accountNav: 'orgUsers',
    };
  };
  return { listOf, listPage };
}

type ListPage = ReturnType<typeof listViews>['listPage'];
