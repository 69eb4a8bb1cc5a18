/** Reads of the translations tables (drizzle only). */
import { and, asc, desc, eq, inArray, like } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  categories,
  channels,
  eppPromotions,
  instructionals,
  optionChoices,
  partsDiagrams,
  productOptions,
  products,
  promotions,
  translations,
  translationVersions,
} from '../../db/schema/index.ts';
import type { TranslationEntry } from '../../domain/translation.ts';
import { CATALOG_MARKER, type CatalogEntity } from '../../domain/catalog-text.ts';

/** Every entry of a field with its earlier versions (newest first): two queries. */
export async function entriesOf(db: DbOrTx, field: string): Promise<TranslationEntry[]> {
  const rows = await db
    .select()
    .from(translations)
    .where(eq(translations.field, field))
    .orderBy(asc(translations.language), asc(translations.country));
  if (!rows.length) return [];
  const versions = await db
    .select({
      translationId: translationVersions.translationId,
      value: translationVersions.value,
      version: translationVersions.version,
    })
    .from(translationVersions)
    .where(
      inArray(
        translationVersions.translationId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(desc(translationVersions.version));
  return rows
    .map((r) => ({
      translation_id: r.id,
      field: r.field,
      language: r.language,
      country: r.country,
      value: r.value,
      version: r.version,
      changes: versions
        .filter((v) => v.translationId === r.id && v.version !== r.version)
        .map((v) => ({ value: v.value, version: v.version })),
      updated_at: r.updatedAt.toISOString(),
    }))
    .sort((a, b) => (a.language === 'en' ? 0 : 1) - (b.language === 'en' ? 0 : 1));
}

/** The row for one field/language/country, locked for the save that follows. */
export async function lockEntry(tx: DbOrTx, field: string, language: string, country: string) {
  const [row] = await tx
    .select({ id: translations.id, version: translations.version, value: translations.value })
    .from(translations)
    .where(and(eq(translations.field, field), eq(translations.language, language), eq(translations.country, country)))
    .for('update');
  return row;
}

/** Every catalogue translation (field under the 'cat:' marker), for the read model: one query. */
export function catalogTextRows(db: DbOrTx) {
  return db
    .select({
      field: translations.field,
      language: translations.language,
      country: translations.country,
      value: translations.value,
    })
    .from(translations)
    .where(like(translations.field, `${CATALOG_MARKER}%`));
}

/** The English text of a catalogue field (the entity's own column); undefined when the entity does not exist. */
export async function catalogEnglish(
  db: DbOrTx,
  f: { entity: CatalogEntity; id: number; part: string },
): Promise<string | undefined> {
  const one = async (q: Promise<{ v: string | null }[]>) => {
    const [row] = await q;
    return row ? (row.v ?? '') : undefined;
  };
  switch (f.entity) {
    case 'product':
      return one(
        db
          .select({
            v:
              f.part === 'description'
                ? products.description
                : f.part === 'label'
                  ? products.nonStockLabel
                  : products.title,
          })
          .from(products)
          .where(eq(products.id, f.id)),
      );
    case 'category':
      return one(
        db
          .select({ v: f.part === 'description' ? categories.description : categories.name })
          .from(categories)
          .where(eq(categories.id, f.id)),
      );
    case 'option':
      return one(db.select({ v: productOptions.name }).from(productOptions).where(eq(productOptions.id, f.id)));
    case 'choice':
      return one(db.select({ v: optionChoices.name }).from(optionChoices).where(eq(optionChoices.id, f.id)));
    case 'promotion':
      return one(db.select({ v: promotions.name }).from(promotions).where(eq(promotions.id, f.id)));
    case 'channel':
      return one(db.select({ v: channels.name }).from(channels).where(eq(channels.id, f.id)));
    case 'diagram':
      return one(db.select({ v: partsDiagrams.title }).from(partsDiagrams).where(eq(partsDiagrams.id, f.id)));
    case 'instructional':
      return one(db.select({ v: instructionals.title }).from(instructionals).where(eq(instructionals.id, f.id)));
    case 'financing':
      return one(db.select({ v: eppPromotions.name }).from(eppPromotions).where(eq(eppPromotions.id, f.id)));
  }
}
