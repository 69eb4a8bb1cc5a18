/**
 * Interface text at run time. i18next holds one resource bundle per language
 * ('en', 'fr', 'es') and per language-country override ('en-CA', 'fr-CA'), loaded
 * from the translations table so that edits made in the translation editor show
 * at once (call reload()). i18next's own fallback does the rest: 'fr-CA' falls
 * back to 'fr', then to English; a key missing from the table falls back to the
 * shipped catalog.
 */
import { intlLocale } from '../domain/locale-tag.ts';
import i18next, { type i18n as I18n, type TFunction } from 'i18next';
import { like } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { translations } from '../db/schema/index.ts';
import { catalog, UI_FIELD_PREFIX } from './catalog.ts';
import { LOCALES, type Locale } from './locales.ts';
import { CompiledTexts } from './compiled.ts';

export type Translator = TFunction;

/** A saved interface text (translations row, field 'ui:' + key). */
export type TextRow = { field: string; language: string; country: string; value: string };

async function createInstance(): Promise<I18n> {
  const instance = i18next.createInstance();
  await instance.init({
    lng: 'en',
    fallbackLng: 'en',
    supportedLngs: false,
    load: 'all',
    nonExplicitSupportedLngs: true,
    interpolation: { escapeValue: false }, // EJS escapes on output
    returnNull: false,
    resources: {},
    initAsync: false,
  });
  return instance;
}

export class Texts {
  /** One compiled translator per locale; emptied by reload(). */
  private readonly translators = new Map<Locale, Translator>();

  private constructor(private readonly instance: I18n) {}

  static async create(db: Db): Promise<Texts> {
    const texts = new Texts(await createInstance());
    await texts.reload(db);
    return texts;
  }

  /** Texts from the shipped catalogue and these saved rows, without a database (tests). */
  static async fromRows(rows: TextRow[]): Promise<Texts> {
    const texts = new Texts(await createInstance());
    texts.load(rows);
    return texts;
  }

  /** Re-reads every interface text from the database. */
  async reload(db: Db): Promise<void> {
    const rows = await db
      .select({
        field: translations.field,
        language: translations.language,
        country: translations.country,
        value: translations.value,
      })
      .from(translations)
      .where(like(translations.field, `${UI_FIELD_PREFIX}%`));
    this.load(rows);
  }

  private load(rows: TextRow[]) {
    const bundles = new Map<string, Record<string, string>>();
    for (const [lang, msgs] of Object.entries(catalog)) bundles.set(lang, { ...(msgs as Record<string, string>) });
    for (const r of rows) {
      const lng = r.country.trim() ? `${r.language}-${r.country.trim().toUpperCase()}` : r.language;
      const bundle = bundles.get(lng) ?? {};
      bundle[r.field.slice(UI_FIELD_PREFIX.length)] = r.value;
      bundles.set(lng, bundle);
    }
    for (const [lng, bundle] of bundles) this.instance.addResourceBundle(lng, 'translation', bundle, false, true);
    this.translators.clear();
  }

  /** A translator fixed to a locale such as 'fr-ca': its messages compiled once (src/i18n/compiled.ts). */
  forLocale(locale: Locale): Translator {
    let t = this.translators.get(locale);
    if (!t) {
      const fixed = this.instance.getFixedT(i18nLanguage(locale));
      // Keep the fixed translator's own fields (lng, ns, keyPrefix).
      t = Object.assign(
        new CompiledTexts(this.instance, i18nLanguage(locale), fixed).t,
        fixed,
      ) as unknown as Translator;
      this.translators.set(locale, t);
    }
    return t;
  }

  /** i18next's own translator for a locale, uncompiled (the tests compare the two). */
  i18nextFor(locale: Locale): Translator {
    return this.instance.getFixedT(i18nLanguage(locale));
  }
}

/** 'fr-ca' → 'fr-CA' (i18next's form, which falls back to 'fr', then 'en'). */
export function i18nLanguage(locale: Locale): string {
  return intlLocale(locale);
}

export { LOCALES };
