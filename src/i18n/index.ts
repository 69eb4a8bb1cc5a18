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

export type Translator = TFunction;

export class Texts {
  /** One memoising translator per locale; emptied by reload(). */
  private readonly translators = new Map<Locale, Translator>();

  private constructor(private readonly instance: I18n) {}

  static async create(db: Db): Promise<Texts> {
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
    const texts = new Texts(instance);
    await texts.reload(db);
    return texts;
  }

  /** Re-reads every interface text from the database. */
  async reload(db: Db): Promise<void> {
    const rows = await db
      .select({ field: translations.field, language: translations.language, country: translations.country, value: translations.value })
      .from(translations)
      .where(like(translations.field, `${UI_FIELD_PREFIX}%`));
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

  /** A translator fixed to a locale such as 'fr-ca'. */
  forLocale(locale: Locale): Translator {
    let t = this.translators.get(locale);
    if (!t) {
      t = memoize(this.instance.getFixedT(i18nLanguage(locale)));
      this.translators.set(locale, t);
    }
    return t;
  }
}

/** Enough for every key the interface has (~1,000), small enough that odd keys cannot grow it without bound. */
const MEMO_MAX = 5_000;

/**
 * Why: a page makes a hundred or more plain `t(key)` calls, and each walks i18next's fallback
 * chain (fr-CA → fr → en → catalog); that was ~9% of a product page's CPU. The texts only change
 * in reload(), which drops these translators, so a plain key's answer can be kept. Calls with
 * options (interpolation, plurals, defaults) always go to i18next.
 */
function memoize(t: Translator): Translator {
  const answers = new Map<string, string>();
  const memoized = (...args: unknown[]) => {
    const key = args[0];
    if (args.length !== 1 || typeof key !== 'string') return (t as unknown as (...a: unknown[]) => unknown)(...args);
    let text = answers.get(key);
    if (text === undefined) {
      const value: unknown = t(key);
      if (typeof value !== 'string' || answers.size >= MEMO_MAX) return value;
      answers.set(key, (text = value));
    }
    return text;
  };
  // Keep the fixed translator's own fields (lng, ns, keyPrefix).
  return Object.assign(memoized, t) as unknown as Translator;
}

/** 'fr-ca' → 'fr-CA' (i18next's form, which falls back to 'fr', then 'en'). */
export function i18nLanguage(locale: Locale): string {
  return intlLocale(locale);
}

export { LOCALES };
