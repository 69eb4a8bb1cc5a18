/** The page cache's types: the slots, the cached entry, its tags, and the options of the cache and its middleware. */
import type { Request, RequestHandler } from 'express';
import type { Locale } from '../../i18n/locales.ts';
import type { Piece } from './gzip.ts';

/** The per-visitor parts of a page other than the CSRF token: each a partial of its own. */
export const SLOT_VIEWS = {
  cartCount: 'partials/cart-count',
  account: 'partials/account-menu',
  apiToken: 'partials/api-token',
} as const;
export type SlotName = keyof typeof SLOT_VIEWS;
export type Part = SlotName | 'csrf';

/** A page as cut at the markers; `etag` names its bytes (not the visitor's parts), made once. */
export type Entry = {
  segments: Piece[];
  parts: Part[];
  locale: string;
  freshUntil: number;
  bytes: number;
  etag: string;
  tags: readonly string[];
};

/** The tag of a page that declares none (listings: the catalogue, the landing page, parts). */
export const LISTING_TAG = 'listing';
/** The tag of a page that shows this product (its own page, or a card of it on another's). */
export const productTag = (id: number | string) => `product:${id}`;

/**
 * Whose parts go into a page: the CSRF token's maker, whether the visitor is plain (not signed in,
 * empty cart) and, for a plain visitor without a session, the CSRF secret their cookie carries
 * (cookie-parser's req.signedCookies): the page's validator names it, so a page kept by the browser
 * is revalidated (304) only while its token still verifies.
 */
export type Visitor = { csrfToken: () => string; plain: boolean; csrfSecret?: string };

/** What the page cache's first middleware needs from the app (src/app.ts). */
export type FrontOptions = {
  /** The code of the channel a visitor without a session gets in this locale (context.ts channelFor). */
  channelFor: (locale: Locale) => Promise<string | undefined>;
  /** csurf (src/http/csrf.ts): gives the page its token, and a first visitor their secret's cookie. */
  csrf: RequestHandler;
};

export type Fill = {
  key: string;
  generation: number;
  /** invalidateTags' sequence number when the render began. */
  tagSeq: number;
  /** When the entry is due for a new render (stock has no trigger). */
  freshUntil: number;
  csrfToken: Request['csrfToken'];
  settle(entry: Entry | undefined): void;
  /** res.page's end: the rendered page (with markers) goes to the cache and to this visitor. */
  finish(html: string, status: number, locals: Record<string, unknown>): void;
};

declare global {
  namespace Express {
    interface Response {
      /** Set while this request renders a page for the cache (markers in place of the visitor's parts). */
      pageCacheFill?: Fill;
    }
  }
}

export type PageCacheOptions = {
  /** The session cookie's name: a request without it has no session (nobody signed in, no cart, no flash). */
  sessionCookie: string;
  /** The secret express-session signs that cookie with: one that does not verify is no session to it. */
  cookieSecret: string;
  /** Renders a partial of the views folder with these locals, synchronously. */
  renderPartial: (view: string, locals: Record<string, unknown>) => string;
  /** How long an entry is served before one request renders it again (stock has no trigger). */
  ttlMs: number;
  maxEntries?: number;
  maxBytes?: number;
  now?: () => number;
};

export type RouteOptions = {
  /** A signed-in visitor for whom this page reads differently (e.g. staff who can edit it). */
  bypass?: (req: Request) => boolean;
};

export type CacheState = 'hit' | 'stale' | 'miss' | 'bypass';
