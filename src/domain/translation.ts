/**
 * Shapes and rules of the translation editor shared by the server and the island (spec §3
 * Translation, §4 Translation editor, §7 Translations). Pure: no framework imports.
 */
import { PLACEHOLDER_LANGUAGE } from './constants.ts';

/** The namespace marker of interface text: field 'ui:nav.products' shows as code 'nav.products'. */
export const UI_MARKER = 'ui:';

/** Languages the interface is written in, and the countries each has a locale for (§3's map). */
export const LANGUAGE_COUNTRIES: Readonly<Record<string, readonly string[]>> = {
  en: ['US', 'CA'],
  fr: ['CA'],
  es: ['MX'],
};

export const LANGUAGES = Object.keys(LANGUAGE_COUNTRIES).filter((l) => l !== PLACEHOLDER_LANGUAGE);

/** The longest value a save accepts (a landing section with markup fits many times over). */
export const MAX_TRANSLATION_LENGTH = 20_000;

/** A field: marker + key of letters, digits, dots, dashes and underscores. */
export const FIELD_PATTERN = /^[a-z]+:[A-Za-z0-9_.-]{1,200}$/;

export type TranslationVersion = { value: string; version: number };

/** One language/country entry of a field. translation_id 0 = no entry yet (value ''). */
export type TranslationEntry = {
  translation_id: number;
  field: string;
  language: string;
  country: string;
  value: string;
  version: number;
  /** Earlier versions, newest first (the current one is `value`/`version`). */
  changes: TranslationVersion[];
  updated_at: string | null;
};

/** The reply to an open (GET) or a save (POST). */
export type TranslationReply = {
  field: string;
  /** The entry for `locale` (translation_id 0 when none exists). */
  entry: TranslationEntry;
  /** Every existing entry of the field, English first. */
  translations: TranslationEntry[];
  locale: string;
  languages: Record<string, readonly string[]>;
};

/** `provider: 'offline'` when the offline glossary translator answered (no TRANSLATE_API_KEY). */
export type MachineTranslateReply = { translated: { translatedText: string }; provider?: 'offline' };

/** 'fr-ca' / 'fr-CA' / 'fr' → {language 'fr', country 'CA' | ''}; null when malformed or 'xx'. */
export function parseLocaleTag(tag: string): { language: string; country: string } | null {
  const m = /^([a-zA-Z]{2,3})(?:[-_]([a-zA-Z]{2}))?$/.exec(tag.trim());
  if (!m) return null;
  const language = m[1].toLowerCase();
  if (language === PLACEHOLDER_LANGUAGE) return null;
  return { language, country: (m[2] ?? '').toUpperCase() };
}

export const localeTag = (language: string, country: string) =>
  country.trim() ? `${language}-${country.trim().toLowerCase()}` : language;

/** The code shown read-only in the editor: the field without its namespace marker. */
export const fieldCode = (field: string) => field.replace(/^[a-z]+:/, '');

/** An empty entry for a language/country that has none yet (§4: id 0, empty value). */
export const emptyEntry = (field: string, language: string, country: string): TranslationEntry => ({
  translation_id: 0,
  field,
  language,
  country,
  value: '',
  version: 0,
  changes: [],
  updated_at: null,
});

/**
 * What the editor opens on from a page's edit link: the text that page shows for its
 * locale, as the page's own fallback finds it. The language-country entry when one is saved, else
 * the language's entry (all countries); else a new entry for the language, all countries
 * (translation_id 0), whose value starts from the English text. `entries` is a reply's
 * `translations` (the English reference included).
 */
export function pageEntry(
  entries: readonly TranslationEntry[],
  field: string,
  language: string,
  country: string,
): { entry: TranslationEntry; value: string } {
  const saved = (c: string) => entries.find((e) => e.translation_id > 0 && e.language === language && e.country === c);
  const found = (country ? saved(country) : undefined) ?? saved('');
  if (found) return { entry: found, value: found.value };
  const english = entries.find((e) => e.language === 'en' && e.country === '');
  return { entry: emptyEntry(field, language, ''), value: english?.value ?? '' };
}

const IMAGE_DIRECTIVE = /image\(\[([\s\S]*?)\]\)/g;
const QUOTED = /'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)"/g;
const escapeAttr = (v: string) =>
  v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * image(['/media/a.jpg', 'alt text']) → <img src="/media/a.jpg" alt="alt text" loading="lazy">.
 * The result still goes through the sanitiser (which decides which URLs are allowed).
 */
export function expandImageDirectives(html: string): string {
  return html.replace(IMAGE_DIRECTIVE, (_m, inner: string) => {
    const args = [...inner.matchAll(QUOTED)].map((q) => (q[1] ?? q[2] ?? '').replace(/\\(.)/g, '$1'));
    if (!args[0]) return '';
    return `<img src="${escapeAttr(args[0])}" alt="${escapeAttr(args[1] ?? '')}" loading="lazy">`;
  });
}

/** Props of the translation-editor island: the page's locale and its interface text ('tr.*'). */
export type EditorProps = { locale: string; text: Record<string, string> };
