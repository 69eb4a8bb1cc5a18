/**
 * The compiled interface text (src/i18n/compiled.ts) answers exactly what i18next answers: every
 * key of the catalogue in every locale, with and without its variables, with sample values of each
 * kind, with counts that pick each plural form, and with saved texts (the translations table) that
 * override a language or a country.
 */
import { expect } from 'chai';
import { Texts, type TextRow } from '../../src/i18n/index.ts';
import { catalog } from '../../src/i18n/catalog.ts';
import { LOCALES } from '../../src/i18n/locales.ts';

type T = (key: string, options?: unknown) => unknown;

/** The answer, or the error thrown (i18next throws on some option values; so must the compiled text). */
function outcome(f: () => unknown): unknown {
  try {
    return f();
  } catch (e) {
    return `threw ${(e as Error).message}`;
  }
}

/** Saved texts as the translation editor writes them: language rows, country rows, odd values. */
const ROWS: TextRow[] = [
  { field: 'ui:site.name', language: 'fr', country: 'CA', value: 'Herse & Semoir (Canada)' },
  { field: 'ui:nav.cart', language: 'en', country: 'CA', value: 'Basket' },
  { field: 'ui:catalog.results_one', language: 'fr', country: 'CA', value: '{{count}} article' },
  { field: 'ui:catalog.results', language: 'fr', country: 'CA', value: 'Résultats: {{count}}' },
  { field: 'ui:catalog.results_zero', language: 'es', country: '', value: 'Ningún producto' },
  { field: 'ui:nav.products', language: 'es', country: 'MX', value: '' },
  { field: 'ui:test.nested', language: 'en', country: '', value: 'See $t(nav.cart) now' },
  { field: 'ui:test.formatted', language: 'en', country: '', value: 'On {{date, datetime}}' },
  { field: 'ui:test.dotted', language: 'en', country: '', value: 'For {{who.name}}' },
  { field: 'ui:test.spaced', language: 'en', country: '', value: 'Hello {{ name }} and {{name}}{{other}}!' },
  { field: 'ui:test.lng', language: 'en', country: '', value: 'In {{lng}}' },
  { field: 'ui:test.unescaped', language: 'en', country: '', value: 'Raw {{- html}}' },
  { field: 'ui:test.colon', language: 'en', country: '', value: 'Colon key {{n}}' },
  { field: 'ui:test:colon', language: 'en', country: '', value: 'Namespaced?' },
];

const SAMPLES: unknown[] = [
  'Ada',
  'a {{b}} $t(nav.cart)',
  42,
  0,
  -1.5,
  null,
  undefined,
  true,
  new Date(Date.UTC(2027, 2, 15)),
];
const COUNTS = [0, 1, 2, 3, 5, 11, 21, 1.5, 1_000_000, -1];

const variablesOf = (text: string) => [
  ...new Set([...text.matchAll(/\{\{-?(.+?)\}\}/g)].map((m) => m[1].split(',')[0].trim())),
];

describe('compiled interface text: the same answers as i18next', function () {
  this.timeout(120_000);
  let texts: Texts;
  const keys = new Set<string>();
  const variables = new Map<string, string[]>();
  const bases = new Set<string>();

  before(async () => {
    texts = await Texts.fromRows(ROWS);
    const add = (key: string, value: string) => {
      keys.add(key);
      variables.set(key, [...new Set([...(variables.get(key) ?? []), ...variablesOf(value)])]);
      const m = /^(.*)_(zero|one|two|few|many|other)$/.exec(key);
      if (m) bases.add(m[1]);
    };
    for (const msgs of Object.values(catalog))
      for (const [k, v] of Object.entries(msgs as Record<string, string>)) add(k, v);
    for (const r of ROWS) add(r.field.slice(3), r.value);
  });

  const pair = (locale: (typeof LOCALES)[number]) => ({
    compiled: texts.forLocale(locale) as unknown as T,
    i18next: texts.i18nextFor(locale) as unknown as T,
  });

  for (const locale of LOCALES) {
    it(`${locale}: every key, without options and with each kind of value`, () => {
      const { compiled, i18next } = pair(locale);
      let calls = 0;
      const same = (key: string, options?: unknown) => {
        calls++;
        const args = options === undefined ? [key] : [key, options];
        const call = (t: T) => outcome(() => (t as (...a: unknown[]) => unknown)(...args));
        expect(call(compiled), `${locale} t(${JSON.stringify(key)}, ${JSON.stringify(options)})`).to.equal(
          call(i18next),
        );
      };
      for (const key of keys) {
        same(key);
        const names = variables.get(key) ?? [];
        for (const sample of SAMPLES) same(key, Object.fromEntries(names.map((n) => [n, sample])));
        // Only the first variable passed; an unrelated option; one passed as undefined.
        if (names.length) same(key, { [names[0]]: 'first' });
        same(key, { unrelated: 'x' });
        if (names.length) same(key, { [names[names.length - 1]]: undefined });
        // Options the compiled text leaves to i18next.
        same(key, { defaultValue: 'Fallback {{x}}', x: 1 });
        same(key, { context: 'male' });
      }
      same('no.such.key');
      same('no.such.key', { count: 2 });
      same('no.such.key {{x}}', { x: 'y' });
      expect(calls).to.be.greaterThan(keys.size * 10);
    });

    it(`${locale}: every plural key with counts that pick each form, with a string count and no count`, () => {
      const { compiled, i18next } = pair(locale);
      const same = (key: string, options: Record<string, unknown>) =>
        expect(compiled(key, options), `${locale} t(${JSON.stringify(key)}, ${JSON.stringify(options)})`).to.equal(
          i18next(key, options),
        );
      expect(bases.size).to.be.greaterThan(5);
      for (const base of bases) {
        for (const count of COUNTS) {
          same(base, { count });
          same(base, { count, id: 7, list: 'A, B' });
        }
        same(base, { count: '2' });
        same(base, {});
      }
    });
  }

  it('a saved text is used at once after reload, compiled again', async () => {
    const reloaded = await Texts.fromRows([
      ...ROWS,
      { field: 'ui:nav.cart', language: 'fr', country: '', value: 'Chariot {{n}}' },
    ]);
    expect(reloaded.forLocale('fr-ca')('nav.cart', { n: 3 })).to.equal('Chariot 3');
    expect(reloaded.forLocale('en-ca')('nav.cart')).to.equal('Basket');
    expect(reloaded.forLocale('en-us')('nav.cart')).to.equal(catalog.en['nav.cart']);
  });
});
