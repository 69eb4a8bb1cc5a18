/**
 * The spec's generic request helper (§7, last paragraph; §8 'Network Error').
 *
 * Bodies are form-encoded unless `json: true` (FormData goes through as multipart). Any 2xx
 * resolves with the parsed JSON (or the text when the response is not JSON, null when empty);
 * any other status rejects with an AppRequestError; a network failure rejects with exactly
 * `new Error('Network Error')`. An aborted request rejects with the AbortError, untouched.
 */
import { csrfToken } from './dom.ts';
import { ISLAND_ENGLISH } from '../../src/i18n/text/islands-en.ts';

/** The spec's rejection of a network failure (shown to people as the islands' translated text). */
export const NETWORK_ERROR = ISLAND_ENGLISH.networkError;

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RequestOptions {
  basicAuth?: { user: string; pass: string };
  /** Send `data` as JSON instead of a form. */
  json?: boolean;
  /** Bearer token (contract: bearer-token calls send `apiToken()`); wins over basicAuth. */
  bearer?: string;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export class AppRequestError extends Error {
  /** Parsed JSON body, the text body, or the status text when the body is empty. */
  readonly body: unknown;
  constructor(
    readonly status: number,
    readonly statusText: string,
    body: unknown,
  ) {
    super(messagesOf(body)[0] ?? (statusText || `HTTP ${status}`));
    this.name = 'AppRequestError';
    this.body = body;
  }
}

export const isAppRequestError = (e: unknown): e is AppRequestError =>
  e instanceof AppRequestError || (e as { name?: unknown } | null)?.name === 'AppRequestError';

/**
 * Every message in an error body: the contract's `{error: {message, fields: {name: message}}}`,
 * `{message}`, `{errors: [...]}`, arrays and plain strings. Deduplicated, in order.
 */
export function messagesOf(body: unknown): string[] {
  const out: string[] = [];
  const walk = (v: unknown, depth: number): void => {
    if (depth > 4 || v == null) return;
    if (typeof v === 'string') {
      if (v.trim()) out.push(v);
    } else if (Array.isArray(v)) {
      for (const item of v) walk(item, depth + 1);
    } else if (v instanceof AppRequestError) {
      walk(v.body, depth + 1);
    } else if (typeof v === 'object') {
      const o = v as Record<string, unknown>;
      if ('error' in o) walk(o.error, depth + 1);
      if ('message' in o) walk(o.message, depth + 1);
      if ('errors' in o) walk(o.errors, depth + 1);
      if (o.fields && typeof o.fields === 'object') walk(Object.values(o.fields), depth + 1);
    }
  };
  walk(body, 0);
  return [...new Set(out)];
}

type FormValue = string | number | boolean | Date | null | undefined | object;

/**
 * Form encoding: scalars as strings, arrays as repeated keys, null/undefined left out, and
 * objects as a JSON string (the spec's dealer call sends its location that way). Use
 * `json: true` for nested payloads.
 */
export function formBody(data: Record<string, unknown>): URLSearchParams {
  const params = new URLSearchParams();
  const add = (key: string, v: FormValue) => {
    if (v === null || v === undefined) return;
    if (v instanceof Date) params.append(key, v.toISOString());
    else if (typeof v === 'object') params.append(key, JSON.stringify(v));
    else params.append(key, String(v));
  };
  for (const [key, value] of Object.entries(data)) {
    if (Array.isArray(value)) for (const v of value) add(key, v as FormValue);
    else add(key, value as FormValue);
  }
  return params;
}

function base64(text: string): string {
  let bin = '';
  for (const byte of new TextEncoder().encode(text)) bin += String.fromCharCode(byte);
  return btoa(bin);
}

function withQuery(url: string, data: Record<string, unknown> | FormData): string {
  const params =
    data instanceof FormData
      ? new URLSearchParams([...data].filter((e): e is [string, string] => typeof e[1] === 'string'))
      : formBody(data);
  const qs = params.toString();
  if (!qs) return url;
  return url + (url.includes('?') ? '&' : '?') + qs;
}

async function parse(res: Response): Promise<unknown> {
  const text = await res.text();
  if (text === '') return null;
  const type = res.headers.get('content-type') ?? '';
  if (/\bjson\b/i.test(type)) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  // An HTML error page is no message for an alert.
  if (!res.ok && /html/i.test(type)) return null;
  return text;
}

// HTTP/2 responses carry no reason phrase; alerts still need one (the English of the islands' text:
// a person reads it in the page's language through islands/lib/text.ts statusText()).
const reason = (status: number): string | undefined => (ISLAND_ENGLISH as Record<string, string>)[`http${status}`];

export async function request<T = any>(
  method: Method,
  url: string,
  data?: Record<string, unknown> | FormData,
  opts: RequestOptions = {},
): Promise<T> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'X-Requested-With': 'XMLHttpRequest',
  };
  const token = csrfToken();
  if (token) headers['X-CSRF-Token'] = token;
  if (opts.basicAuth) headers.Authorization = `Basic ${base64(`${opts.basicAuth.user}:${opts.basicAuth.pass}`)}`;
  if (opts.bearer) headers.Authorization = `Bearer ${opts.bearer}`;

  let body: BodyInit | undefined;
  if (method === 'GET') {
    if (data) url = withQuery(url, data);
  } else if (data instanceof FormData) {
    body = data; // the browser sets the multipart boundary
  } else if (data && opts.json) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(data);
  } else if (data) {
    headers['Content-Type'] = 'application/x-www-form-urlencoded;charset=UTF-8';
    body = formBody(data);
  }
  Object.assign(headers, opts.headers);

  let res: Response;
  try {
    res = await fetch(url, { method, headers, body, credentials: 'same-origin', signal: opts.signal });
  } catch (err) {
    if ((err as { name?: unknown } | null)?.name === 'AbortError') throw err;
    throw new Error(NETWORK_ERROR);
  }
  let parsed: unknown;
  try {
    parsed = await parse(res);
  } catch (err) {
    if ((err as { name?: unknown } | null)?.name === 'AbortError') throw err;
    throw new Error(NETWORK_ERROR); // connection dropped mid-body
  }
  if (res.ok) return parsed as T;
  const statusText = res.statusText || reason(res.status) || `HTTP ${res.status}`;
  throw new AppRequestError(res.status, statusText, parsed ?? statusText);
}
