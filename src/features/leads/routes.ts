/**
 * Leads (spec §1, §2 "New lead form", §5 account-exists, §7 accountexists):
 *   GET  /{locale}/leads/new[?dealer=]                    the form (anyone; staff see the account-exists hint); ?dealer names
 *                                                         the dealer chosen in the dealer finder (stored with the lead)
 *   POST /{locale}/leads/new                              store a lead (bot check for visitors) → 201 {id} | redirect
 *   POST /{locale}/admin/settings/person/accountexists    form email → {exists, url, name} (customers.view)
 *   GET  /{locale}/admin/leads[?status=&q=&dealer=]       the staff's lead list (customers.view), its filters in the URL
 *   POST /{locale}/admin/leads/{id}                       change a lead's status (_method=put)
 * Leads: 30 an hour per visitor; account-exists: 120 per 10 minutes per staff user (429 beyond).
 */
import type { Router, Request, RequestHandler, Response } from 'express';
import type { Services } from '../../services.ts';
import { AppError, notFound } from '../../domain/errors.ts';
import { byUserOrIp, pgRateLimit } from '../../http/rate-limit.ts';
import { requireChannel } from '../../http/context.ts';
import { parseInput } from '../../http/validate.ts';
import { wantsJson } from '../../http/wants-json.ts';
import { createCaptcha, type CaptchaProvider } from '../../providers/captcha/index.ts';
import { RECAPTCHA_SCRIPT } from '../../http/csp.ts';
import { LEAD_STATUSES } from '../../db/schema/constants.ts';
import { dealerNames, LEADS_PAGE_SIZE, listLeads } from './queries.ts';
import { AccountExistsBody, LeadBody, LeadListQuery, LeadParams, LeadStatusBody } from './schemas.ts';
import { accountExists, changeLeadStatus, chosenDealer, createLead, formOptions } from './service.ts';
import { formPage } from '../../http/error-handler.ts';
import { route, routes } from '../../http/route.ts';

/** Leads one visitor (address) or staff user may send in an hour. */
export const LEAD_LIMIT_PER_HOUR = 30;
/** Account-exists lookups one staff user may make in 10 minutes. */
export const ACCOUNT_EXISTS_LIMIT_PER_10_MIN = 120;

export function leadRoutes(s: Services, captcha: CaptchaProvider = createCaptcha(s.config)): Router {
  const r = routes({ mergeParams: true });
  // Who may reach each route: its own declaration (route(r, method, path, { allow }, …): src/http/route.ts).
  // Each lead is stored and each account-exists answer reveals an account: both are bounded per
  // visitor (counts in PostgreSQL, shared by every app process).
  const leadLimit = pgRateLimit(s.database.pool, 'lead', {
    windowMs: 60 * 60_000,
    limit: LEAD_LIMIT_PER_HOUR,
    key: byUserOrIp,
  });
  const lookupLimit = pgRateLimit(s.database.pool, 'accountexists', {
    windowMs: 10 * 60_000,
    limit: ACCOUNT_EXISTS_LIMIT_PER_10_MIN,
    key: byUserOrIp,
  });

  registerLeadForm(r, s, captcha, leadLimit);

  /** POST /{locale}/admin/settings/person/accountexists → {exists, url, name} */
  route(
    r,
    'post',
    '/admin/settings/person/accountexists',
    { allow: 'customers.view' },
    lookupLimit,
    async (req, res) => {
      const { email } = parseInput(AccountExistsBody, req.body);
      res.json(await accountExists(s.db, email, req.locale));
    },
  );

  registerLeadAdmin(r, s);

  return r;
}

/** The public lead form, and the lead it sends. */
function registerLeadForm(r: Router, s: Services, captcha: CaptchaProvider, leadLimit: RequestHandler): void {
  /** What the lead form shows, for the values given (the GET, and the form again when a POST is refused). */
  const formLocals = async (req: Request, res: Response, values: Record<string, string>) => {
    const country = (values.country || requireChannel(res).countryCodes[0]).toUpperCase();
    const dealerId = /^\d{1,9}$/.test(values.dealer ?? '') ? Number(values.dealer) : undefined;
    const [options, dealer] = await Promise.all([formOptions(s.db, country), chosenDealer(s.db, dealerId)]);
    return {
      title: req.t('leads.new.title'),
      values: { ...values, country, dealer: dealer ? String(dealer.id) : '' },
      dealer: dealer ?? null,
      ...options,
      captcha: {
        provider: captcha.name,
        siteKey: captcha.siteKey,
        token: captcha.issue(new Date()),
        script:
          captcha.name === 'recaptcha' ? `${RECAPTCHA_SCRIPT}?render=${encodeURIComponent(captcha.siteKey)}` : null,
      },
      checkAccounts: !!req.user?.permissions.has('customers.view'),
      sent: req.query.sent === '1',
    };
  };
  const renderForm = async (req: Request, res: Response, values: Record<string, string>) =>
    res.page('leads/new', { ...(await formLocals(req, res, values)), fields: {} });
  /** A refused lead: the form again with what was typed (the error handler's one form path: formPage). */
  const formAgain = formPage('leads/new', (req) => {
    const values = Object.fromEntries(
      Object.entries((req.body ?? {}) as Record<string, unknown>).filter(
        ([k, v]) => typeof v === 'string' && !['_csrf', 'recaptchaToken'].includes(k),
      ),
    ) as Record<string, string>;
    return formLocals(req, req.res!, values);
  });

  /** GET /{locale}/leads/new */
  route(r, 'get', '/leads/new', { allow: 'public' }, async (req, res) =>
    renderForm(req, res, typeof req.query.dealer === 'string' ? { dealer: req.query.dealer } : {}),
  );

  /** POST /{locale}/leads/new */
  route(r, 'post', '/leads/new', { allow: 'public' }, formAgain, leadLimit, async (req, res) => {
    const input = parseInput(LeadBody, req.body);
    const id = await createLead(s.db, captcha, input, {
      userId: req.user?.permissions.has('customers.view') ? req.user.id : null,
      remoteIp: req.ip,
      now: new Date(),
    });
    if (wantsJson(req)) return void res.status(201).json({ id });
    // The page itself says it was sent, and stays (not an empty form and a vanishing toast).
    res.redirect(303, `/${req.locale}/leads/new?sent=1`);
  });
}

/** The back office's leads, and their status. */
function registerLeadAdmin(r: Router, s: Services): void {
  /** GET /{locale}/admin/leads */
  route(r, 'get', '/admin/leads', { allow: 'customers.view' }, async (req, res) => {
    const q = parseInput(LeadListQuery, req.query);
    const [{ rows, total, page }, dealers] = await Promise.all([listLeads(s.db, q), dealerNames(s.db)]);
    const href = (p: number) => {
      const u = new URLSearchParams();
      if (q.status) u.set('status', q.status);
      if (q.q) u.set('q', q.q);
      if (q.dealer) u.set('dealer', String(q.dealer));
      if (p > 1) u.set('page', String(p));
      const qs = u.toString();
      return `/${req.locale}/admin/leads${qs ? `?${qs}` : ''}`;
    };
    await res.page('leads/admin-index', {
      layout: 'layouts/admin',
      nav: 'leads',
      title: req.t('leads.admin.title'),
      q,
      rows,
      total,
      statuses: LEAD_STATUSES,
      dealers,
      prevHref: page > 1 ? href(page - 1) : null,
      nextHref: page * LEADS_PAGE_SIZE < total ? href(page + 1) : null,
      from: total ? (page - 1) * LEADS_PAGE_SIZE + 1 : 0,
      to: Math.min(page * LEADS_PAGE_SIZE, total),
    });
  });

  /** POST /{locale}/admin/leads/{id} with _method=put and status (also PUT) */
  const setStatus = async (req: Request, res: Response) => {
    const p = LeadParams.safeParse(req.params);
    if (!p.success) throw notFound('That lead does not exist.');
    const { status } = parseInput(LeadStatusBody, req.body);
    await changeLeadStatus(s.db, p.data.leadId, status, req.user!.id);
    if (wantsJson(req)) return void res.json({ id: p.data.leadId, status });
    res.redirect(303, `/${req.locale}/admin/leads`);
  };
  route(r, 'put', '/admin/leads/:leadId', { allow: 'customers.view' }, setStatus);
  route(r, 'post', '/admin/leads/:leadId', { allow: 'customers.view' }, async (req, res) => {
    const method = String((req.body as { _method?: unknown } | undefined)?._method ?? 'put').toLowerCase();
    if (method !== 'put') throw new AppError(405, 'method_not_allowed', 'Use PUT (or _method=put).');
    await setStatus(req, res);
  });
}
