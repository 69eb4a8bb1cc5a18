/**
 * The one place failures become responses: typed AppErrors keep their status,
 * CSRF failures are 403, body-parser's syntax errors are 400, anything else is a
 * logged 500 with no detail leaked. Scripts get the contract's JSON shape,
 * browsers an error page in their locale.
 */
import type { ErrorRequestHandler, RequestHandler } from 'express';
import { AppError, errorBody, forbidden, isAppError, notFound } from '../domain/errors.ts';
import { wantsJson } from './wants-json.ts';

export const notFoundHandler: RequestHandler = (_req, _res, next) => next(notFound());

type HttpishError = Error & { code?: string; status?: number; statusCode?: number; type?: string; expose?: boolean };

export function toAppError(err: unknown): AppError | null {
  if (isAppError(err)) return err;
  const e = err as HttpishError;
  if (e?.code === 'EBADCSRFTOKEN') return forbidden('Your session has expired or the form is invalid. Please reload the page and try again.');
  const status = e?.status ?? e?.statusCode;
  if (status && status >= 400 && status < 500) {
    // body-parser, multer and friends: malformed input, never a 5xx
    const message = e.type === 'entity.parse.failed' ? 'The request body is not valid JSON.' : e.expose !== false ? e.message : 'Bad request.';
    return new AppError(status, e.type ?? 'bad_request', message);
  }
  if (e?.name === 'MulterError') return new AppError(400, 'upload', e.message);
  // PostgreSQL input errors that slipped through validation are the caller's fault.
  const pgCode = (e as { cause?: { code?: string } })?.cause?.code ?? e?.code;
  if (pgCode === '22P02' || pgCode === '22003' || pgCode === '22007' || pgCode === '22008') {
    return new AppError(400, 'invalid', 'A value in the request is not valid.');
  }
  if (pgCode === '23505') return new AppError(409, 'conflict', 'That record already exists.');
  if (pgCode === '23503') return new AppError(400, 'invalid', 'A referenced record does not exist.');
  if (pgCode === '23514') return new AppError(400, 'invalid', 'A value is outside its allowed range.');
  return null;
}

export const errorHandler: ErrorRequestHandler = (err, req, res, _next) => {
  const appErr = toAppError(err);
  if (!appErr) req.log?.error({ err }, 'unhandled error');
  const e = appErr ?? new AppError(500, 'internal', 'Something went wrong. Please try again.');
  if (res.headersSent) return void res.end();

  if (e.status === 401 && !wantsJson(req)) {
    if (req.session && req.method === 'GET') req.session.returnTo = req.originalUrl;
    return res.redirect(`/${req.locale ?? 'en-us'}/login`);
  }
  if (wantsJson(req)) return void res.status(e.status).json(errorBody(e));

  const status = e.status;
  const key = status === 404 ? '404' : status === 403 ? '403' : status >= 500 ? '500' : '400';
  const t = req.t;
  if (!t || typeof res.page !== 'function') return void res.status(status).type('text').send(e.message);
  res
    .page('errors/error', { title: t(`error.${key}.title`), status, message: status >= 500 ? t('error.500.body') : status === 404 ? t('error.404.body') : status === 403 ? t('error.403.body') : e.message }, status)
    .catch(() => res.status(status).type('text').send(e.message));
};
