/** Sign in, register, sign out, password reset: /{locale}/login, /register, /logout, /password/reset. */
import type { Router, Request, Response } from 'express';
import { rotateCsrfSecret } from '../../http/csrf.ts';
import type { Services } from '../../services.ts';
import { publicBase } from '../../config.ts';
import { flash } from '../../http/context.ts';
import { formPage } from '../../http/error-handler.ts';
import { parseInput } from '../../http/validate.ts';
import { wantsJson } from '../../http/wants-json.ts';
import { Register, ResetConfirm, ResetRequest, SignIn } from './schemas.ts';
import { loadCurrentUser } from './queries.ts';
import { authLimits } from './limits.ts';
import { sha256 } from './crypto.ts';
import { API_TOKEN_LIFETIME_MS, sessionApiToken } from '../../http/api-token.ts';
import { inviteForRegister } from './invites.ts';
import { route, routes } from '../../http/route.ts';

// The form each POST renders again on bad input (src/http/error-handler.ts formPage).
const loginForm = formPage('auth/login', (req) => ({
  title: req.t('auth.signin.title'),
  values: { email: req.body?.email ?? '' },
}));
const registerForm = formPage('auth/register', (req) => {
  const { password: _p, ...values } = (req.body ?? {}) as Record<string, unknown>;
  const invite =
    typeof values.invite === 'string' && values.invite
      ? { token: values.invite, email: String(values.email ?? ''), organisation: '' }
      : undefined;
  return { title: req.t('auth.register.title'), values, invite };
});
const resetForm = formPage('auth/reset-request', (req) => ({
  title: req.t('auth.reset.title'),
  values: { email: req.body?.email ?? '' },
}));
const resetConfirmForm = formPage('auth/reset-confirm', (req, e) => ({
  title: req.t('auth.reset.choose'),
  token: String(req.body?.token ?? ''),
  invalid: e.code === 'reset_invalid',
}));

type Limits = ReturnType<typeof authLimits>;

export function authRoutes(s: Services): Router {
  const r = routes({ mergeParams: true });
  const limits = authLimits(s.database.pool, {
    onSignInLocked: (req, email, windowMs) =>
      s.auth.mailLockout(email, Math.round(windowMs / 60_000), `${publicBase(s.config)}/${req.locale}/password/reset`),
  });

  registerSignIn(r, s, limits);
  registerRegistration(r, s, limits);
  registerPasswordReset(r, s, limits);
  return r;
}

/** Signing in and out. */
function registerSignIn(r: Router, s: Services, limits: Limits): void {
  /** GET /{locale}/login */
  route(r, 'get', '/login', { allow: 'public' }, async (req, res) => {
    if (req.user) return res.redirect(homeFor(req));
    await res.page('auth/login', { title: req.t('auth.signin.title'), values: {}, fields: {} });
  });

  /** POST /{locale}/login — the same words whether the email is unknown or the password wrong. */
  route(r, 'post', '/login', { allow: 'public' }, loginForm, ...limits.signIn, async (req, res) => {
    const input = parseInput(SignIn, req.body);
    const userId = await s.auth.signIn(input.email, input.password);
    await startSession(req, s, userId);
    const user = (await loadCurrentUser(s.db, userId))!;
    req.user = user;
    const to = safeReturnTo(req.session.returnTo) ?? homeFor(req);
    delete req.session.returnTo;
    flash(req, 'success', req.t('auth.welcome', { name: user.firstName }));
    await saveSession(req);
    if (wantsJson(req)) return void res.json({ ok: true, redirect: to });
    res.redirect(303, to);
  });

  /** POST /{locale}/logout */
  route(r, 'post', '/logout', { allow: 'public' }, async (req, res) => {
    if (req.session.apiTokenId) await s.auth.revokeApiToken(req.session.apiTokenId);
    const locale = req.locale;
    await regenerate(req);
    flash(req, 'info', req.t('auth.signedOut'));
    if (wantsJson(req)) return void res.json({ ok: true });
    res.redirect(303, `/${locale}/`);
  });
}

/** A new account, by invitation or not. */
function registerRegistration(r: Router, s: Services, limits: Limits): void {
  /** GET /{locale}/register */
  route(
    r,
    'get',
    '/register',
    { allow: 'public', note: 'with ?invite= an organisation invitation' },
    async (req, res) => {
      if (req.user) return res.redirect(homeFor(req));
      // An organisation's invitation (?invite=): the form comes with the organisation attached and the invited address.
      const token = typeof req.query.invite === 'string' ? req.query.invite.slice(0, 200) : undefined;
      if (token) {
        const found = await inviteForRegister(s.db, sha256(token));
        if (!found)
          return res.page(
            'auth/register',
            {
              title: req.t('auth.register.title'),
              values: { accountType: 'personal' },
              fields: {},
              inviteInvalid: true,
            },
            400,
          );
        const invite = { token, email: found.email, organisation: found.organisation };
        return res.page('auth/register', {
          title: req.t('auth.register.title'),
          values: { accountType: 'organization', email: found.email, invite: token },
          fields: {},
          invite,
        });
      }
      await res.page('auth/register', {
        title: req.t('auth.register.title'),
        values: { accountType: 'personal' },
        fields: {},
      });
    },
  );

  /** POST /{locale}/register */
  route(r, 'post', '/register', { allow: 'public' }, registerForm, ...limits.register, async (req, res) => {
    const invite =
      typeof req.body?.invite === 'string' && req.body.invite ? String(req.body.invite).slice(0, 200) : undefined;
    // An invited person joins the inviting organisation: no organisation name to type.
    const input = parseInput(Register, invite ? { ...req.body, accountType: 'personal' } : req.body);
    const userId = await s.auth.register(input, req.locale, invite);
    await startSession(req, s, userId);
    flash(req, 'success', req.t('auth.welcome', { name: input.firstName }));
    await saveSession(req);
    if (wantsJson(req)) return void res.status(201).json({ ok: true, redirect: `/${req.locale}/account` });
    res.redirect(303, `/${req.locale}/account`);
  });
}

/** The reset link by mail, and the new password. */
function registerPasswordReset(r: Router, s: Services, limits: Limits): void {
  /** GET /{locale}/password/reset — the request form, or the new-password form with ?token= */
  route(r, 'get', '/password/reset', { allow: 'public' }, async (req, res) => {
    const token = typeof req.query.token === 'string' ? req.query.token : undefined;
    if (token) {
      const usable = await s.auth.isResetTokenUsable(token);
      return res.page(
        'auth/reset-confirm',
        { title: req.t('auth.reset.choose'), token, invalid: !usable, fields: {} },
        usable ? 200 : 400,
      );
    }
    await res.page('auth/reset-request', { title: req.t('auth.reset.title'), values: {}, fields: {} });
  });

  /** POST /{locale}/password/reset with token + password: set the new password. */
  const resetConfirm = async (req: Request, res: Response) => {
    const input = parseInput(ResetConfirm, req.body);
    const userId = await s.auth.resetPassword(input.token, input.password);
    await startSession(req, s, userId);
    flash(req, 'success', req.t('auth.reset.done'));
    if (wantsJson(req)) return void res.json({ ok: true });
    res.redirect(303, homeFor(req));
  };

  /** POST /{locale}/password/reset — with email: mail a link (rate-limited); with token + password: set it. */
  route(r, 'post', '/password/reset', { allow: 'public' }, (req, res, next) =>
    req.body?.token !== undefined ? resetConfirmForm(req, res, () => resetConfirm(req, res).catch(next)) : next(),
  );
  route(r, 'post', '/password/reset', { allow: 'public' }, resetForm, ...limits.resetMail, async (req, res) => {
    const input = parseInput(ResetRequest, req.body);
    const base = `${publicBase(s.config)}/${req.locale}/password/reset`;
    await s.auth.requestPasswordReset(input.email, base);
    if (wantsJson(req)) return void res.json({ ok: true, message: req.t('auth.reset.sent') });
    await res.page('auth/reset-request', { title: req.t('auth.reset.title'), values: {}, fields: {}, sent: true });
  });
}

/** Where a user lands after signing in: the back office for staff-side users, account pages for customers. */
export function homeFor(req: Request): string {
  return req.user?.permissions.has('dashboard.view') ? '/account/dashboard' : `/${req.locale}/account`;
}

function safeReturnTo(v: string | undefined): string | undefined {
  return v && v.startsWith('/') && !v.startsWith('//') && !v.includes('/login') ? v : undefined;
}

/** New session id at every sign-in (no fixation), keeping the anonymous cart and channel and the page's locale. Checkout signs in the account it creates with it too. */
export async function startSession(req: Request, s: Services, userId: number) {
  const keep = {
    channelCode: req.session.channelCode,
    cartOrderId: req.session.cartOrderId,
    showDiscount: req.session.showDiscount,
    returnTo: req.session.returnTo,
  };
  if (req.session.apiTokenId) await s.auth.revokeApiToken(req.session.apiTokenId);
  await regenerate(req);
  Object.assign(req.session, keep);
  req.session.userId = userId;
  // The unprefixed pages (/account/dashboard, /admin/…) read the session's locale: signing in at /fr-ca/login lands in French.
  req.session.locale = req.locale;
  // A new bearer token with the new session id (api-token.ts): the session keeps its id and expiry, never the token.
  const expiresAt = new Date(Date.now() + API_TOKEN_LIFETIME_MS);
  req.session.apiTokenId = await s.auth.issueApiToken(
    userId,
    sessionApiToken(s.config.sessionSecret, req.sessionID),
    expiresAt,
  );
  req.session.apiTokenExpiresAt = expiresAt.getTime();
  req.user = (await loadCurrentUser(s.db, userId)) ?? undefined;
  await s.onSignIn?.(req, userId);
}

/**
 * Writes the session now. Why: express-session saves a changed session while it is already
 * sending the response (headers first), so a browser that follows the 303 at once could arrive
 * before the signed-in session is stored and be sent back to sign in (seen under load in the
 * browser tests).
 */
export function saveSession(req: Request): Promise<void> {
  return new Promise((resolve, reject) => req.session.save((err) => (err ? reject(err) : resolve())));
}

/** A new session id and a new CSRF secret (tokens from before no longer work). */
function regenerate(req: Request): Promise<void> {
  if (req.res) rotateCsrfSecret(req, req.res);
  return new Promise((resolve, reject) => req.session.regenerate((err) => (err ? reject(err) : resolve())));
}
