/** The interface text in every language, with the earlier wordings of a few English texts. */
import type { CatalogTranslation } from './catalog-i18n.ts';
import { translations, translationVersions } from '../schema/index.ts';
import { catalog } from '../../i18n/catalog.ts';
import { USER } from './ids.ts';
import { daysAgo, insertMany, type SeedTx } from './util.ts';

const UI = 'ui:';

/** Earlier wordings of a few English texts: the catalogue's text is the newest version. */
const HISTORY: Record<string, string[]> = {
  'site.tagline': ['Planters and parts from Iowa.', 'Planters, seed plates and parts from our own warehouses.'],
  'nav.products': ['Catalog'],
  'landing.hero.title': ['Plant with confidence.'],
  'nav.dealers': ['Dealer locator'],
};

/** English for Canada, where it differs (language 'en', country 'CA'). */
const EN_CA: Record<string, string> = {
  'site.tagline': 'Planters, seed plates and parts, shipped from Saskatoon and Des Moines.',
  'footer.contact': 'Questions? Call 1-800-555-0142, Monday to Friday, 7 am to 6 pm Saskatchewan time.',
};

export async function seedTranslations(tx: SeedTx, catalogue: readonly CatalogTranslation[] = []): Promise<number> {
  const rows: (typeof translations.$inferInsert)[] = [];
  const versions: (typeof translationVersions.$inferInsert)[] = [];
  const base = daysAgo(90);
  const add = (field: string, language: string, country: string, value: string, earlier: string[] = []) => {
    const id = rows.length + 1;
    const all = [...earlier, value];
    const updatedAt = daysAgo(90 - 25 * earlier.length);
    rows.push({
      id,
      field,
      language,
      country,
      value,
      version: all.length,
      updatedBy: USER.admin,
      createdAt: base,
      updatedAt,
    });
    all.forEach((v, k) =>
      versions.push({
        translationId: id,
        value: v,
        version: k + 1,
        createdBy: USER.admin,
        createdAt: daysAgo(90 - 25 * k),
      }),
    );
  };
  for (const language of ['en', 'fr', 'es'] as const) {
    for (const [key, value] of Object.entries(catalog[language])) {
      if (typeof value !== 'string') continue;
      add(UI + key, language, '', value, language === 'en' ? HISTORY[key] : undefined);
    }
  }
  for (const [key, value] of Object.entries(EN_CA)) {
    if (key in catalog.en) add(UI + key, 'en', 'CA', value);
  }
  for (const c of catalogue) add(c.field, c.language, '', c.value);
  await insertMany(tx, translations, rows);
  await insertMany(
    tx,
    translationVersions,
    versions.map((v, i) => ({ id: i + 1, ...v })),
  );
  return rows.length;
}
