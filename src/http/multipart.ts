/**
 * Multipart bodies, per route. Two parsers, both bounded, both in memory:
 *
 *   multipartFields()          form FIELDS only (the contract lets every form be sent multipart).
 *                              app.ts runs it for every request before CSRF, so a multipart form's
 *                              `_csrf` field counts; a FILE part is refused (413) as soon as it
 *                              starts, before its bytes are kept, on every route that takes no files.
 *   multipartUpload(path, o)   files, for one route only. Use it in that route's chain AFTER its
 *                              guard (`route(r, 'post', path, { allow }, upload, handler)`), so
 *                              nothing is read before the user is known; its limits are per route.
 *                              `path` is the route's FULL pattern ('/admin/products/:id/images',
 *                              '/:locale/translation/:field'): the fields parser leaves that path
 *                              alone, and CSRF for it is read from the `X-CSRF-Token` header or a
 *                              `?_csrf=` query parameter (the body is not parsed yet when CSRF runs).
 *
 * Files arrive as req.files (array) or req.file (single), each with buffer, mimetype, size and
 * originalname. A type not in `accept` is a 400 with the field named.
 */
import type { Request, RequestHandler } from 'express';
import multer from 'multer';
import { match } from 'path-to-regexp';
import { AppError } from '../domain/errors.ts';

/** Limits for form fields sent multipart: as generous as an urlencoded form, never a file. */
export const FIELD_LIMITS = { fields: 300, fieldSize: 100 * 1024, fieldNameSize: 200, parts: 300, files: 0 } as const;

const uploadRoutes: { method: string; test: (path: string) => boolean }[] = [];

/** True when `req` is a multipart request to a route registered with multipartUpload. */
export function isUploadRoute(req: Pick<Request, 'method' | 'path'>): boolean {
  return uploadRoutes.some((r) => r.method === req.method && r.test(req.path));
}

const isMultipart = (req: Request) => !!req.is('multipart/form-data');

/** A fields-only multipart body is at most this long, like a urlencoded form (express.urlencoded's limit). */
export const FIELDS_MAX_BYTES = 1024 * 1024;

/**
 * Fields only; a file part is refused with 413 before it is read. Skips registered upload routes.
 * The body must declare its length (411 otherwise) and be at most FIELDS_MAX_BYTES (413 before a
 * byte is read): busboy bounds each field, not the whole, and this parser holds fields in memory.
 */
export function multipartFields(): RequestHandler {
  const parse = multer({ storage: multer.memoryStorage(), limits: FIELD_LIMITS }).none();
  return (req, res, next) => {
    if (!isMultipart(req) || isUploadRoute(req)) return next();
    const declared = req.get('content-length');
    if (declared === undefined || !/^\d+$/.test(declared)) {
      res.set('Connection', 'close');
      return next(new AppError(411, 'length_required', 'A form sent as multipart must declare its Content-Length.'));
    }
    if (Number(declared) > FIELDS_MAX_BYTES) {
      res.set('Connection', 'close');
      return next(new AppError(413, 'too_large', `A form may be at most ${FIELDS_MAX_BYTES / 1024 / 1024} MB.`));
    }
    parse(req, res, (err?: unknown) => {
      if (!err) return next();
      const code = (err as { code?: string }).code;
      if (code === 'LIMIT_UNEXPECTED_FILE' || code === 'LIMIT_FILE_COUNT') {
        res.set('Connection', 'close');
        return next(new AppError(413, 'no_files', 'This address takes no files.'));
      }
      next(unreadableForm(err));
    });
  };
}

/**
 * A body that says it is multipart but is not (no boundary, a part cut short, a broken header) is
 * the sender's mistake: 400, never a 5xx. Errors of our own (an AppError from a file filter) pass.
 */
export function unreadableForm(err: unknown): unknown {
  if (err instanceof AppError) return err;
  return new AppError(400, 'bad_form', 'The form could not be read. Please send it again.');
}

export type UploadOptions = {
  /** The form field that carries the files. */
  field: string;
  /** At most this many files (default 1). */
  maxFiles?: number;
  /** Bytes per file (default 5 MB). */
  maxFileBytes?: number;
  /** Accepted MIME types, e.g. ['image/png', 'image/jpeg']; any when left out. */
  accept?: readonly string[];
  /** HTTP method of the route (default POST). */
  method?: string;
};

/** Files for one route, with its own limits (see the file comment). Registers `path` as an upload route. */
/**
 * Registers `path` as a route that reads its own files (the fields parser leaves it alone), for a
 * route that streams files to disk with its own parser (the media library) instead of multipartUpload.
 */
export function registerUploadRoute(path: string, method = 'POST'): void {
  const matcher = match(path);
  uploadRoutes.push({ method: method.toUpperCase(), test: (p) => matcher(p) !== false });
}

export function multipartUpload(path: string, o: UploadOptions): RequestHandler {
  const method = (o.method ?? 'POST').toUpperCase();
  registerUploadRoute(path, method);
  const maxFiles = o.maxFiles ?? 1;
  const parse = multer({
    storage: multer.memoryStorage(),
    limits: { ...FIELD_LIMITS, files: maxFiles, fileSize: o.maxFileBytes ?? 5 * 1024 * 1024 },
    fileFilter: (_req, file, cb) => {
      if (file.fieldname !== o.field)
        return cb(
          new AppError(400, 'upload', `Unexpected file field "${file.fieldname}".`, {
            [file.fieldname]: 'Unexpected file.',
          }),
        );
      if (o.accept && !o.accept.includes(file.mimetype))
        return cb(
          new AppError(400, 'upload', 'This type of file is not accepted.', {
            [o.field]: `Accepted: ${o.accept.join(', ')}.`,
          }),
        );
      cb(null, true);
    },
  }).array(o.field, maxFiles);
  return (req, res, next) =>
    isMultipart(req)
      ? parse(req, res, (err?: unknown) => {
          if (!err) return next();
          const code = (err as { code?: string }).code;
          next(
            code && code.startsWith('LIMIT_')
              ? new AppError(413, 'too_large', 'The upload is too large or has too many files.', {
                  [o.field]: 'Too large.',
                })
              : unreadableForm(err),
          );
        })
      : next();
}
