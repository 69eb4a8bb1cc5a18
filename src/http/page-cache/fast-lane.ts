/**
 * The page cache's fast lane: the storefront's most common request, a returning visitor without a
 * session (not signed in, no cart, no flash message: nothing of theirs but the CSRF cookie) asking
 * for a page the cache holds, is answered by the HTTP server's request listener itself, in front of
 * Express: no router, request log middleware, body parsers, session, CSRF middleware, context or
 * routes. They would only lead to the same answer: the routes taught the cache which page such a
 * visitor gets at this URL (PageCache.sessionlessEntry), and the visitor's only part is a CSRF token
 * made from their own signed secret, as csurf makes it.
 *
 * The security headers are helmet's own, captured once from the app's helmet middleware
 * (securityHeadersOf) and written with the page in one writeHead: a fast-lane answer carries exactly
 * the headers the routes' answer for the same page carries (test/features/page-cache.test.ts).
 *
 * Anything else goes to Express: another method, a session cookie express-session takes (read by
 * its own parser: src/http/cookies.ts), an Authorization header, a
 * script's request (XHR, JSON), no (or a badly signed) CSRF cookie, a page not cached or due for a
 * new render. The answer is logged as pino-http logs one ('request completed', the URL redacted).
 */
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import { hasSessionCookie } from '../cookies.ts';
import { csrfSecretFromCookies, csrfTokenFor } from '../csrf.ts';
import { redactUrl } from '../log-redact.ts';
import { acceptsGzip } from './gzip.ts';
import type { PageCache } from './index.ts';

export type FastLaneOptions = {
  /** The session cookie's name: one express-session would take sends the request the usual way. */
  sessionCookie: string;
  /** The secret cookie-parser signs cookies with. */
  cookieSecret: string;
  /** The headers every answer of the app carries (helmet's), as a flat [name, value, …] list. */
  securityHeaders: readonly string[];
  logger: Pick<Logger, 'info' | 'isLevelEnabled'>;
};

/**
 * The headers a middleware sets on every answer (helmet's are the same for every request: its CSP
 * has no per-request nonce), read once by running it against a response that records them. Throws
 * when the middleware does not finish synchronously or reads the request: then it is not static.
 */
export function securityHeadersOf(middleware: RequestHandler): string[] {
  const headers = new Map<string, string>();
  let done = false;
  const res = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.set(name, Array.isArray(value) ? value.join(', ') : String(value));
      return res;
    },
    removeHeader(name: string) {
      headers.delete(name);
    },
  };
  const req = new Proxy({}, { get: (_t, p) => { throw new Error(`security headers read the request (${String(p)})`); } });
  middleware(req as never, res as never, (err?: unknown) => {
    if (err) throw err;
    done = true;
  });
  if (!done) throw new Error('the security headers middleware did not finish synchronously');
  return [...headers].flat();
}

/** Sets headers captured by securityHeadersOf on every answer, in one step. */
export function setHeaders(headers: readonly string[]): RequestHandler {
  return (_req, res, next) => {
    for (let i = 0; i < headers.length; i += 2) res.setHeader(headers[i], headers[i + 1]);
    next();
  };
}

/** Whether the request is a script's (XHR or JSON), which the routes answer with JSON: never from here. */
function fromScript(req: IncomingMessage): boolean {
  if (req.headers['x-requested-with']?.toString().toLowerCase() === 'xmlhttprequest') return true;
  const accept = req.headers.accept ?? '';
  return accept.includes('application/json') && !accept.includes('text/html');
}

/** The server's request listener: a cached page for a visitor without a session, else the app. */
export function withFastLane(app: RequestListener, cache: PageCache, opts: FastLaneOptions): RequestListener {
  const session = { name: opts.sessionCookie, secret: opts.cookieSecret };
  const served = (req: IncomingMessage, res: ServerResponse): boolean => {
    if (req.method !== 'GET') return false;
    const cookies = req.headers.cookie;
    // A session cookie express-session takes (in any spelling it takes: cookies.ts) goes to Express.
    if (!cookies || req.headers.authorization !== undefined || hasSessionCookie(req, session)) return false;
    const url = req.url ?? '';
    const entry = cache.sessionlessEntry(url);
    if (!entry || fromScript(req)) return false;
    const secret = csrfSecretFromCookies(cookies, opts.cookieSecret);
    if (!secret) return false;
    const started = performance.now();
    const gzip = acceptsGzip(req.headers['accept-encoding']);
    const chunks = cache.plainBody(entry, () => csrfTokenFor(secret), gzip);
    let length = 0;
    for (const c of chunks) length += c.length;
    const headers = [...opts.securityHeaders, 'Content-Type', 'text/html; charset=utf-8', 'Vary', 'Accept-Encoding', 'Content-Length', String(length), 'X-Page-Cache', 'hit'];
    if (gzip) headers.push('Content-Encoding', 'gzip');
    res.writeHead(200, headers);
    // Corked: the headers and the page's chunks leave in one writev, none copied into one buffer.
    res.cork();
    for (let i = 0; i < chunks.length - 1; i++) res.write(chunks[i]);
    res.end(chunks[chunks.length - 1]);
    res.uncork();
    if (opts.logger.isLevelEnabled('info')) {
      opts.logger.info({ req: { method: req.method, url: redactUrl(url) }, res: { statusCode: 200 }, responseTime: Math.round(performance.now() - started), pageCache: 'hit' }, 'request completed');
    }
    return true;
  };
  return (req, res) => {
    if (!served(req, res)) app(req, res);
  };
}
