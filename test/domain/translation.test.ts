import { expect } from 'chai';
import {
  emptyEntry,
  expandImageDirectives,
  fieldCode,
  localeTag,
  pageEntry,
  parseLocaleTag,
  type TranslationEntry,
} from '../../src/domain/translation.ts';
import { lintHtml } from '../../src/domain/html-lint.ts';
import { imageDirective } from '../../islands/translation-editor/image-inserter.tsx';

describe('domain/translation', () => {
  const tags: [string, ReturnType<typeof parseLocaleTag>][] = [
    ['fr-ca', { language: 'fr', country: 'CA' }],
    ['fr-CA', { language: 'fr', country: 'CA' }],
    ['en', { language: 'en', country: '' }],
    ['es_MX', { language: 'es', country: 'MX' }],
    ['xx', null],
    ['xx-us', null],
    ['', null],
    ['french', null],
    ['fr-can', null],
  ];
  for (const [tag, want] of tags)
    it(`parseLocaleTag(${JSON.stringify(tag)})`, () => expect(parseLocaleTag(tag)).to.deep.equal(want));

  it('localeTag and parseLocaleTag round-trip', () => {
    for (const t of ['en', 'fr-ca', 'es-mx', 'en-us']) {
      const p = parseLocaleTag(t)!;
      expect(localeTag(p.language, p.country)).to.equal(t);
    }
  });

  it('the code is the field without its marker', () => {
    expect(fieldCode('ui:nav.products')).to.equal('nav.products');
    expect(fieldCode('nav.products')).to.equal('nav.products');
  });

  it('a missing entry is id 0 with an empty value', () => {
    expect(emptyEntry('ui:a', 'fr', 'CA')).to.include({ translation_id: 0, value: '', version: 0 });
  });

  describe('image directives', () => {
    it('expand to an img with escaped attributes', () => {
      expect(expandImageDirectives("<p>image(['/a.jpg', 'A \"big\" <planter>'])</p>")).to.equal(
        '<p><img src="/a.jpg" alt="A &quot;big&quot; &lt;planter&gt;" loading="lazy"></p>',
      );
      expect(expandImageDirectives('image(["/b.png"])')).to.equal('<img src="/b.png" alt="" loading="lazy">');
      expect(expandImageDirectives('image([])')).to.equal('');
    });
    it('the inserter writes directives that expand back to the same address and description and lint clean', () => {
      for (const [url, alt] of [
        ['/media/a.jpg', "Farmer's planter"],
        ['https://cdn.example/x.png', 'back\\slash'],
        ['/a b.jpg', ''],
      ]) {
        const d = imageDirective(url, alt);
        expect(lintHtml(`<p>${d}</p>`)).to.deep.equal([]);
        const img = expandImageDirectives(d);
        expect(img).to.include(`src="${url}"`);
        expect(img).to.include(`alt="${alt.replace(/"/g, '&quot;')}"`);
      }
    });
  });

  describe('pageEntry: what the editor opens on from a page', () => {
    const F = 'ui:landing.hero.title';
    const saved = (language: string, country: string, value: string, id: number): TranslationEntry => ({
      ...emptyEntry(F, language, country),
      translation_id: id,
      value,
      version: 2,
    });
    const en = saved('en', '', 'Plant with confidence.', 1);
    const fr = saved('fr', '', 'Semez en confiance.', 2);
    const frCa = saved('fr', 'CA', 'Semez en toute confiance.', 3);

    it('opens the language-country entry when one is saved', () => {
      expect(pageEntry([en, fr, frCa], F, 'fr', 'CA')).to.deep.equal({
        entry: frCa,
        value: 'Semez en toute confiance.',
      });
    });

    it('else the language’s entry, as the page falls back to it (en-us shows English)', () => {
      expect(pageEntry([en, fr], F, 'fr', 'CA')).to.deep.equal({ entry: fr, value: 'Semez en confiance.' });
      expect(pageEntry([en, fr], F, 'en', 'US')).to.deep.equal({ entry: en, value: 'Plant with confidence.' });
    });

    it('else a new entry for the language, all countries, starting from the English text', () => {
      expect(pageEntry([en], F, 'es', 'MX')).to.deep.equal({
        entry: emptyEntry(F, 'es', ''),
        value: 'Plant with confidence.',
      });
      // The English reference of catalogue text is not a saved row (id 0): English itself opens as new.
      const column = { ...emptyEntry('cat:product.5.title', 'en', ''), value: '8-Row Planter' };
      expect(pageEntry([column], 'cat:product.5.title', 'en', 'US')).to.deep.equal({
        entry: emptyEntry('cat:product.5.title', 'en', ''),
        value: '8-Row Planter',
      });
      expect(pageEntry([], F, 'fr', 'CA')).to.deep.equal({ entry: emptyEntry(F, 'fr', ''), value: '' });
    });
  });
});
