/**
 * GET /media/…: the stored images (DATA_DIR/media/<hash[0..2]>/…) and other published media, as
 * static files. In-flight uploads are written outside this folder (DATA_DIR/upload-tmp, upload.ts);
 * a `tmp` folder left inside it by an older version is never served, however the path is spelled
 * (`//tmp`, `./tmp`, `%74mp`): the check runs on the decoded, normalised path, as `send` resolves it.
 */
import path from 'node:path';
import express, { type RequestHandler } from 'express';

const HIDDEN = new Set(['tmp']);

/** True when the request path (below /media) names a file of a folder that is never served. */
export function isHiddenMediaPath(reqPath: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(reqPath);
  } catch {
    return true;
  }
  const first =
    path.posix
      .normalize(`/${decoded.replace(/\\/g, '/')}`)
      .split('/')
      .filter(Boolean)[0] ?? '';
  return HIDDEN.has(first.toLowerCase());
}

export function mediaFiles(dataDir: string): RequestHandler {
  const files = express.static(path.join(dataDir, 'media'), { maxAge: '1d', index: false });
  return (req, res, next) => (isHiddenMediaPath(req.path) ? next() : files(req, res, next));
}
