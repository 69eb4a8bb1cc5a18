/**
 * Image uploads for the media library (spec §2 /dev/image-uploader). The bytes are
 * streamed by multer's disk storage into DATA_DIR/upload-tmp (never held whole in memory, and outside
 * DATA_DIR/media, which is served as /media: an unchecked file is never reachable), with a
 * size limit; then the real type is read from the file's magic bytes (file-type: a .png name or
 * Content-Type header proves nothing), the sha256 (image_hash) is computed while streaming the
 * file, and sharp makes web sizes (WebP at several widths plus a JPEG or PNG fallback). The same
 * image uploaded twice is stored once. Anything refused leaves no file behind.
 */
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { RequestHandler } from 'express';
import multer from 'multer';
import sharp from 'sharp';
import { fileTypeFromFile } from 'file-type';
import { AppError, invalid } from '../../domain/errors.ts';
import { registerUploadRoute, unreadableForm } from '../../http/multipart.ts';

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/** Room for the boundaries, part headers and the few fields beside the file. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;
export const ACCEPTED = ['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'image/avif'] as const;
const WIDTHS = [320, 640, 1280] as const;
const MAX_WIDTH = 1600;

export type StoredImage = {
  hash: string;
  filename: string;
  /** Public path of the fallback (JPEG or PNG) at the largest size. */
  path: string;
  mime: string;
  size: number;
  width: number;
  height: number;
  variants: { width: number; height: number; path: string; mime: string }[];
};

/** Where uploads are received: beside DATA_DIR/media, never inside the served folder. */
export const uploadTmpDir = (mediaDir: string) => path.join(path.dirname(mediaDir), 'upload-tmp');

/**
 * multer with disk storage and limits, for the field `file`; limit errors become clear 4xx.
 * `routePath` (the full pattern) is registered so the app's fields-only parser leaves the body to it.
 */
export function receiveFile(mediaDir: string, routePath: string): RequestHandler {
  registerUploadRoute(routePath);
  const tmp = uploadTmpDir(mediaDir);
  const parse = multer({
    storage: multer.diskStorage({
      destination: (_req, _file, cb) =>
        void mkdir(tmp, { recursive: true }).then(
          () => cb(null, tmp),
          (e) => cb(e as Error, tmp),
        ),
      filename: (_req, _file, cb) => cb(null, `${randomUUID()}.upload`),
    }),
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, fieldSize: 10_000 },
  }).single('file');
  const tooLarge = () =>
    new AppError(413, 'too_large', `The image is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB.`, {
      file: `At most ${MAX_UPLOAD_BYTES / 1024 / 1024} MB.`,
    });
  return (req, res, next) => {
    if (!req.is('multipart/form-data'))
      return next(invalid('Choose an image to upload.', { file: 'Choose an image to upload.' }));
    // A body that says it is too large is refused before a byte is read (multer would drain it all
    // before answering); one without a declared length is bounded by multer's fileSize as it streams.
    if (Number(req.get('content-length') ?? 0) > MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD_BYTES) {
      res.set('Connection', 'close');
      return next(tooLarge());
    }
    parse(req, res, (err?: unknown) => {
      if (!err) return next();
      const code = (err as { code?: string }).code;
      if (code === 'LIMIT_FILE_SIZE') return next(tooLarge());
      if (code && code.startsWith('LIMIT_'))
        return next(invalid('Send one image in the field "file".', { file: 'Send one image.' }));
      next(unreadableForm(err));
    });
  };
}

async function sha256File(file: string): Promise<string> {
  const h = createHash('sha256');
  for await (const chunk of createReadStream(file)) h.update(chunk as Buffer);
  return h.digest('hex');
}

/** Checks the received temp file and returns its hash and real type; removes it when refused. */
export async function inspect(tempFile: string): Promise<{ hash: string; mime: (typeof ACCEPTED)[number] }> {
  try {
    const type = await fileTypeFromFile(tempFile);
    if (!type || !(ACCEPTED as readonly string[]).includes(type.mime)) {
      throw new AppError(415, 'not_an_image', 'This file is not an image we accept (PNG, JPEG, WebP, GIF or AVIF).', {
        file: 'Not a PNG, JPEG, WebP, GIF or AVIF image.',
      });
    }
    const meta = await sharp(tempFile)
      .metadata()
      .catch(() => null);
    if (!meta?.width || !meta.height)
      throw new AppError(415, 'not_an_image', 'This image cannot be read.', { file: 'The image is damaged.' });
    if (meta.width * meta.height > 60_000_000)
      throw new AppError(413, 'too_large', 'The image has too many pixels.', { file: 'At most 60 megapixels.' });
    return { hash: await sha256File(tempFile), mime: type.mime as (typeof ACCEPTED)[number] };
  } catch (e) {
    await rm(tempFile, { force: true });
    throw e;
  }
}

/** Writes the web sizes of a checked temp file under DATA_DIR/media/<hash[0..2]>/ and removes the temp file. */
export async function storeImage(
  mediaDir: string,
  tempFile: string,
  hash: string,
  originalName: string,
): Promise<StoredImage> {
  const dir = path.join(mediaDir, hash.slice(0, 2));
  await mkdir(dir, { recursive: true });
  const pub = (name: string) => `/media/${hash.slice(0, 2)}/${name}`;
  try {
    const base = sharp(tempFile, { animated: false }).rotate();
    const meta = await base.metadata();
    const w0 = meta.autoOrient?.width ?? meta.width!;
    const h0 = meta.autoOrient?.height ?? meta.height!;
    const largest = Math.min(w0, MAX_WIDTH);
    const widths = [...new Set([...WIDTHS.filter((w) => w < largest), largest])];
    const variants: StoredImage['variants'] = [];
    for (const w of widths) {
      const name = `${hash}-${w}.webp`;
      const info = await sharp(tempFile)
        .rotate()
        .resize({ width: w, withoutEnlargement: true })
        .webp({ quality: 80 })
        .toFile(path.join(dir, name));
      variants.push({ width: info.width, height: info.height, path: pub(name), mime: 'image/webp' });
    }
    const alpha = meta.hasAlpha === true;
    const fallbackName = `${hash}-${largest}.${alpha ? 'png' : 'jpg'}`;
    const fb = sharp(tempFile).rotate().resize({ width: largest, withoutEnlargement: true });
    const info = await (alpha ? fb.png({ compressionLevel: 9 }) : fb.jpeg({ quality: 82, mozjpeg: true })).toFile(
      path.join(dir, fallbackName),
    );
    const size = (await stat(path.join(dir, fallbackName))).size;
    return {
      hash,
      filename: path.basename(originalName || 'image').slice(0, 200),
      path: pub(fallbackName),
      mime: alpha ? 'image/png' : 'image/jpeg',
      size,
      width: info.width,
      height: info.height || Math.round((h0 * largest) / w0),
      variants,
    };
  } catch (e) {
    await removeImageFiles(mediaDir, hash);
    throw e;
  } finally {
    await rm(tempFile, { force: true });
  }
}

/** Removes an image's files (after its row is deleted). */
export async function removeImageFiles(mediaDir: string, hash: string) {
  const dir = path.join(mediaDir, hash.slice(0, 2));
  const names = await readdir(dir).catch(() => [] as string[]);
  await Promise.all(names.filter((n) => n.startsWith(`${hash}-`)).map((n) => rm(path.join(dir, n), { force: true })));
}
