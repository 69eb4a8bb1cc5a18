/**
 * The islands show no English of their own on a French or Spanish page:
 *   - a scan of islands/ (each file compiled by esbuild, so types and comments are gone and JSX
 *     text becomes string literals) finds no literal that reads as text for a person: every such
 *     text comes from the page (labels, data attributes) or the islands' catalogue
 *     (src/i18n/text/islands.ts through islands/lib/text.ts);
 *   - every row of that catalogue has its French and Spanish, with the same placeholders;
 *   - the page's JSON is what an island says, English only without it.
 */
import { expect } from 'chai';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { transformSync } from 'esbuild';
import { ISLAND_ENGLISH, ISLAND_ERRORS, ISLAND_ROWS } from '../../src/i18n/text/islands.ts';
import { islandTexts } from '../../src/i18n/island-text.ts';
import { errorTexts } from '../../src/i18n/error-text.ts';
import { catalog } from '../../src/i18n/catalog.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? files(p) : /\.tsx?$/.test(p) ? [p] : [];
  });
}

/** What is never shown to a person: the code before the literal, or the literal itself. */
const NOT_SHOWN_BEFORE = [
  /\.key\s*(===|!==)\s*$/,
  /\.key\.startsWith\(\s*$/,
  /\|\|\s*e\.key\s*===\s*$/, // keyboard key names
  /setRequestHeader\(\s*$/,
  /new Error\(\s*$/,
  /console\.\w+\(\s*$/,
  /\.name\s*(===|!==|=)\s*$/,
  /this\.name\s*=\s*$/, // headers, programmer errors (never shown: islands/lib/errors.ts)
];
const NOT_SHOWN_TEXT = [
  /^[A-Z]\w*Error$/, // error class names
  /^(Bearer|Basic) \$\{/, // authorization schemes
  /^(Visa|Mastercard|American Express|Discover)$/, // card brands: the same name in every language
];

/** The literals of `code` (compiled JavaScript) that read as text for a person, with their line. */
export function englishLiterals(code: string): { text: string; line: number }[] {
  const out: { text: string; line: number }[] = [];
  const re = /"((?:[^"\\\n]|\\.)*)"|'((?:[^'\\\n]|\\.)*)'|`((?:[^`\\]|\\.)*)`/g;
  for (let m = re.exec(code); m; m = re.exec(code)) {
    const raw = m[1] ?? m[2] ?? m[3];
    const text = raw.replace(/\\n/g, ' ').trim();
    const before = code.slice(Math.max(0, m.index - 40), m.index);
    const after = code.slice(re.lastIndex, re.lastIndex + 2);
    // Text for a person starts with a capitalised word: 'An error occurred', 'Choose a date'.
    if (!/^[^A-Za-z$]*[A-Z][a-z]/.test(text.replace(/^\$\{[^}]*\}\s*/, ''))) continue;
    if ((/^\s*:/.test(after) && !/\?\s*$/.test(before)) || (/^\]/.test(after) && /\[$/.test(before))) continue; // an object key
    if (/^import\b|\bfrom\s*$|import\(\s*$/.test(before.trimEnd().split('\n').pop() ?? '')) continue;
    if (NOT_SHOWN_BEFORE.some((r) => r.test(before)) || NOT_SHOWN_TEXT.some((r) => r.test(text))) continue;
    out.push({ text, line: code.slice(0, m.index).split('\n').length });
  }
  // English message constants of src (MESSAGES, DATE_FIELD_MESSAGES…) read in an island.
  for (const c of code.matchAll(/\b([A-Z_]*MESSAGES?)\b(?![\s\S]{0,3}\bfrom\b)/g)) {
    if (!/import\s*\{[^}]*$/.test(code.slice(Math.max(0, c.index - 200), c.index)))
      out.push({ text: c[1], line: code.slice(0, c.index).split('\n').length });
  }
  return out;
}

function compiled(file: string): string {
  const src = readFileSync(file, 'utf8');
  return transformSync(src, {
    loader: file.endsWith('.tsx') ? 'tsx' : 'ts',
    jsx: 'automatic',
    legalComments: 'none',
    format: 'esm',
    target: 'es2022',
  }).code;
}

describe("islands: their own text in the page's language", () => {
  it('no island shows an English literal: the scan of islands/ finds none', () => {
    const all = files(join(ROOT, 'islands'));
    expect(all.length, 'the scan reads the islands').to.be.greaterThan(60);
    const found = all.flatMap((f) =>
      englishLiterals(compiled(f)).map((l) => `${f.slice(ROOT.length)} (compiled line ${l.line}): ${l.text}`),
    );
    expect(found).to.deep.equal([]);
  });

  it('the scan fails on an English alert, a JSX text and a fallback label', () => {
    const code = transformSync(
      `showAlert('Something broke', 'error');
       const x = <p className="small muted">Extended Payment Program unavailable.</p>;
       const label = el.dataset.label ?? 'Choose a date';
       if (e.key === 'Enter') go();
       throw new Error('unknown island');
       const h = { 'Content-Type': 'application/json' };
       showAlert(MESSAGES.genericError);`,
      { loader: 'tsx', jsx: 'automatic' },
    ).code;
    expect(englishLiterals(code).map((l) => l.text)).to.deep.equal([
      'Something broke',
      'Extended Payment Program unavailable.',
      'Choose a date',
      'MESSAGES',
    ]);
  });

  it('every row has its French and Spanish, with the same placeholders', () => {
    for (const [name, [en, fr, es]] of Object.entries(ISLAND_ROWS) as [string, readonly [string, string, string]][]) {
      const names = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((x) => x[1]).sort();
      expect(fr, `${name} fr`).to.be.a('string').and.not.equal('');
      expect(es, `${name} es`).to.be.a('string').and.not.equal('');
      expect(names(fr), `${name} fr placeholders`).to.deep.equal(names(en));
      expect(names(es), `${name} es placeholders`).to.deep.equal(names(en));
      expect(catalog.fr[`island.${name}` as keyof typeof catalog.fr], `catalog island.${name}`).to.equal(fr);
    }
    // The messages the server sends too have their row in the error catalogue.
    for (const english of Object.values(ISLAND_ERRORS))
      expect(Object.values(errorTexts.en), english).to.include(english);
  });

  it("a page's island text is its language: French, Spanish, English for en", () => {
    const t = (lang: 'en' | 'fr' | 'es') => (key: string) =>
      (catalog[lang] as Record<string, string>)[key] ?? (catalog.en as Record<string, string>)[key] ?? key;
    const fr = islandTexts(t('fr'));
    expect(fr.genericError).to.equal('Une erreur est survenue');
    expect(fr.networkError).to.equal('Erreur réseau');
    expect(fr.noResults).to.equal('Aucun résultat trouvé !');
    expect(fr.languageRequired).to.equal('La langue est requise');
    const es = islandTexts(t('es'));
    expect(es.networkError).to.equal('Error de red');
    expect(es.orderRequiresLines).to.equal('Un pedido requiere artículos');
    expect(islandTexts(t('en'))).to.deep.equal(ISLAND_ENGLISH);
  });
});
