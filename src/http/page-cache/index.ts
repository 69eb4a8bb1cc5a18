/**
 * Render once, serve many: the finished HTML of storefront pages that read the same for every
 * visitor (landing, catalog, product, parts), kept per (path and query, locale, channel) in each
 * app process and served without routing to the handler, rendering, or compressing again.
 *
 * What differs per visitor goes into the cached bytes per request, by a splice at known places:
 * the page is rendered once with markers where the visitor's parts go (csrfToken() and slot(name)
 * in the views, and req.csrfToken() for handlers that put the token in island props), the HTML is
 * cut at the markers, and each request joins the pieces with its own:
 *   - csrf: a fresh token from the visitor's own secret (csurf);
 *   - cartCount, account, apiToken: the header's cart badge, account menu / sign-in link and the
 *     page's API token, each a partial (SLOT_VIEWS) rendered for the visitor; for a visitor who is
 *     not signed in and has an empty cart it is the same for everyone in a locale, and kept.
 * Gzip is spliced the same way (./gzip.ts): the pieces are compressed once, the visitor's text
 * goes in as stored blocks.
 *
 * Never cached (and never served from here): other methods, JSON answers, bearer requests, a
 * visitor with flash messages, staff who see edit links (canTranslate, or a route's `bypass`), and
 * any answer that is not a 200 page (errors, redirects, form pages). Headers are not cached at
 * all: a hit gets its own (helmet's, and csurf's Set-Cookie for a first visit). The CSP allows
 * scripts by origin ('self'), not by per-request nonce, so a cached page's scripts stay allowed.
 *
 * Fresh: emptied by invalidate(), which app.ts calls when the read model hears that a table the
 * storefront reads was written (LISTEN/NOTIFY, every process) and after every cross-process event
 * (interface text saved, instructionals…). A render that began before an invalidation is not kept.
 * Stock has no trigger: an entry is served for `ttlMs` (the read model's stock delay), then one
 * request renders it again while others still get the previous bytes.
 * Bounded: an LRU of at most `maxEntries` pages and `maxBytes` bytes.
 *
 * A route opts in with `pageCache.route()` before its handler; the handler renders with res.page,
 * and what it renders must not depend on the visitor except through the slots.
 */
import { randomBytes } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import { LRUCache } from 'lru-cache';
import { wantsJson } from '../wants-json.ts';
import { acceptsGzip, gzipChunks, piece, rawChunks, type Piece } from './gzip.ts';

/** The per-visitor parts of a page other than the CSRF token: each a partial of its own. */
export const SLOT_VIEWS = {
  cartCount: 'partials/cart-count',
  account: 'partials/account-menu',
  apiToken: 'partials/api-token',
} as const;
export type SlotName = keyof typeof SLOT_VIEWS;
type Part = SlotName | 'csrf';

export type Entry = { segments: Piece[]; parts: Part[]; locale: string; freshUntil: number; bytes: number };

/** Whose parts go into a page: the CSRF token's maker, and whether the visitor is plain (not signed in, empty cart). */
export type Visitor = { csrfToken: () => string; plain: boolean };

type Fill = {
  key: string;
  generation: number;
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

export class PageCache {
  private readonly lru: LRUCache<string, Entry>;
  /** Renders in flight by key: the requests that find one wait for it instead of rendering too. */
  private readonly pending = new Map<string, Promise<Entry | undefined>>();
  /** The slots of a visitor who is not signed in and has an empty cart, by slot and locale. */
  private readonly plainSlots = new Map<string, Piece>();
  private generation = 0;
  private readonly nonce = randomBytes(6).toString('hex');
  private readonly markers: RegExp;
  private readonly now: () => number;
  /** Counts for diagnostics and tests. */
  readonly stats = { hit: 0, stale: 0, miss: 0, bypass: 0, invalidations: 0 };

  constructor(private readonly options: PageCacheOptions) {
    this.lru = new LRUCache<string, Entry>({
      max: options.maxEntries ?? 5_000,
      maxSize: options.maxBytes ?? 64 * 2 ** 20,
      sizeCalculation: (e) => e.bytes,
    });
    // Private-use characters: no escaping (HTML, JSON in a script) changes them, no text has them.
    this.markers = new RegExp(`\uE000${this.nonce}:(\\w+)\uE001`, 'g');
    this.now = options.now ?? Date.now;
  }

  private marker(part: Part): string {
    return `\uE000${this.nonce}:${part}\uE001`;
  }

  /** Empties the cache; a render in flight is not kept. */
  invalidate() {
    this.generation++;
    this.stats.invalidations++;
    this.lru.clear();
    this.pending.clear();
    this.plainSlots.clear();
  }

  get size(): number {
    return this.lru.size;
  }

  /** A slot's HTML for this request's visitor (views call it as `slot(name)`). */
  slotHtml(name: SlotName, res: Response): string {
    if (res.pageCacheFill) return this.marker(name);
    return this.options.renderPartial(SLOT_VIEWS[name], res.locals);
  }

  /** In front of a page route's handler: serves the cached page, or lets the handler render it for the cache. */
  route(opts: RouteOptions = {}): RequestHandler {
    return async (req, res, next) => {
      if (!this.eligible(req, res, opts)) {
        this.stats.bypass++;
        return next();
      }
      const key = `${res.locals.locale}\n${(res.locals.channel as { code?: string } | undefined)?.code ?? ''}\n${req.originalUrl}`;
      const entry = this.lru.get(key);
      if (entry && entry.freshUntil > this.now()) return this.serve(req, res, entry, 'hit', visitorOf(req, res));
      const pending = this.pending.get(key);
      if (pending && entry) return this.serve(req, res, entry, 'stale', visitorOf(req, res));
      if (pending) {
        const filled = await pending;
        if (filled) return this.serve(req, res, filled, 'hit', visitorOf(req, res));
        this.stats.bypass++;
        return next();
      }
      this.startFill(key, req, res);
      next();
    };
  }

  private eligible(req: Request, res: Response, opts: RouteOptions): boolean {
    if (req.method !== 'GET' || req.bearer || wantsJson(req)) return false;
    if ((res.locals.flash as unknown[] | undefined)?.length) return false;
    if (res.locals.canTranslate) return false;
    return !(req.user && opts.bypass?.(req));
  }

  /** This request renders the page: markers stand for the visitor's parts until res.page finishes. */
  private startFill(key: string, req: Request, res: Response) {
    let resolve!: (e: Entry | undefined) => void;
    const promise = new Promise<Entry | undefined>((r) => (resolve = r));
    this.pending.set(key, promise);
    let settled = false;
    const fill: Fill = {
      key,
      generation: this.generation,
      freshUntil: this.now() + this.options.ttlMs,
      csrfToken: req.csrfToken,
      settle: (entry) => {
        if (settled) return;
        settled = true;
        if (this.pending.get(key) === promise) this.pending.delete(key);
        resolve(entry);
      },
      finish: (html, status, locals) => this.finish(res, html, status, locals),
    };
    res.pageCacheFill = fill;
    req.csrfToken = () => this.marker('csrf');
    // The handler answered without res.page (an error it sent itself, a redirect): nothing to keep.
    res.once('close', () => fill.settle(undefined));
  }

  /**
   * res.page's end when this request renders for the cache: cut the HTML at the markers, keep it
   * when it is a plain 200 page rendered since the last invalidation, answer with the visitor's parts.
   */
  private finish(res: Response, html: string, status: number, locals: Record<string, unknown>) {
    const fill = res.pageCacheFill!;
    const req = res.req;
    res.pageCacheFill = undefined;
    req.csrfToken = fill.csrfToken;
    const split = html.split(this.markers);
    const segments: Piece[] = [];
    const parts: Part[] = [];
    for (let i = 0; i < split.length; i++) {
      if (i % 2 === 0) segments.push(piece(Buffer.from(split[i])));
      else parts.push(split[i] as Part);
    }
    const whole = segments.every((s) => !s.raw.includes(`\uE000${this.nonce}`)) && parts.every((p) => p === 'csrf' || p in SLOT_VIEWS);
    const bytes = segments.reduce((n, s) => n + s.raw.length, 0);
    // Room for the compressed copy made when a client first asks for gzip.
    const entry: Entry = { segments, parts, locale: String(res.locals.locale), freshUntil: fill.freshUntil, bytes: Math.ceil(bytes * 1.3) + 200 };
    const keep = whole && status === 200 && fill.generation === this.generation && !(res.locals.flash as unknown[] | undefined)?.length && !locals.formError;
    if (keep) this.lru.set(fill.key, entry);
    fill.settle(keep ? entry : undefined);
    this.serve(req, res, entry, keep ? 'miss' : 'bypass', visitorOf(req, res), status);
  }

  /** The entry with this visitor's parts, gzipped if the client takes it. */
  serve(req: Request, res: Response, entry: Entry, state: CacheState, visitor: Visitor, status = 200) {
    this.stats[state]++;
    const gzip = acceptsGzip(req.headers['accept-encoding']);
    const slot = (part: SlotName) => (visitor.plain ? this.plainSlot(part, entry.locale, res) : Buffer.from(this.options.renderPartial(SLOT_VIEWS[part], res.locals)));
    const bytes = Buffer.concat(this.body(entry, visitor.csrfToken, slot, gzip));
    res.statusCode = status;
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.vary('Accept-Encoding');
    if (gzip) res.setHeader('Content-Encoding', 'gzip');
    res.setHeader('Content-Length', bytes.length);
    res.setHeader('X-Page-Cache', state);
    res.end(bytes);
  }

  /** The page's bytes as chunks, in order. */
  private body(entry: Entry, csrfToken: () => string, slot: (part: SlotName) => Piece | Buffer, gzip: boolean): Buffer[] {
    let token: Buffer | undefined;
    const body: (Piece | Buffer)[] = [];
    for (let i = 0; i < entry.segments.length; i++) {
      body.push(entry.segments[i]);
      const part = entry.parts[i];
      if (part === undefined) break;
      body.push(part === 'csrf' ? (token ??= Buffer.from(csrfToken())) : slot(part));
    }
    return gzip ? gzipChunks(body) : rawChunks(body);
  }

  /** A plain visitor's slot: the same for all of them in a locale (rendered with the first one's locals). */
  private plainSlot(name: SlotName, locale: string, res: Response): Piece {
    const key = `${name}\n${locale}`;
    let p = this.plainSlots.get(key);
    if (!p) this.plainSlots.set(key, (p = piece(Buffer.from(this.options.renderPartial(SLOT_VIEWS[name], res.locals)))));
    return p;
  }
}

/** The visitor of a request that went through the app's middleware (session, CSRF, page locals). */
function visitorOf(req: Request, res: Response): Visitor {
  return { csrfToken: () => (req.csrfToken ? req.csrfToken() : ''), plain: !req.user && !(Number(res.locals.cartCount) > 0) };
}
