/** Reads of the media library: the grid (search, keyset on id) and where each item is used. */
import { and, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { instructionalSteps, media, partsDiagrams, products } from '../../db/schema/index.ts';
import { thumbOf, type MediaChoice } from '../../domain/media-picker.ts';

export const MEDIA_PAGE = 24;

export async function listMedia(db: DbOrTx, q: string, after: number | null) {
  const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await db
    .select({
      id: media.id,
      filename: media.filename,
      path: media.path,
      mime: media.mime,
      size: media.size,
      width: media.width,
      height: media.height,
      alt: media.alt,
      variants: media.variants,
      createdAt: media.createdAt,
      // Products (primary or gallery), parts diagrams and instructional steps showing this image:
      // one count per row, no second round trip.
      usedBy: sql<number>`((select count(*)::int from ${products} p where p.primary_image = ${media.path} or p.images @> jsonb_build_array(${media.path}))
        + (select count(*)::int from ${partsDiagrams} d where d.image = ${media.path})
        + (select count(*)::int from ${instructionalSteps} st where st.image_url = ${media.path}))`,
    })
    .from(media)
    .where(
      and(
        q ? or(ilike(media.filename, like), ilike(media.path, like), ilike(media.alt, like)) : undefined,
        after ? sql`${media.id} < ${after}` : undefined,
      ),
    )
    .orderBy(desc(media.id))
    .limit(MEDIA_PAGE + 1);
  return { rows: rows.slice(0, MEDIA_PAGE), next: rows.length > MEDIA_PAGE ? rows[MEDIA_PAGE - 1].id : null };
}

export async function findMedia(db: DbOrTx, id: number) {
  const [m] = await db.select().from(media).where(eq(media.id, id));
  return m ?? null;
}

export async function findByHash(db: DbOrTx, hash: string) {
  const [m] = await db.select().from(media).where(eq(media.hash, hash));
  return m ?? null;
}

export type MediaUse = { kind: 'product' | 'diagram' | 'step'; id: number; label: string };

/** What shows this image: products (by stock code), parts diagrams and instructional steps (by title). */
export async function whereUsed(db: DbOrTx, path: string): Promise<MediaUse[]> {
  // One after the other: called inside the delete's transaction (one client).
  const byProducts = await db
    .select({ id: products.id, label: products.stockcode })
    .from(products)
    .where(or(eq(products.primaryImage, path), sql`${products.images} @> jsonb_build_array(${path}::text)`))
    .limit(50);
  const byDiagrams = await db
    .select({ id: partsDiagrams.id, label: partsDiagrams.title })
    .from(partsDiagrams)
    .where(eq(partsDiagrams.image, path))
    .limit(50);
  const bySteps = await db
    .select({ id: instructionalSteps.id, label: instructionalSteps.title })
    .from(instructionalSteps)
    .where(eq(instructionalSteps.imageUrl, path))
    .limit(50);
  return [
    ...byProducts.map((r) => ({ kind: 'product' as const, ...r })),
    ...byDiagrams.map((r) => ({ kind: 'diagram' as const, ...r })),
    ...bySteps.map((r) => ({ kind: 'step' as const, ...r })),
  ];
}

/** The newest images for the product editor's picker, each with its thumbnail. */
export async function pickerMedia(db: DbOrTx, limit: number): Promise<MediaChoice[]> {
  const rows = await db
    .select({
      id: media.id,
      path: media.path,
      filename: media.filename,
      alt: media.alt,
      width: media.width,
      height: media.height,
      variants: media.variants,
      mime: media.mime,
    })
    .from(media)
    .orderBy(desc(media.id))
    .limit(limit);
  return rows
    .filter((m) => m.mime.startsWith('image/'))
    .map((m) => ({
      id: m.id,
      path: m.path,
      filename: m.filename,
      alt: m.alt,
      thumb: thumbOf(m.path, m.variants),
      width: m.width,
      height: m.height,
    }));
}
