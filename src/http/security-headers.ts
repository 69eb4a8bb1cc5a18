/**
 * helmet's headers, captured once: they are the same for every answer (its CSP has no per-request
 * nonce), so they are set in one step instead of helmet's dozen middlewares running per request.
 */
import type { RequestHandler } from 'express';

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
  const req = new Proxy(
    {},
    {
      get: (_t, p) => {
        throw new Error(`security headers read the request (${String(p)})`);
      },
    },
  );
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
