/**
 * The permission screens of the back office (permissions.edit, declared on each route):
 * /{locale}/admin/permissions (find a user or an organisation), the account permissions screen
 * with its permission adder (…/users/{id}, …/organisations/{id}) and the confirmation before an
 * override is removed (…/remove?key=).
 */
import type { Router, Request, Response } from 'express';
import type { Services } from '../../services.ts';
import { AppError } from '../../domain/errors.ts';
import { flash } from '../../http/context.ts';
import { translated } from '../../http/error-handler.ts';
import { IdParam, parseInput } from '../../http/validate.ts';
import { wantsJson } from '../../http/wants-json.ts';
import {
  findOrganisationById,
  findUsers,
  listOrganisations,
  membersOf,
  overridesOfOrganisation,
  permissionHistory,
  permissionRegistry,
  userWithOverrides,
} from './queries.ts';
import { OverrideInput, RemoveInput, RemoveQuery, UserSearch } from './schemas.ts';
import { removeOrganisationOverride, removeUserOverride, setOrganisationOverride, setUserOverride } from './service.ts';
import { adderKeys, organisationRows, userRows } from './view-model.ts';
import { route, routes } from '../../http/route.ts';

type Kind = 'users' | 'organisations';
const BASE = '/admin/permissions';

export function permissionRoutes(s: Services): Router {
  const r = routes({ mergeParams: true });

  /** GET /{locale}/admin/permissions */
  route(r, 'get', BASE, { allow: 'permissions.edit' }, async (req, res) => {
    const q = parseInput(UserSearch, req.query);
    const [users, organisations] = await Promise.all([findUsers(s.db, q.q), listOrganisations(s.db)]);
    await res.page('permissions/index', {
      title: req.t('perm.title'),
      layout: 'layouts/admin',
      nav: 'permissions',
      q: q.q ?? '',
      users,
      organisations,
    });
  });

  for (const kind of ['users', 'organisations'] as const) {
    registerOverrides(r, s, kind);
    registerRemoval(r, s, kind);
  }

  return r;
}

const idOf = (req: Request) => parseInput(IdParam, req.params.id);

/** A subject's screen and its permission adder. */
function registerOverrides(r: Router, s: Services, kind: Kind): void {
  const path = `${BASE}/${kind}/:id`;
  const table = kind === 'users' ? 'user_permissions' : 'organisation_permissions';
  const never = kind === 'users' ? 'never its own' : 'never its own organisation';

  /** GET /{locale}/admin/permissions/{users|organisations}/{id} */
  route(r, 'get', path, { allow: 'permissions.edit' }, async (req, res) => subjectPage(s, req, res, kind, idOf(req)));

  /** POST /{locale}/admin/permissions/{users|organisations}/{id} — the permission adder: grant or deny a key, with a reason. */
  route(
    r,
    'post',
    path,
    { allow: 'permissions.edit', note: `only keys the editor holds; ${never}` },
    async (req, res) => {
      const id = idOf(req);
      try {
        const input = parseInput(OverrideInput, req.body);
        await (kind === 'users' ? setUserOverride : setOrganisationOverride)(s.db, req.user!, id, input);
        s.readModel.changed(table);
        if (wantsJson(req)) return void res.json({ ok: true });
        flash(req, 'success', req.t(input.effect === 'grant' ? 'perm.granted' : 'perm.denied', { key: input.key }));
        res.redirect(303, `/${req.locale}${BASE}/${kind}/${id}`);
      } catch (err) {
        if (wantsJson(req) || !(err instanceof AppError) || err.status === 404 || err.status >= 500) throw err;
        const te = translated(err, req);
        await subjectPage(s, req, res, kind, id, {
          values: req.body ?? {},
          fields: te.fields ?? {},
          error: te.message,
          status: te.status,
        });
      }
    },
  );
}

/** The removal of an override, confirmed first. */
function registerRemoval(r: Router, s: Services, kind: Kind): void {
  const path = `${BASE}/${kind}/:id`;
  const table = kind === 'users' ? 'user_permissions' : 'organisation_permissions';
  const never = kind === 'users' ? 'never its own' : 'never its own organisation';

  /** GET /{locale}/admin/permissions/{users|organisations}/{id}/remove?key= — confirm before removing an override. */
  route(r, 'get', `${path}/remove`, { allow: 'permissions.edit' }, async (req, res) => {
    const { key } = parseInput(RemoveQuery, req.query);
    await removePage(s, kind, req, res, idOf(req), key);
  });

  /** POST /{locale}/admin/permissions/{users|organisations}/{id}/remove — key and reason; refused or bad: the confirmation again with the message (403/400). */
  route(
    r,
    'post',
    `${path}/remove`,
    { allow: 'permissions.edit', note: `only keys the editor holds; ${never}` },
    async (req, res) => {
      const id = idOf(req);
      try {
        const input = parseInput(RemoveInput, req.body);
        await (kind === 'users' ? removeUserOverride : removeOrganisationOverride)(s.db, req.user!, id, input);
        s.readModel.changed(table);
        if (wantsJson(req)) return void res.json({ ok: true });
        flash(req, 'success', req.t('perm.removed', { key: input.key }));
        res.redirect(303, `/${req.locale}${BASE}/${kind}/${id}`);
      } catch (err) {
        const key = typeof req.body?.key === 'string' ? req.body.key : '';
        if (wantsJson(req) || !(err instanceof AppError) || err.status === 404 || err.status >= 500 || !key) throw err;
        const te = translated(err, req);
        const reason = typeof req.body?.reason === 'string' ? req.body.reason : '';
        // A key with nothing to confirm (mistyped, or removed meanwhile): the first error stands.
        await removePage(s, kind, req, res, id, key, {
          reason,
          fields: te.fields ?? {},
          error: te.message,
          status: te.status,
        }).catch((e) => {
          throw res.headersSent ? e : err;
        });
      }
    },
  );
}

const t = (req: Request) => req.t as unknown as (k: string, o?: Record<string, unknown>) => string;

/** The account permissions screen with the permission adder (values/fields: the adder's form again after bad input). */
async function subjectPage(
  s: Services,
  req: Request,
  res: Response,
  kind: Kind,
  id: number,
  form: { values?: Record<string, unknown>; fields?: Record<string, string>; error?: string; status?: number } = {},
) {
  const registry = await permissionRegistry(s.db);
  const common = {
    layout: 'layouts/admin',
    nav: 'permissions',
    kind,
    values: form.values ?? { effect: 'grant' },
    fields: form.fields ?? {},
    formError: form.error,
    adderKeys: adderKeys(registry, req.user!),
  };
  if (kind === 'users') {
    const found = await userWithOverrides(s.db, id);
    if (!found) throw new AppError(404, 'not_found', 'No such user.');
    const { user } = found;
    const history = await permissionHistory(s.db, 'user', id);
    return res.page(
      'permissions/subject',
      {
        ...common,
        history,
        members: [],
        title: `${user.firstName} ${user.lastName}`,
        subject: {
          id: user.id,
          name: `${user.firstName} ${user.lastName}`,
          email: user.email,
          organisation: user.organisation,
          organisationId: user.organisationId,
        },
        rows: userRows(registry, found, t(req)),
        overrides: found.own,
        self: user.id === req.user!.id,
      },
      form.status ?? 200,
    );
  }
  const org = await findOrganisationById(s.db, id);
  if (!org) throw new AppError(404, 'not_found', 'No such organisation.');
  const [overrides, history, members] = await Promise.all([
    overridesOfOrganisation(s.db, id),
    permissionHistory(s.db, 'organisation', id),
    membersOf(s.db, id),
  ]);
  return res.page(
    'permissions/subject',
    {
      ...common,
      history,
      members,
      title: org.name,
      subject: { id: org.id, name: org.name },
      rows: organisationRows(registry, overrides, t(req)),
      overrides,
      self: org.id === req.user!.organisationId,
    },
    form.status ?? 200,
  );
}

/** The confirmation page; after a refusal or bad input, again with the message, the reason typed and the status. */
async function removePage(
  s: Services,
  kind: Kind,
  req: Request,
  res: Response,
  id: number,
  key: string,
  form: { reason?: string; fields?: Record<string, string>; error?: string; status?: number } = {},
) {
  const found = kind === 'users' ? await userWithOverrides(s.db, id) : null;
  const subject = kind === 'users' ? found?.user : await findOrganisationById(s.db, id);
  const overrides = kind === 'users' ? (found?.own ?? []) : await overridesOfOrganisation(s.db, id);
  // Nothing to confirm when there is no such grant or denial.
  if (!subject || !overrides.some((o) => o.key === key)) throw new AppError(404, 'not_found', 'Not found.');
  const name = 'email' in subject ? subject.email : subject.name;
  await res.page(
    'permissions/remove',
    {
      title: req.t('perm.remove.title'),
      layout: 'layouts/admin',
      nav: 'permissions',
      kind,
      id,
      key,
      name,
      reason: form.reason ?? '',
      fields: form.fields ?? {},
      formError: form.error,
    },
    form.status ?? 200,
  );
}
