/** The four locales of the storefront and what each implies. */
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../domain/constants.ts';

export { DEFAULT_LOCALE, LOCALES, type Locale };

export const LOCALE_LABELS: Record<Locale, string> = {
  'en-us': 'English (US)',
  'en-ca': 'English (Canada)',
  'fr-ca': 'Français (Canada)',
  'es-mx': 'Español (México)',
};

/** The channel a first-time visitor of a locale gets (country code): the rule is src/domain/channel-choice.ts. */
export { LOCALE_DEFAULT_CHANNEL } from '../domain/channel-choice.ts';

/** 'fr-ca' → 'fr-CA': the one locale-tag helper is src/domain/locale-tag.ts (this name stays for callers). */
export { intlLocale as intlTag } from '../domain/locale-tag.ts';

export const isLocale = (v: unknown): v is Locale =>
  typeof v === 'string' && (LOCALES as readonly string[]).includes(v);
