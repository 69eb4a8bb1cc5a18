/** Writes of the media library: record an upload (deduplicated by image_hash), delete an unused item. */
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { media } from '../../db/schema/index.ts';
import { conflict, notFound } from '../../domain/errors.ts';
import { audit } from '../audit/index.ts';
import { catalogChanged } from '../../db/catalog-changed.ts';
import { findByHash, findMedia, whereUsed } from './queries.ts';
import { inspect, removeImageFiles, storeImage } from './upload.ts';

type Db = Database['db'];

/** Stores the received temp file (or finds the identical image already stored). */
export async function saveUpload(
  db: Db,
  mediaDir: string,
  file: { path: string; originalname: string },
  userId: number,
) {
  const { hash } = await inspect(file.path);
  const existing = await findByHash(db, hash);
  if (existing) {
    const { rm } = await import('node:fs/promises');
    await rm(file.path, { force: true });
    return { media: existing, created: false };
  }
  const img = await storeImage(mediaDir, file.path, hash, file.originalname);
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(media)
        .values({
          filename: img.filename,
          path: img.path,
          mime: img.mime,
          size: img.size,
          width: img.width,
          height: img.height,
          hash,
          variants: img.variants,
          uploadedBy: userId,
        })
        .onConflictDoNothing({ target: media.hash })
        .returning();
      // A concurrent upload of the same image won the race: use its row, drop nothing (same files).
      if (!row) return { media: (await findByHash(tx, hash))!, created: false };
      await audit(tx, {
        action: 'media.upload',
        entity: 'media',
        entityId: row.id,
        userId,
        message: `Uploaded ${row.filename}`,
        data: { after: { path: row.path, size: row.size, hash } },
      });
      await catalogChanged(tx, { entity: 'media', id: row.id });
      return { media: row, created: true };
    });
  } catch (e) {
    await removeImageFiles(mediaDir, hash);
    throw e;
  }
}

/** Deletes an item nothing shows (product, parts diagram, instructional step); a used one is a 409 naming where it is used. */
export async function deleteMedia(db: Db, mediaDir: string, id: number, userId: number) {
  const removed = await db.transaction(async (tx) => {
    const m = await findMedia(tx, id);
    if (!m) throw notFound('This image is no longer in the library.');
    const used = await whereUsed(tx, m.path);
    if (used.length)
      throw conflict(`This image is used by ${used.map((u) => u.label).join(', ')}; remove it there first.`, {
        media: 'In use.',
      });
    await tx.delete(media).where(eq(media.id, id));
    await audit(tx, {
      action: 'media.delete',
      entity: 'media',
      entityId: id,
      userId,
      message: `Deleted ${m.filename}`,
      data: { before: { path: m.path, size: m.size, hash: m.hash } },
    });
    await catalogChanged(tx, { entity: 'media', id });
    return m;
  });
  // Files go after the commit; only uploaded (hashed) items own files under DATA_DIR/media.
  if (removed.hash) await removeImageFiles(mediaDir, removed.hash);
}
