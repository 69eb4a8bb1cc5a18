/** Reads of the translations tables (drizzle only). */
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { translations, translationVersions } from '../../db/schema/index.ts';
import type { TranslationEntry } from '../../domain/translation.ts';

/** Every entry of a field with its earlier versions (newest first): two queries. */
export async function entriesOf(db: DbOrTx, field: string): Promise<TranslationEntry[]> {
  const rows = await db
    .select()
    .from(translations)
    .where(eq(translations.field, field))
    .orderBy(asc(translations.language), asc(translations.country));
  if (!rows.length) return [];
  const versions = await db
    .select({ translationId: translationVersions.translationId, value: translationVersions.value, version: translationVersions.version })
    .from(translationVersions)
    .where(inArray(translationVersions.translationId, rows.map((r) => r.id)))
    .orderBy(desc(translationVersions.version));
  return rows
    .map((r) => ({
      translation_id: r.id,
      field: r.field,
      language: r.language,
      country: r.country,
      value: r.value,
      version: r.version,
      changes: versions.filter((v) => v.translationId === r.id && v.version !== r.version).map((v) => ({ value: v.value, version: v.version })),
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
