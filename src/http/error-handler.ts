/**
 * The one place failures become responses. Routes throw (typed AppErrors, or anything else);
 * nothing else builds an error answer:
 *   - AppErrors keep their status; CSRF failures are 403; body-parser and multer input errors 4xx;
 *   - a unique violation (23505) or a foreign-key violation (23503) is a 409 naming the field,
 *     since a user can cause it (an email taken between the check and the insert, a row removed
 *     while still referenced, a choice removed while a form was open) — constraintConflict(), the
 *     one mapping of these codes; ANY other database error is ours: logged as an error with the
 *     request id, answered 500 — never turned into a 4xx;
 *   - anything unknown is a logged 500 with no detail leaked;
 *   - the message is translated when its code has interface text (ERROR_TEXT), fields included;
 *   - scripts get the contract's JSON shape (`fields` always present); a form page declared with
 *     formPage() is rendered again with the message and field errors; other pages get the error page.
 */
import type { ErrorRequestHandler, Request, RequestHandler } from 'express';
import { AppError, errorBody, forbidden, isAppError, notFound } from '../domain/errors.ts';
import { wantsJson } from './wants-json.ts';
import { errorTextOf, translateError } from '../i18n/error-text.ts';
import { catalog } from '../i18n/catalog.ts';
import { dbErrorOf } from '../db/errors.ts';
import { errForLog } from './log-redact.ts';
import { flash } from './context.ts';

export const notFoundHandler: RequestHandler = (_req, _res, next) => next(notFound());

type HttpishError = Error & { code?: string; status?: number; statusCode?: number; type?: string; expose?: boolean };
/** Interface text for error codes services throw in English (catalog keys). */
export const ERROR_TEXT: Record<string, string> = {
  currency: 'cart.error.currency',
  inactive: 'cart.error.inactive',
  out_of_stock: 'cart.error.out_of_stock',
  coming_soon: 'cart.error.coming_soon',
  call: 'cart.error.call',
  price: 'cart.error.price',
  unknown_product: 'cart.error.unknown_product',
  line_not_found: 'cart.error.line_not_found',
  sign_in_failed: 'auth.error.invalid',
  email_taken: 'auth.error.emailTaken',
  reset_invalid: 'auth.reset.invalid',
  rate_limited: 'auth.error.tooMany',
  no_files: 'error.noFiles',
  store_unavailable: 'error.503.body',
};

/** 'users_email_unique' / 'users_email_key' / 'dealers_slug_uq' on users → 'email'. */
export function fieldOfConstraint(constraint: string | undefined, table: string | undefined): string {
  let name = constraint ?? '';
  if (table && name.startsWith(`${table}_`)) name = name.slice(table.length + 1);
  return name.replace(/_(unique|key|uq|idx|uniq)$/, '') || 'value';
}

/** 'Key (country_code)=(ZZ) is not present…' → 'country_code' (PostgreSQL's detail names the column). */
function fieldOfDetail(detail: string | undefined): string | undefined {
  const m = /^Key \(([a-z0-9_]+)\)=/.exec(detail ?? '');
  return m?.[1];
}

/**
 * The one mapping of constraint violations a user can cause to a 409 with the field at fault
 * (null for any other error): 23505 a value already taken; 23503 a row still referenced (deleted
 * or changed under its users) or a reference to something that no longer exists.
 */
export function constraintConflict(err: unknown): AppError | null {
  const db = dbErrorOf(err);
  if (db?.code === '23505') {
    const field = fieldOfConstraint(db.constraint, db.table);
    const message = 'That value is already taken.';
    return new AppError(409, 'conflict', message, { [field]: message });
  }
  if (db?.code === '23503') {
    const stillUsed = /still referenced/.test(db.detail ?? '');
    const message = stillUsed
      ? 'This is still in use elsewhere, so it cannot be changed or removed.'
      : 'That choice no longer exists. Choose another.';
    const field = stillUsed ? undefined : fieldOfDetail(db.detail);
    return new AppError(409, 'conflict', message, field ? { [field]: message } : undefined);
  }
  return null;
}

export function toAppError(err: unknown): AppError | null {
  if (isAppError(err)) return err;
  const e = err as HttpishError;
  if (e?.code === 'EBADCSRFTOKEN')
    return forbidden('Your session has expired or the form is invalid. Please reload the page and try again.');
  if (e?.name === 'MulterError') return new AppError(e.code === 'LIMIT_FILE_SIZE' ? 413 : 400, 'upload', e.message);
  const db = dbErrorOf(err);
  if (db) return constraintConflict(db);
  const status = e?.status ?? e?.statusCode;
  if (status && status >= 400 && status < 500) {
    // body-parser and friends: malformed input, never a 5xx
    const message =
      e.type === 'entity.parse.failed'
        ? 'The request body is not valid JSON.'
        : e.expose !== false
          ? e.message
          : 'Bad request.';
    return new AppError(status, e.type ?? 'bad_request', message);
  }
  return null;
}

/**
 * The message and field messages in the visitor's language: by the error's own text key, else by
 * its code's interface text (ERROR_TEXT), else by its English sentence (src/i18n/error-text.ts).
 */
let labels: Map<string, string> | undefined;
/** The key of a short English interface text ('First name' → a key whose English it is), for values in messages. */
function labelKey(english: string): string | undefined {
  if (!labels) {
    labels = new Map();
    for (const [k, v] of Object.entries(catalog.en as Record<string, string>))
      if (v.length <= 40 && !labels.has(v)) labels.set(v, k);
  }
  return labels.get(english);
}

export function translated(e: AppError, req: Pick<Request, 't'>): AppError {
  const t = req.t as unknown as ((key: string, params?: Record<string, string>) => string) | undefined;
  if (typeof t !== 'function') return e;
  const codeKey = ERROR_TEXT[e.code];
  const message = e.text
    ? translateError(t, e.message, e.text, labelKey)
    : codeKey
      ? t(codeKey)
      : translateError(t, e.message, errorTextOf(e.message), labelKey);
  const fields = e.fields
    ? Object.fromEntries(
        Object.entries(e.fields).map(([k, v]) => [
          k,
          v === e.message ? message : typeof v === 'string' ? translateError(t, v, errorTextOf(v), labelKey) : v,
        ]),
      )
    : undefined;
  const out = new AppError(e.status, e.code, message, fields);
  if (e.detail) out.detail = e.detail;
  return out;
}

/**
 * Declares the form page a route re-renders on a 4xx (before the route's handlers):
 * `r.post('/login', formPage('auth/login', (req) => ({ title: …, values: … })), handler)`.
 * The page gets `formError` (the message) and `fields` (field → message, `{}` when none).
 */
export type FormPage = {
  view: string;
  locals: (req: Request, e: AppError) => Record<string, unknown> | Promise<Record<string, unknown>>;
};
export function formPage(view: string, locals: FormPage['locals']): RequestHandler {
  return (_req, res, next) => {
    res.locals.formPage = { view, locals } satisfies FormPage;
    next();
  };
}

/**
 * For a small form posted from a page it does not own (a row's inline form): a refusal of what was
 * typed goes back to that page, as a message above it, instead of an error page. Mount before the
 * handler: `route(r, 'post', path, rule, formBack((req) => url), handler)`.
 */
export function formBack(urlOf: (req: Request) => string): RequestHandler {
  return (req, res, next) => {
    res.locals.formBack = urlOf(req);
    next();
  };
}

export const errorHandler: ErrorRequestHandler = (err, req, res, _next) => {
  const known = toAppError(err);
  // The error as the log may keep it: a failed query's parameters never (src/http/log-redact.ts).
  if (!known || known.status >= 500)
    req.log?.error({ err: errForLog(err), requestId: req.id }, known ? known.message : 'unhandled error');
  else if (dbErrorOf(err)?.code === '23503')
    req.log?.warn({ err: errForLog(err), requestId: req.id }, 'foreign-key violation answered 409');
  const e = translated(known ?? new AppError(500, 'internal', 'Something went wrong. Please try again.'), req);
  if (res.headersSent) return void res.end();

  if (e.status === 401 && !wantsJson(req)) {
    if (req.session && req.method === 'GET') req.session.returnTo = req.originalUrl;
    return res.redirect(`/${req.locale ?? 'en-us'}/login`);
  }
  if (wantsJson(req)) return void res.status(e.status).json(errorBody(e));

  const status = e.status;
  const t = req.t;
  if (!t || typeof res.page !== 'function') return void res.status(status).type('text').send(e.message);
  const form = res.locals.formPage as FormPage | undefined;
  if (form && status >= 400 && status < 500 && status !== 403 && status !== 404) {
    return void Promise.resolve()
      .then(() => form.locals(req, e))
      .then((locals) => res.page(form.view, { ...locals, formError: e.message, fields: e.fields ?? {} }, status))
      .catch((renderErr) => {
        req.log?.error({ err: errForLog(renderErr), requestId: req.id }, 'form page failed to render');
        res.status(status).type('text').send(e.message);
      });
  }
  const back = res.locals.formBack as string | undefined;
  if (back && req.session && status >= 400 && status < 500 && status !== 403 && status !== 404) {
    flash(req, 'error', e.message);
    return void res.redirect(303, back);
  }
  const key = status === 404 ? '404' : status === 403 ? '403' : status === 503 ? '503' : status >= 500 ? '500' : '400';
  const body =
    status === 503
      ? t('error.503.body')
      : status >= 500
        ? t('error.500.body')
        : status === 404
          ? t('error.404.body')
          : status === 403
            ? t('error.403.body')
            : e.message;
  res
    .page('errors/error', { title: t(`error.${key}.title`), status, message: body }, status)
    .catch(() => res.status(status).type('text').send(e.message));
};
