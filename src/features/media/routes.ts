/**
 * The media library (/{locale}/account/dashboard/media) and the image uploader (/dev/image-uploader).
 * Uploads are for media.edit or products.edit (the product editor uploads its images).
 */
import { wantsJson } from '../../http/wants-json.ts';
import path from 'node:path';
import type { Router, Request, RequestHandler } from 'express';
import { z } from 'zod';
import type { Services } from '../../services.ts';
import { IdParam, parseInput } from '../../http/validate.ts';
import { invalid, notFound } from '../../domain/errors.ts';
import { catalog } from '../../i18n/catalog.ts';
import { flash } from '../../http/context.ts';
import { formPage } from '../../http/error-handler.ts';
import { findMedia, listMedia, whereUsed } from './queries.ts';
import { deleteMedia, saveUpload } from './service.ts';
import { ACCEPTED, MAX_UPLOAD_BYTES, receiveFile } from './upload.ts';
import { route, routes } from '../../http/route.ts';

const BASE = '/account/dashboard/media';
const ListQuery = z.object({
  q: z
    .string()
    .optional()
    .transform((v) => (v ?? '').trim().slice(0, 100)),
  after: z
    .string()
    .optional()
    .transform((v) => (v && /^\d{1,10}$/.test(v) ? Number(v) : null)),
});

export function uploaderLabels(req: Request): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of Object.keys(catalog.en)) if (key.startsWith('media.up.')) out[key.slice(9)] = req.t(key);
  return out;
}

const uploaderProps = (req: Request, reload: boolean) => ({
  url: `/${req.locale}${BASE}/upload`,
  accept: ACCEPTED.join(','),
  maxBytes: MAX_UPLOAD_BYTES,
  reload,
  labels: uploaderLabels(req),
});

export function mediaRoutes(s: Services): Router {
  const r = routes({ mergeParams: true });
  const mediaDir = path.join(s.config.dataDir, 'media');
  // Who may reach each route: its own declaration (route(r, method, path, { allow }, …): src/http/route.ts).

  /** GET /{locale}/account/dashboard/media?q=&after= */
  route(r, 'get', BASE, { allow: 'media.edit' }, async (req, res) => {
    const q = parseInput(ListQuery, req.query);
    const { rows, next } = await listMedia(s.db, q.q, q.after);
    const qs = (after: number) => `?${new URLSearchParams({ ...(q.q ? { q: q.q } : {}), after: String(after) })}`;
    await res.page('media/index', {
      title: req.t('media.title'),
      layout: 'layouts/admin',
      nav: 'media',
      rows,
      q: q.q,
      uploader: uploaderProps(req, true),
      nextHref: next ? qs(next) : null,
      prevHref: q.after ? (q.q ? `?q=${encodeURIComponent(q.q)}` : '?') : null,
    });
  });

  /** POST /{locale}/account/dashboard/media/upload (multipart, field "file") → {media, created} */
  route(
    r,
    'post',
    `${BASE}/upload`,
    { allow: ['media.edit', 'products.edit'] },
    receiveFile(mediaDir, `/:locale${BASE}/upload`),
    async (req, res) => {
      if (!req.file) throw invalid('Choose an image to upload.', { file: 'Choose an image to upload.' });
      const out = await saveUpload(s.db, mediaDir, req.file, req.user!.id);
      const m = out.media;
      res.status(out.created ? 201 : 200).json({
        created: out.created,
        media: {
          id: m.id,
          path: m.path,
          hash: m.hash,
          filename: m.filename,
          size: m.size,
          width: m.width,
          height: m.height,
          mime: m.mime,
          variants: m.variants,
        },
      });
    },
  );

  registerDelete(r, s, mediaDir);

  return r;
}

/** An image deleted, confirmed first with where it is used. */
function registerDelete(r: Router, s: Services, mediaDir: string): void {
  async function deleteLocals(req: Request, param: unknown) {
    const id = parseInput(IdParam, param);
    const m = await findMedia(s.db, id);
    if (!m) throw notFound();
    const used = await whereUsed(s.db, m.path);
    return { title: req.t('media.deleteTitle'), layout: 'layouts/admin', nav: 'media', m, used };
  }

  /** GET /{locale}/account/dashboard/media/{id}/delete — confirmation page */
  route(r, 'get', `${BASE}/:id/delete`, { allow: 'media.edit' }, async (req, res) => {
    await res.page('media/delete', await deleteLocals(req, req.params.id));
  });

  // An image put to use since the confirmation was shown: the confirmation again (409), saying where.
  // The error handler runs outside this router, where req.params is empty: keep the id now.
  const deleteForm: RequestHandler = (req, res, next) => {
    const id = req.params.id;
    return formPage('media/delete', (rq) => deleteLocals(rq, id))(req, res, next);
  };

  /** POST /{locale}/account/dashboard/media/{id}/delete */
  route(r, 'post', `${BASE}/:id/delete`, { allow: 'media.edit' }, deleteForm, async (req, res) => {
    const id = parseInput(IdParam, req.params.id);
    await deleteMedia(s.db, mediaDir, id, req.user!.id);
    if (wantsJson(req)) return void res.json({ deleted: id });
    flash(req, 'success', req.t('media.deleted'));
    res.redirect(303, `/${req.locale}${BASE}`);
  });
}

/** GET /dev/image-uploader (unprefixed, spec §2) */
export function imageUploaderRoutes(_s: Services): Router {
  const r = routes();
  route(r, 'get', '/dev/image-uploader', { allow: 'media.edit' }, async (req, res) => {
    await res.page('media/uploader', {
      title: req.t('media.uploaderTitle'),
      layout: 'layouts/admin',
      nav: 'media',
      uploader: uploaderProps(req, false),
    });
  });
  return r;
}
