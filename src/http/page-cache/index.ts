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
import { createHash, randomBytes } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import { LRUCache } from 'lru-cache';
import { wantsJson } from '../wants-json.ts';
import { hasSessionCookie, type SessionCookie } from '../cookies.ts';
import { isLocale } from '../../i18n/locales.ts';
import { acceptsGzip, gzipChunks, piece, rawChunks, type Piece } from './gzip.ts';
import {
  type CacheState,
  type Entry,
  type Fill,
  type FrontOptions,
  LISTING_TAG,
  type PageCacheOptions,
  type Part,
  type RouteOptions,
  SLOT_VIEWS,
  type SlotName,
  type Visitor,
} from './types.ts';
import { secretTag, signedSecret, visitorOf } from './visitor.ts';

export { LISTING_TAG, productTag, SLOT_VIEWS } from './types.ts';
export type { CacheState, Entry, FrontOptions, PageCacheOptions, RouteOptions, SlotName, Visitor } from './types.ts';

/** How many invalidateTags calls are remembered for renders in flight. */
const TAG_LOG_MAX = 1_000;

/** Cache-Control of a cached page: its CSRF token is the visitor's, so only their browser keeps it, and revalidates it. */
export const PAGE_CACHE_CONTROL = 'private, no-cache';

export class PageCache {
  private readonly lru: LRUCache<string, Entry>;
  /** Renders in flight by key: the requests that find one wait for it instead of rendering too. */
  private readonly pending = new Map<string, Promise<Entry | undefined>>();
  /** The slots of a visitor who is not signed in and has an empty cart, by slot and locale. */
  private readonly plainSlots = new Map<string, Piece>();
  private generation = 0;
  /** invalidateTags calls, most recent last (the last TAG_LOG_MAX): a render that began before one of its tags' is not kept. */
  private readonly tagLog: { seq: number; tags: ReadonlySet<string> }[] = [];
  private tagSeq = 0;
  private readonly nonce = randomBytes(6).toString('hex');
  private readonly markers: RegExp;
  private readonly now: () => number;
  private readonly session: SessionCookie;
  /** Counts for diagnostics and tests. */
  readonly stats = { hit: 0, stale: 0, miss: 0, bypass: 0, invalidations: 0, tagInvalidations: 0 };

  constructor(private readonly options: PageCacheOptions) {
    this.lru = new LRUCache<string, Entry>({
      max: options.maxEntries ?? 5_000,
      maxSize: options.maxBytes ?? 64 * 2 ** 20,
      sizeCalculation: (e) => e.bytes,
    });
    // Private-use characters: no escaping (HTML, JSON in a script) changes them, no text has them.
    this.markers = new RegExp(`\uE000${this.nonce}:(\\w+)\uE001`, 'g');
    this.now = options.now ?? Date.now;
    this.session = { name: options.sessionCookie, secret: options.cookieSecret };
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

  /**
   * Empties the pages that carry any of these tags (a product's page and the pages showing it: the
   * product's tag; the listings: LISTING_TAG); a render in flight with one of them is not kept.
   */
  invalidateTags(tags: readonly string[]) {
    const set = new Set(tags);
    this.stats.tagInvalidations++;
    this.tagLog.push({ seq: ++this.tagSeq, tags: set });
    if (this.tagLog.length > TAG_LOG_MAX) this.tagLog.shift();
    for (const [key, entry] of this.lru.entries()) if (entry.tags.some((t) => set.has(t))) this.lru.delete(key);
  }

  /** Whether a tag of these was invalidated after `seq` (or too long ago to tell). */
  private taggedSince(seq: number, tags: readonly string[]): boolean {
    if (seq === this.tagSeq) return false;
    if (!this.tagLog.length || this.tagLog[0].seq > seq + 1) return true;
    return this.tagLog.some((l) => l.seq > seq && tags.some((t) => l.tags.has(t)));
  }

  get size(): number {
    return this.lru.size;
  }

  /** A slot's HTML for this request's visitor (views call it as `slot(name)`). */
  slotHtml(name: SlotName, res: Response): string {
    if (res.pageCacheFill) return this.marker(name);
    return this.options.renderPartial(SLOT_VIEWS[name], res.locals);
  }

  /**
   * The first middleware of the page routes (mounted at /:locale, before compression, the session,
   * csurf and the context): a GET of a cached page by a visitor without a session (no session cookie
   * express-session would take: cookies.ts) is answered here, with csurf's token for the visitor
   * (csurf run through its middleware, as the routes run it). Anything else goes on: a script's
   * request, a bearer call, a page not cached (or due for a new render with none running), a page
   * whose plain header has not been rendered yet in its locale.
   */
  front(opts: FrontOptions): RequestHandler {
    return async (req, res, next) => {
      const locale = (req.params as { locale?: string }).locale;
      if (
        req.method !== 'GET' ||
        !isLocale(locale) ||
        req.headers.authorization !== undefined ||
        wantsJson(req) ||
        hasSessionCookie(req, this.session)
      )
        return next();
      const entry = this.plainEntry(this.keyOf(locale, await opts.channelFor(locale), req.originalUrl));
      if (!entry) return next();
      opts.csrf(req, res, (err?: unknown) => {
        if (err) return next(err);
        this.serve(req, res, entry, entry.freshUntil > this.now() ? 'hit' : 'stale', {
          csrfToken: () => req.csrfToken(),
          plain: true,
          csrfSecret: signedSecret(req),
        });
      });
    };
  }

  private keyOf(locale: string, channelCode: string | undefined, url: string): string {
    return `${locale}\n${channelCode ?? ''}\n${url}`;
  }

  /** The entry at `key` a plain visitor can be served now: fresh, or stale while its new render runs; its plain slots known. */
  private plainEntry(key: string): Entry | undefined {
    const entry = this.lru.get(key);
    if (!entry || (entry.freshUntil <= this.now() && !this.pending.has(key))) return undefined;
    return entry.parts.every((p) => p === 'csrf' || this.plainSlots.has(`${p}\n${entry.locale}`)) ? entry : undefined;
  }

  /** In front of a page route's handler: serves the cached page, or lets the handler render it for the cache. */
  route(opts: RouteOptions = {}): RequestHandler {
    return async (req, res, next) => {
      if (!this.eligible(req, res, opts)) {
        this.stats.bypass++;
        return next();
      }
      const key = this.keyOf(
        String(res.locals.locale),
        (res.locals.channel as { code?: string } | undefined)?.code,
        req.originalUrl,
      );
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
      tagSeq: this.tagSeq,
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
    const whole =
      segments.every((s) => !s.raw.includes(`\uE000${this.nonce}`)) &&
      parts.every((p) => p === 'csrf' || p in SLOT_VIEWS);
    const bytes = segments.reduce((n, s) => n + s.raw.length, 0);
    // Room for the compressed copy made when a client first asks for gzip.
    const etag = createHash('sha1')
      .update(html.replace(this.markers, '\uE000$1\uE001'))
      .digest('base64url')
      .slice(0, 20);
    // The route's tags (res.page's `pageTags`: a product page names the products it shows), else a listing's.
    const tags = Array.isArray(locals.pageTags) ? (locals.pageTags as string[]) : [LISTING_TAG];
    const entry: Entry = {
      segments,
      parts,
      locale: String(res.locals.locale),
      freshUntil: fill.freshUntil,
      bytes: Math.ceil(bytes * 1.3) + 200,
      etag,
      tags,
    };
    const keep =
      whole &&
      status === 200 &&
      fill.generation === this.generation &&
      !this.taggedSince(fill.tagSeq, tags) &&
      !(res.locals.flash as unknown[] | undefined)?.length &&
      !locals.formError;
    if (keep) this.lru.set(fill.key, entry);
    fill.settle(keep ? entry : undefined);
    this.serve(req, res, entry, keep ? 'miss' : 'bypass', visitorOf(req, res), status);
  }

  /**
   * The entry with this visitor's parts, gzipped if the client takes it (the pieces were compressed
   * once, when first asked for). A plain visitor who sent their CSRF secret's cookie gets a weak
   * ETag naming the page's bytes and that secret (a hash of it); the same tag in If-None-Match is a
   * 304 without a body (Express's req.fresh).
   */
  serve(req: Request, res: Response, entry: Entry, state: CacheState, visitor: Visitor, status = 200) {
    this.stats[state]++;
    res.statusCode = status;
    res.setHeader('Cache-Control', PAGE_CACHE_CONTROL);
    res.vary('Accept-Encoding');
    res.setHeader('X-Page-Cache', state);
    if (status === 200 && visitor.plain && visitor.csrfSecret) {
      res.setHeader('ETag', `W/"${entry.etag}.${secretTag(visitor.csrfSecret)}"`);
      if (req.fresh) {
        res.statusCode = 304;
        return void res.end();
      }
    }
    const gzip = acceptsGzip(req.headers['accept-encoding']);
    const slot = (part: SlotName) =>
      visitor.plain
        ? this.plainSlot(part, entry.locale, res)
        : Buffer.from(this.options.renderPartial(SLOT_VIEWS[part], res.locals));
    const chunks = this.body(entry, visitor.csrfToken, slot, gzip);
    let length = 0;
    for (const c of chunks) length += c.length;
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    if (gzip) res.setHeader('Content-Encoding', 'gzip');
    res.setHeader('Content-Length', length);
    // Corked: the head and the page's chunks leave in one writev, none copied into one buffer.
    res.cork();
    for (let i = 0; i < chunks.length - 1; i++) res.write(chunks[i]);
    res.end(chunks[chunks.length - 1]);
    res.uncork();
  }

  /** The page's bytes as chunks, in order. */
  private body(
    entry: Entry,
    csrfToken: () => string,
    slot: (part: SlotName) => Piece | Buffer,
    gzip: boolean,
  ): Buffer[] {
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
    if (!p)
      this.plainSlots.set(key, (p = piece(Buffer.from(this.options.renderPartial(SLOT_VIEWS[name], res.locals)))));
    return p;
  }
}
