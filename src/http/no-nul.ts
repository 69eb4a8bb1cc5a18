/**
 * The safety net under every schema: a request whose query string, body (urlencoded, multipart
 * fields, JSON, at any depth, names included) or path carries a NUL (U+0000) is refused with
 * 400 `invalid` naming the field, before any router sees it. PostgreSQL can store NUL in no text
 * column, so such a value could only ever end as a driver error (a 500) or be dropped silently.
 * The finer rule (other control characters, line breaks only in text areas) is the schemas' own,
 * through text()/multilineText() in src/http/validate.ts.
 *
 * The refusal speaks the language of the path (/fr-ca/… in French). Scripts get the contract's
 * JSON; browsers the error page (no route has declared its form page yet at this point).
 */
import type { Request, RequestHandler } from 'express';
import { invalid } from '../domain/errors.ts';
import { isLocale } from '../i18n/locales.ts';
import { applyLocale, type ContextDeps } from './context.ts';
import { TEXT_REFUSED } from './validate.ts';

const NUL = '\u0000';
const ENCODED_NUL = /%00/;

/** The name ('q', 'items.0.stockcode') of the first value or key holding a NUL, or null. */
export function nulField(value: unknown, name = ''): string | null {
  const stack: [unknown, string][] = [[value, name]];
  while (stack.length) {
    const [v, at] = stack.pop()!;
    if (typeof v === 'string') {
      if (v.includes(NUL)) return at || '_';
    } else if (v && typeof v === 'object') {
      for (const [k, child] of Object.entries(v)) {
        const path = at ? `${at}.${k}` : k;
        if (k.includes(NUL)) return path;
        stack.push([child, path]);
      }
    }
  }
  return null;
}

function faultOf(req: Request): string | null {
  if (ENCODED_NUL.test(req.path)) return '_';
  return nulField(req.query) ?? nulField(req.body);
}

type LocaleDeps = Parameters<typeof applyLocale>[2];

export function refuseNul(deps?: LocaleDeps & Partial<ContextDeps>): RequestHandler {
  return async (req, res, next) => {
    const field = faultOf(req);
    if (field === null) return next();
    const prefix = /^\/([a-z]{2}-[a-z]{2})(?:\/|$)/.exec(req.path)?.[1];
    if (deps && isLocale(prefix) && prefix !== req.locale) await applyLocale(req, res, deps, prefix);
    next(invalid(TEXT_REFUSED, field === '_' ? undefined : { [field]: TEXT_REFUSED }));
  };
}
