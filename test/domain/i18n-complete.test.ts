/**
 * The shipped interface text (src/i18n/catalog.ts, assembled from src/i18n/text/*.ts) is complete:
 * every English key has a French and a Spanish text, with the same {{placeholders}}, so a fr-ca or
 * es-mx page never falls back to English by accident. No database: the catalog is plain modules.
 */
import { expect } from 'chai';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { catalog } from '../../src/i18n/catalog.ts';

/** Keys that may have no French or Spanish entry; i18next then shows the English value, which is right here. */
const MAY_STAY_ENGLISH = new Set<string>([
  'site.name', // the brand, "Harrow & Drill", is the same in every language
  'content.hero.image', // an image([...]) directive: a language without its own shows the English image (see src/i18n/text/content.ts)
]);

/** Texts of three or more words that may legitimately read the same as the English (none so far). */
const MAY_MATCH_ENGLISH = new Set<string>([]);

const LANGUAGES = ['fr', 'es'] as const;
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

const english = catalog.en as Record<string, string>;
const translated = (lang: (typeof LANGUAGES)[number]) => catalog[lang] as Record<string, string | undefined>;

/** The {{...}} tokens of a text, exactly as written (the islands' fill() only reads `{{name}}`). */
function placeholders(text: string): string[] {
  return [...new Set(text.match(/\{\{[^{}]*\}\}/g) ?? [])].sort();
}

describe('domain/i18n-complete', () => {
  for (const lang of LANGUAGES) {
    describe(lang, () => {
      it('every English key has a non-empty text', () => {
        const t = translated(lang);
        const missing = Object.keys(english).filter(
          (k) => !MAY_STAY_ENGLISH.has(k) && !(typeof t[k] === 'string' && t[k]!.trim() !== ''),
        );
        expect(missing, `${lang} texts missing (add them to src/i18n/text/)`).to.deep.equal([]);
      });

      it('each text has the same {{placeholders}} as the English', () => {
        const t = translated(lang);
        const wrong = Object.keys(english)
          .filter((k) => typeof t[k] === 'string')
          .filter((k) => placeholders(t[k]!).join(' ') !== placeholders(english[k]).join(' '))
          .map(
            (k) =>
              `${k}: en ${placeholders(english[k]).join(' ') || '(none)'} ≠ ${lang} ${placeholders(t[k]!).join(' ') || '(none)'}`,
          );
        expect(wrong).to.deep.equal([]);
      });

      it('has no key that English lacks (a plural form of an English plural key is fine)', () => {
        const pluralBases = new Set(
          Object.keys(english)
            .filter((k) => PLURAL_SUFFIX.test(k))
            .map((k) => k.replace(PLURAL_SUFFIX, '')),
        );
        const stray = Object.keys(translated(lang)).filter(
          (k) => !(k in english) && !(PLURAL_SUFFIX.test(k) && pluralBases.has(k.replace(PLURAL_SUFFIX, ''))),
        );
        expect(stray).to.deep.equal([]);
      });

      it('a count is said with plural forms, never "(s)" ("1 changes", "place(s)")', () => {
        const t = translated(lang);
        const hedged = Object.keys(t).filter((k) => /\p{L}\((s|es|e)\)/u.test(t[k] ?? ''));
        expect(hedged).to.deep.equal([]);
        const counted = Object.keys(english).filter(
          (k) => !PLURAL_SUFFIX.test(k) && /\{\{count\}\}/.test(english[k]) && `${k}_one` in english,
        );
        for (const k of counted) expect(t[`${k}_one`], `${lang} ${k}_one`).to.be.a('string');
      });

      it('a text of three or more words is translated, not a copy of the English', () => {
        const t = translated(lang);
        const words = (s: string) => s.replace(/\{\{[^{}]*\}\}/g, ' ').match(/\p{L}{2,}/gu)?.length ?? 0;
        const copied = Object.keys(english).filter(
          (k) => !MAY_MATCH_ENGLISH.has(k) && t[k] === english[k] && words(english[k]) >= 3,
        );
        expect(copied).to.deep.equal([]);
      });
    });
  }

  it('English says one of a count in the singular (the order history\'s "1 change", an image "Used in 1 place")', () => {
    const hedged = Object.keys(english).filter((k) => /\p{L}\((s|es)\)/u.test(english[k]));
    expect(hedged).to.deep.equal([]);
    for (const k of ['oa.detail.logCount', 'media.usedBy', 'oa.orders.summary', 'wh.imported'])
      expect(english, k).to.have.property(`${k}_one`);
    expect(english['oa.detail.logCount_one']).to.equal('{{count}} change');
  });

  it('the allowlists name only English keys, and MAY_STAY_ENGLISH only keys still untranslated somewhere', () => {
    for (const k of [...MAY_STAY_ENGLISH, ...MAY_MATCH_ENGLISH]) expect(english, k).to.have.property(k);
    for (const k of MAY_STAY_ENGLISH)
      expect(
        LANGUAGES.some((lang) => !translated(lang)[k]),
        `${k} is translated everywhere: drop it from MAY_STAY_ENGLISH`,
      ).to.equal(true);
  });

  it('every English text under src/i18n/text/ is in the catalog (so the checks above see it)', async () => {
    const dir = fileURLToPath(new URL('../../src/i18n/text/', import.meta.url));
    const absent: string[] = [];
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts'))) {
      const mod = (await import(new URL(`../../src/i18n/text/${file}`, import.meta.url).href)) as Record<
        string,
        unknown
      >;
      for (const [name, value] of Object.entries(mod)) {
        const en =
          name === 'en'
            ? value
            : value && typeof value === 'object' && 'en' in value
              ? (value as { en: unknown }).en
              : undefined;
        if (!en || typeof en !== 'object') continue;
        for (const k of Object.keys(en)) if (!(k in english)) absent.push(`${file}: ${k}`);
      }
    }
    expect(absent, 'add the area to AREAS in src/i18n/catalog.ts').to.deep.equal([]);
  });
});
