/**
 * The one reading of a request's Cookie header. Which cookies a request has, what they say and
 * whether it has a session are decided here, by the parser express-session and cookie-parser use
 * (the `cookie` package at their version), for every place that reads the header before or beside
 * them: whether an answer is about a person (cache-control.ts), whether the page cache may serve a
 * page before the session middleware, and bearer requests' removal of the session cookie.
 *
 * Why: a hand-made reading disagreed with express-session on spellings it accepts. `hd.sid =s:…`
 * (a space before `=`) is the session cookie to express-session, which trims names of spaces and
 * tabs, but not to `header.includes('hd.sid=')`: such a request was rendered with its session (its
 * channel, its user) and taught the page cache that this is what visitors without a session get.
 *
 * The parser's reading: pairs split at `;`, a pair without `=` skipped, names and values trimmed of
 * spaces and tabs only, names case-sensitive, the FIRST pair of a name kept, a value in double
 * quotes unquoted, then URL-decoded when it decodes (kept as sent when it does not).
 */
import { parse } from 'cookie';
import cookieParser from 'cookie-parser';
import { LRUCache } from 'lru-cache';

/** What a request carries that this reads: Node's and Express's requests both fit. */
type WithCookies = { headers: { cookie?: string } };

/** The session cookie express-session reads: its name and the secret its value is signed with. */
export type SessionCookie = { name: string; secret: string };

/** The last header parsed: a request's cookies are read more than once in a row. */
let last: { header: string; cookies: Readonly<Record<string, string | undefined>> } | undefined;

/** Every cookie of a Cookie header, as express-session and cookie-parser see them (read only). */
export function cookiesOf(header: string | undefined): Readonly<Record<string, string | undefined>> {
  if (!header) return {};
  if (last?.header !== header) last = { header, cookies: Object.freeze(parse(header)) };
  return last.cookies;
}

/**
 * A signed cookie's value as express-session (its session id) and cookie-parser (req.signedCookies,
 * csurf's secret) read it: the first cookie of that name, `s:` + a value with a signature that
 * verifies against the secret. Undefined when absent, empty, unsigned or not validly signed; to
 * express-session each of those is "no session".
 */
export function signedCookieFrom(header: string | undefined, name: string, secret: string): string | undefined {
  const raw = cookiesOf(header)[name];
  if (!raw?.startsWith('s:')) return undefined;
  const key = `${secret}\n${raw}`;
  const known = verified.get(key);
  if (known !== undefined) return known;
  // cookie-signature's unsign, as both read it (express-session's copy is the same algorithm).
  const unsigned = cookieParser.signedCookie(raw, secret);
  if (typeof unsigned !== 'string' || !unsigned) return undefined;
  verified.set(key, unsigned);
  return unsigned;
}

/**
 * Signed cookies already verified (an HMAC each time otherwise, 5 % of a cached page's CPU): the
 * signature's check gives the same answer for the same value and key, so a match is remembered.
 * Only values that verified are kept (a flood of forged ones fills nothing), at most 10,000.
 */
const verified = new LRUCache<string, string>({ max: 10_000 });

/** The session id express-session takes from this request, or undefined when it takes none. */
export const sessionIdOf = (req: WithCookies, session: SessionCookie): string | undefined =>
  signedCookieFrom(req.headers.cookie, session.name, session.secret);

/**
 * Whether express-session finds a session cookie in this request (a validly signed one). Without
 * one it gives the request a new, empty session: the visitor is rendered as one without a session.
 */
export const hasSessionCookie = (req: WithCookies, session: SessionCookie): boolean =>
  sessionIdOf(req, session) !== undefined;

/** The header without any pair the parser would name `name` (every spelling of it, not just the first). */
export function withoutCookie(header: string, name: string): string {
  return header
    .split(';')
    .filter((pair) => {
      const eq = pair.indexOf('=');
      return eq === -1 || pair.slice(0, eq).replace(/^[ \t]+|[ \t]+$/g, '') !== name;
    })
    .join(';')
    .replace(/^[ \t;]+/, '');
}
