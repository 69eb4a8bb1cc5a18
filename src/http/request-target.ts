/**
 * Only origin-form request targets (`/path?query`, RFC 9112 §3.2.1) get past the first middleware.
 * Node hands an absolute-form target (`GET http://any-host/en-us/… HTTP/1.1`) and the asterisk
 * form (`OPTIONS *`) to Express unchanged as req.url; Express's router strips a scheme and host
 * and routes on the path, while anything reading req.url or req.originalUrl (a guard, a log, a
 * redirect back after sign-in) sees something else. We are an origin server behind at most a
 * TLS proxy that forwards origin-form, so these answer 400, as do:
 * - a target starting with `//` (a network-path reference: `//evil.example/x` as a redirect
 *   target leaves the site),
 * - a backslash before the query (browsers and URL parsers read `\` as `/`).
 */
import type { RequestHandler } from 'express';
import { AppError } from '../domain/errors.ts';

/** Why a target is refused, or null when it is plain origin-form. */
export function oddTarget(url: string): string | null {
  if (!url.startsWith('/')) return 'The request target must be a path (origin-form).';
  if (url.startsWith('//')) return 'The request target must not start with two slashes.';
  const q = url.indexOf('?');
  if ((q === -1 ? url : url.slice(0, q)).includes('\\')) return 'The request target must not contain a backslash.';
  return null;
}

export const originFormOnly: RequestHandler = (req, _res, next) => {
  const why = oddTarget(req.url);
  if (why) return next(new AppError(400, 'bad_request_target', why));
  next();
};
