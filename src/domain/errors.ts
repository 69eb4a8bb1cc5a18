/**
 * Typed application errors. Services throw these; the one error middleware maps
 * them to an HTTP status and the contract's JSON shape
 * `{"error": {"code", "message", "fields"}}`. Pure: no framework imports.
 */
export type FieldErrors = Record<string, string>;

export class AppError extends Error {
  /** The interface text key of the message and its values, when the thrower names them (see withText). */
  text?: { key: string; params?: Record<string, string> };
  /** What a script needs beside the error to show it (members of the JSON answer next to `error`; see withDetail). */
  detail?: Record<string, unknown>;
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: FieldErrors,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** 400: the request is malformed or breaks a rule. */
export const invalid = (message: string, fields?: FieldErrors, code = 'invalid') =>
  new AppError(400, code, message, fields);
/** 401: no session (or bearer token) where one is required. */
export const unauthorized = (message = 'Please sign in to continue.') => new AppError(401, 'unauthorized', message);
/** 403: signed in, but without the right. */
export const forbidden = (message = 'You do not have permission to do that.') =>
  new AppError(403, 'forbidden', message);
/** 404: the thing does not exist (or is not visible to this user). */
export const notFound = (message = 'Not found.') => new AppError(404, 'not_found', message);
/** 409: the write conflicts with current state (duplicate email, stale version...). */
export const conflict = (message: string, fields?: FieldErrors) => new AppError(409, 'conflict', message, fields);
/** 429: too many attempts. */
export const tooMany = (message = 'Too many attempts. Please wait a minute and try again.') =>
  new AppError(429, 'rate_limited', message);

/**
 * Names the interface text of an error's message: `throw withText(invalid(msg), 'error.msg.x', {n: '3'})`.
 * Without it, the error handler finds the key from the English message (src/i18n/error-text.ts).
 */
export function withText<E extends AppError>(e: E, key: string, params?: Record<string, string>): E {
  e.text = { key, params };
  return e;
}

/**
 * Adds what a script needs to show the failure to the JSON answer, beside `error`:
 * `throw withDetail(err, { lines })` answers `{"lines": […], "error": {…}}`.
 */
export function withDetail<E extends AppError>(e: E, detail: Record<string, unknown>): E {
  e.detail = detail;
  return e;
}

export const isAppError = (e: unknown): e is AppError => e instanceof AppError;

/** 503: the store cannot serve this (a channel missing or misconfigured); logged as an error. */
export const unavailable = (message = 'The store is not set up yet.') =>
  new AppError(503, 'store_unavailable', message);

/** The contract's JSON error body; `fields` is always there (`{}` when no field is at fault). */
export function errorBody(e: AppError) {
  return { ...e.detail, error: { code: e.code, message: e.message, fields: e.fields ?? {} } };
}
