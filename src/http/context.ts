/**
 * Per-request context shared by every page: who is signed in, the locale and its
 * translator, the channel (currency), and the helpers views use. Pages read all of
 * it from res.locals; nothing in a view reaches into req.
 */
import { formatDate, type DateFormat } from '../domain/dates.ts';
import { wantsJson } from './wants-json.ts';
import { islandTextJson } from '../i18n/island-text.ts';
import { formatPercent } from '../domain/percent.ts';
import { taxNameText } from '../domain/tax-names.ts';
import type { NextFunction, RequestHandler, Request, Response } from 'express';
import escapeHtml from 'escape-html';
import { formatMoney, formatMoneyCompact, parseCents } from '../domain/money.ts';
import { intlLocale } from '../domain/locale-tag.ts';
import type { Texts } from '../i18n/index.ts';
import { DEFAULT_LOCALE, LOCALE_LABELS, LOCALES, type Locale } from '../i18n/locales.ts';
import { chooseChannel, currencyOf } from '../domain/channel-choice.ts';
import { BASE_CURRENCY } from '../domain/money.ts';
import { unavailable } from '../domain/errors.ts';
import type { ChannelInfo, CurrentUser } from './types.ts';
import { installPage } from './render.ts';
import type { PageCache, SlotName } from './page-cache/index.ts';
import { assetUrl, renderIsland } from './assets.ts';
import { adminNavFor } from './admin-nav.ts';
import { pageApiToken, sessionSignedIn } from './api-token.ts';

/**
 * Storefront areas whose pages exist yet. Navigation links to an area appear only
 * when it is open, so no menu leads to a missing page; an area's issue flips it.
 */
export const OPEN_AREAS = { parts: true, dealers: true } as const;

export type ContextDeps = {
  texts: Texts;
  channels: { all(): Promise<ChannelInfo[]> };
  /** The signed-in user of a session (undefined when deleted or disabled since). */
  loadUser: (userId: number) => Promise<CurrentUser | undefined>;
  /** The cookie signing secret: the page's bearer token is derived with it (src/http/api-token.ts). */
  config: { sessionSecret: string };
  /** The per-visitor parts of a page (`slot(name)` in views): src/http/page-cache. */
  pageCache: Pick<PageCache, 'slotHtml'>;
  /** Extra locals for HTML pages (read at request time, so areas can install it after start). */
  pageLocals?: (req: Request, res: Response) => Promise<void>;
  /** The page-text locals (edit links, the recording `t` for translators): installed by app.ts from the translations area. */
  pageText?: PageTextLocals;
};

/** What the translations area adds to every page for the signed-in user (src/features/translations/view-helpers.ts). */
export type PageTextLocals = (
  user: CurrentUser | undefined,
  locale: Locale,
  t: Request['t'],
) => Record<string, unknown>;

/** Runs once per request, before routing: user, default locale, page helpers. */
export function baseContext(deps: ContextDeps): RequestHandler {
  return async (req, res, next) => {
    installPage(res);
    // A sign-in lasts as long as its bearer token (14 days): an expired one is signed out, without a write.
    if (!req.user && req.session?.userId && sessionSignedIn(req.session)) {
      req.user = await deps.loadUser(req.session.userId);
      if (!req.user) delete req.session.userId; // deleted or disabled since sign-in
    }
    // Under /{locale}/ the page's locale is the URL's: applied once here (localeContext then has nothing to do).
    await applyLocale(req, res, deps, localeOfUrl(req.originalUrl) ?? req.session?.locale ?? DEFAULT_LOCALE);
    if (deps.pageLocals && req.method === 'GET' && !wantsJson(req)) await deps.pageLocals(req, res);
    next();
  };
}

/**
 * Whether a request under /{locale}/ moves the session to that locale: a session that holds
 * something (a sign-in, a cart) remembers the visitor's last locale for the unprefixed pages.
 */
export function sessionTakesLocale(
  session: { locale?: string; userId?: number; cartOrderId?: number } | undefined,
  locale: Locale,
): boolean {
  return !!session && session.locale !== locale && !!(session.userId || session.cartOrderId);
}

/** Inside /{locale}/…: switch the request to that locale (nothing to do when baseContext applied it from the URL). */
export function localeContext(
  deps: Pick<ContextDeps, 'texts' | 'channels' | 'config' | 'pageCache' | 'pageText'>,
  locale: Locale,
) {
  return async (req: Request, res: Response) => {
    if (req.locale !== locale || res.locals.locale !== locale) await applyLocale(req, res, deps, locale);
  };
}

/** The locale a URL's first segment names (`/fr-ca/…`), as the localized router takes it, or undefined. */
function localeOfUrl(url: string): Locale | undefined {
  const m = /^\/([a-z]{2}-[a-z]{2})(?=\/|\?|$)/.exec(url);
  return m && (LOCALES as readonly string[]).includes(m[1]) ? (m[1] as Locale) : undefined;
}

export async function applyLocale(
  req: Request,
  res: Response,
  deps: Pick<ContextDeps, 'texts' | 'channels' | 'config' | 'pageCache' | 'pageText'>,
  locale: Locale,
) {
  req.locale = locale;
  req.t = deps.texts.forLocale(locale);
  const channels = await deps.channels.all();
  const channel = channelFor(channels, req.session?.channelCode, locale);
  const pathRest = stripLocale(req.originalUrl);
  const user = req.user;
  Object.assign(res.locals, {
    locale,
    intlLocale: intlLocale(locale),
    lang: locale.split('-')[0],
    t: req.t,
    // The islands' own text (views/partials/alerts.ejs) through the plain translator: it is not listed in the page-text panel.
    islandTextJson: () => islandTextJson(req.t as unknown as (key: string) => string),
    user,
    areas: OPEN_AREAS,
    isBackOffice: !!user?.permissions.has('dashboard.view'),
    can: (key: string) => !!user?.permissions.has(key),
    adminNav: (current?: string) =>
      user ? adminNavFor(user.permissions, locale, current, req.t as (k: string) => string) : [],
    apiToken: user ? pageApiToken(deps.config.sessionSecret, req) : undefined,
    csrfToken: () => (req.csrfToken ? req.csrfToken() : ''),
    /** The header's cart badge, account menu and the API token meta: per visitor (the page cache puts them in per request). */
    slot: (name: SlotName) => deps.pageCache.slotHtml(name, res),
    channel,
    channels,
    /** The currency promotions, list prices and all-channel sums are kept in. */
    baseCurrency: BASE_CURRENCY,
    pathRest,
    url: (p: string) => `/${locale}${p.startsWith('/') ? p : `/${p}`}`,
    locales: LOCALES.map((code) => ({ code, label: LOCALE_LABELS[code], href: `/${code}${pathRest}` })),
    money: (amount: string | number | null | undefined, currency = currencyOf(channel)) => {
      const cents = parseCents(amount);
      return cents === null ? '—' : formatMoney(cents, currency, locale);
    },
    /** An amount already in cents (no trip through float dollars). */
    moneyCents: (cents: number, currency = currencyOf(channel)) => formatMoney(cents, currency, locale),
    /** A summary card's sum: over a million shown compact, the exact figure in the tooltip and for screen readers (HTML: print with <%-). */
    moneyCard: (amount: string | number | null | undefined, currency = currencyOf(channel)) => {
      const cents = parseCents(amount);
      if (cents === null) return '—';
      const f = formatMoneyCompact(cents, currency, locale);
      const [text, exact] = [escapeHtml(f.text), escapeHtml(f.exact)];
      return f.compact
        ? `<abbr title="${exact}"><span aria-hidden="true">${text}</span><span class="visually-hidden">${exact}</span></abbr>`
        : text;
    },
    formatNumber: (n: number | string) => new Intl.NumberFormat(intlLocale(locale)).format(Number(n)),
    /** A rate in percent in the page's language: 16.12 → '16,12 %' (fr-ca), '16.12%' (en-us). */
    formatPercent: (percent: number | string, digits?: number, minDigits?: number) =>
      formatPercent(percent, locale, digits, minDigits),
    /** A stored tax name ('GST') in the page's language ('TPS' on /fr-ca/); an unknown one as stored. */
    taxName: (name: string) => {
      const text = taxNameText(name);
      return text ? req.t(text.key, { ...text.vars, defaultValue: name }) : name;
    },
    formatDate: (d: Date | string | null, opts?: DateFormat) => formatDate(d, locale, opts),
    asset: assetUrl,
    island: renderIsland,
    flash: (res.locals.flash as unknown) ?? takeFlash(req),
  });
  // Edit links and sanitised HTML text; staff with the translation permission get a recording `t`.
  if (deps.pageText) Object.assign(res.locals, deps.pageText(user, locale, req.t));
}

/**
 * THE missing-channel policy, the only one. Every request gets a channel when the store
 * has one: the session's choice, else the locale's default (contract: en-us → US, en-ca and fr-ca →
 * CA, es-mx → MX), else the first (channelFor). When none resolves — no channel at all, or one
 * without a currency, a positive rate or a country it serves — the store is not set up: every route
 * that reads the channel (to price, sell, ship, or pick a default country) answers 503 with the
 * contract's error shape, code 'store_unavailable' (HTML: the error page says the store is not open
 * yet), and the error handler logs it as an error. No route invents a channel or a country ('US'),
 * and none carries on without one. test/http/require-channel.test.ts holds every route to it.
 */
export function requireChannel(res: Response): ChannelInfo {
  const channel = res.locals.channel as ChannelInfo | undefined;
  if (!usableChannel(channel)) throw unavailable(NO_CHANNEL);
  return channel;
}

/** Whether a channel can price, sell and ship (requireChannel's test). */
export function usableChannel(channel: ChannelInfo | undefined): channel is ChannelInfo {
  return !!channel && Number(channel.midMarketRate) > 0 && !!channel.currency && !!channel.countryCodes?.length;
}

/** The message of requireChannel's 503 (translated by the error handler for the page's language). */
/**
 * Once a visitor has a cart, the channel it is priced in stays theirs (the session's channel),
 * instead of following the language of the page: a French page of a US cart stays in USD, and a
 * GET never finds the cart in another channel to re-price (no write on a GET). Only a channel
 * switch (POST, which re-prices) changes it. Called by every write that creates or fills a cart,
 * and at sign-in.
 */
export function keepCartChannel(req: Request, channel: Pick<ChannelInfo, 'code'>) {
  if (req.session && req.session.channelCode !== channel.code) req.session.channelCode = channel.code;
}

/**
 * A write that gave the visitor a cart: an anonymous visitor's cart goes in their session, which
 * from then on keeps their locale too (sessionTakesLocale), in this same write, not on their next
 * page view.
 */
export function keepCartInSession(req: Request, orderId: number) {
  if (!req.user) req.session.cartOrderId = orderId;
  if (sessionTakesLocale(req.session, req.locale as Locale)) req.session.locale = req.locale as Locale;
}

export const NO_CHANNEL = 'No sales channel is configured for this store.';

/** The request's channel: the session's choice, else the locale's default, else the first (the rule is src/domain/channel-choice.ts). */
export function channelFor(
  channels: readonly ChannelInfo[],
  code: string | undefined,
  locale: Locale,
): ChannelInfo | undefined {
  return chooseChannel(channels, code, locale);
}

/** '/fr-ca/products?q=x' → '/products?q=x'; an unprefixed path stays as it is. */
export function stripLocale(url: string): string {
  const m = /^\/([a-z]{2}-[a-z]{2})(?=\/|\?|$)(.*)$/.exec(url);
  if (m && (LOCALES as readonly string[]).includes(m[1])) return m[2] || '/';
  return url || '/';
}

function takeFlash(req: Request) {
  const list = req.session?.flash ?? [];
  if (req.session?.flash) delete req.session.flash;
  return list;
}

export function flash(req: Request, kind: 'info' | 'success' | 'warning' | 'error', message: string) {
  (req.session.flash ??= []).push({ kind, message });
  flashed.add(req);
}

const flashed = new WeakSet<Request>();

/**
 * A redirect that carries a flash message writes the session first. Why: express-session saves a
 * changed session while it is already sending the response (the headers go first), so a browser
 * that follows the 303 at once could read the next page before the message is stored, and the
 * person never sees it (seen under load in the browser tests). Only requests that flashed wait:
 * nothing is written on a GET that did not change the session.
 */
export function saveFlashBeforeRedirect(req: Request, res: Response, next: NextFunction): void {
  const redirect = res.redirect;
  res.redirect = function redirectAfterSave(this: Response, ...args: unknown[]) {
    if (!flashed.has(req) || !req.session) return (redirect as (...a: unknown[]) => void).apply(this, args);
    req.session.save((err) => (err ? next(err) : (redirect as (...a: unknown[]) => void).apply(res, args)));
  } as Response['redirect'];
  next();
}
