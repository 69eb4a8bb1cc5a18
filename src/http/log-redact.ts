/**
 * What the request log may say about a URL: the path and the query, with the values of
 * parameters that carry a secret (reset and invitation tokens, keys, link tokens, codes)
 * replaced by "[redacted]". A reset link in the log would let anyone who reads the logs take
 * over the account.
 */
import { dbErrorOf } from '../db/errors.ts';

const SECRET_PARAM = /token|key|secret|password|passwd|code|signature|sig$|auth|card|account_number|routing/i;

export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const path = url.slice(0, q);
  const parts = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq < 0) return pair;
      let name = pair.slice(0, eq);
      try {
        name = decodeURIComponent(name.replace(/\+/g, ' '));
      } catch {
        // an undecodable name is judged as written
      }
      return SECRET_PARAM.test(name) ? `${pair.slice(0, eq)}=[redacted]` : pair;
    });
  return `${path}?${parts.join('&')}`;
}

/**
 * What the log may say about an error: its type, message, stack and the database's fields
 * (SQLSTATE, constraint, table…), its cause the same way, but never the values of a failed
 * query. drizzle's wrapper carries them as `params` AND in its message and stack
 * ("Failed query: … params: a@b.c,$argon2id$…"); a password hash or an address typed into a
 * form has no place in a log line.
 */
const PARAMS_IN_MESSAGE = /\nparams: [\s\S]*$/;
const VALUE_KEYS = new Set(['params', 'parameters', 'values', 'query', 'internalQuery', 'where']);

function cleanMessage(message: string): string {
  return message.replace(PARAMS_IN_MESSAGE, '\nparams: [redacted]');
}

/** An Error again (so pino's serializers read it as one), without the values; idempotent. */
export function errForLog(err: unknown, depth = 0): unknown {
  if (!(err instanceof Error) || depth > 4) return err;
  const e = err as Error & Record<string, unknown>;
  const out = new Error(cleanMessage(e.message)) as Error & Record<string, unknown>;
  out.name = e.name;
  // The stack starts with "Name: message"; its frames follow the first "\n    at ".
  const frames = typeof e.stack === 'string' ? e.stack.indexOf('\n    at ') : -1;
  out.stack = `${e.name}: ${out.message}${frames >= 0 ? (e.stack as string).slice(frames) : ''}`;
  for (const [k, v] of Object.entries(e)) {
    if (k === 'cause' || VALUE_KEYS.has(k) || v === undefined || typeof v === 'function') continue;
    out[k] = typeof v === 'string' ? cleanMessage(v) : v;
  }
  if (e.cause !== undefined) out.cause = errForLog(e.cause, depth + 1);
  // pino prints a cause only inside the message and stack: the SQLSTATE fields are named on top.
  const db = dbErrorOf(e);
  if (db && db !== e)
    for (const k of ['code', 'constraint', 'table', 'column', 'routine'] as const)
      out[k] ??= (db as Record<string, unknown>)[k];
  return out;
}
