/**
 * THE locale-tag helper: our URL locales ('fr-ca') → BCP 47 tags for Intl and i18next ('fr-CA').
 * Money, dates, the page context and i18next all ask here.
 */
import { DEFAULT_LOCALE, LOCALES, type Locale } from './constants.ts';

// Why: Intl.getCanonicalLocales is slow next to a Map lookup, and every price on a page asks
// (~1.5% of a product page's CPU). Bounded, since the input is not always one of our locales.
const canonicalTags = new Map<string, string>();

/** Why: URL locales are lower-case ('fr-ca'); Intl wants 'fr-CA'. Unknown input falls back to the default locale. */
export function intlLocale(locale: string): string {
  let tag = canonicalTags.get(locale);
  if (tag === undefined) {
    tag = canonicalTag(locale);
    if (canonicalTags.size < 100) canonicalTags.set(locale, tag);
  }
  return tag;
}

function canonicalTag(locale: string): string {
  try {
    const [canonical] = Intl.getCanonicalLocales(String(locale).trim().replace(/_/g, '-'));
    if (canonical) return canonical;
  } catch {
    // fall through to the default
  }
  return Intl.getCanonicalLocales(DEFAULT_LOCALE)[0];
}

/** The storefront locale a language tag's primary subtag falls back to ('fr-FR' → fr-ca). */
const BY_LANGUAGE: Record<string, Locale> = { en: 'en-us', fr: 'fr-ca', es: 'es-mx' };

/**
 * Why: a first visit to `/` lands in the visitor's language: the languages the browser
 * accepts, best first (as Express's `req.acceptsLanguages()` orders them), give the first of ours
 * that matches exactly (es-MX, fr-CA, en-CA, en-US), else by language (fr → fr-ca, es → es-mx,
 * en → en-us); anything else gets the default.
 */
export function localeForLanguages(accepted: readonly string[]): Locale {
  for (const tag of accepted) {
    const lower = String(tag).trim().toLowerCase().replace(/_/g, '-');
    if ((LOCALES as readonly string[]).includes(lower)) return lower as Locale;
    const byLanguage = BY_LANGUAGE[lower.split('-')[0]];
    if (byLanguage) return byLanguage;
  }
  return DEFAULT_LOCALE;
}
