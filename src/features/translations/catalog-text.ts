/**
 * Catalogue translations in each app process's read model (src/db/read-model.ts): one query loads
 * every 'cat:' row the first time a page asks, and the entry is dropped whenever the translations
 * table is written (data_change trigger, migration 0020), so a page costs no query for them and an
 * edit shows on the next page. Pages ask `forLocale(locale)` and get names with the English fallback.
 */
import type { DbOrTx } from '../../db/client.ts';
import type { ReadModel } from '../../db/read-model.ts';
import { CatalogTexts, type CatalogNames } from '../../domain/catalog-text.ts';
import { catalogTextRows } from './queries.ts';

export const TRANSLATION_TABLES = ['translations'] as const;

export function catalogTextCache(readModel: ReadModel, db: DbOrTx) {
  const cache = readModel.cache<CatalogTexts>('catalog text', { tables: TRANSLATION_TABLES, max: 1 });
  const all = () => cache.get('all', async () => new CatalogTexts(await catalogTextRows(db)));
  return {
    all,
    forLocale: async (locale: string): Promise<CatalogNames> => (await all()).forLocale(locale),
  };
}

export type CatalogTextCache = ReturnType<typeof catalogTextCache>;
