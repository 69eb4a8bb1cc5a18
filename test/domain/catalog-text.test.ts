/** Catalogue text lookup, percentages and calendar days in the page's language. */
import { expect } from 'chai';
import { CatalogTexts, catalogField, parseCatalogField } from '../../src/domain/catalog-text.ts';
import { formatPercent, formatRateNumber } from '../../src/domain/percent.ts';
import { formatCalendarDay } from '../../src/domain/dates.ts';

describe('domain: catalogue text', () => {
  const texts = new CatalogTexts([
    { field: 'cat:product.5.title', language: 'fr', country: '', value: 'Semoir' },
    { field: 'cat:product.5.title', language: 'fr', country: 'CA', value: 'Semoir (Canada)' },
    { field: 'cat:product.6.title', language: 'es', country: '', value: 'Sembradora' },
    { field: 'cat:product.7.title', language: 'fr', country: '', value: '   ' },
  ]);

  it('a language-country row wins over the language row, which wins over the English', () => {
    expect(texts.forLocale('fr-ca').product(5, 'Planter')).to.equal('Semoir (Canada)');
    expect(texts.forLocale('fr').product(5, 'Planter')).to.equal('Semoir');
    expect(texts.forLocale('es-mx').product(6, 'Planter')).to.equal('Sembradora');
  });

  it('falls back to the English text without a translation (or with a blank one)', () => {
    expect(texts.forLocale('es-mx').product(5, 'Planter')).to.equal('Planter');
    expect(texts.forLocale('fr-ca').product(7, 'Brush')).to.equal('Brush');
    expect(texts.forLocale('en-us').product(5, 'Planter')).to.equal('Planter');
    expect(texts.forLocale('fr-ca').product(null, 'Fee')).to.equal('Fee');
    expect(texts.forLocale('fr-ca').has('product', 6, 'title')).to.equal(false);
  });

  it('names fields by entity, id and part, and parses only known ones', () => {
    expect(catalogField('choice', 12, 'name')).to.equal('cat:choice.12.name');
    expect(parseCatalogField('cat:product.5.description')).to.deep.equal({
      entity: 'product',
      id: 5,
      part: 'description',
    });
    expect(parseCatalogField('cat:product.5.price')).to.equal(null);
    expect(parseCatalogField('cat:user.5.name')).to.equal(null);
    expect(parseCatalogField('cat:product.0.title')).to.equal(null);
    expect(parseCatalogField('ui:product.5.title')).to.equal(null);
  });
});

describe('domain: percentages and days in the locale', () => {
  it('writes a rate the way the locale does', () => {
    expect(formatPercent('16.12', 'fr-ca')).to.equal('16,12\u00a0%'); // a no-break space before the sign
    expect(formatPercent(16.12, 'en-us')).to.equal('16.12%');
    expect(formatPercent('9.9', 'es-mx')).to.equal('9.9%');
    expect(formatPercent(6.875, 'en-us', 3)).to.equal('6.875%');
    expect(formatRateNumber('16.12', 'fr-ca')).to.equal('16,12');
    expect(formatRateNumber('16.12', 'en-us')).to.equal('16.12');
  });

  it('writes a calendar day in the locale, on its own day', () => {
    expect(formatCalendarDay('2026-12-01', 'en-us')).to.equal('Dec 1, 2026');
    expect(formatCalendarDay('2026-12-01', 'fr-ca')).to.equal('1 déc. 2026');
    expect(formatCalendarDay('2026-12-01', 'es-mx')).to.equal('1 dic 2026');
    expect(formatCalendarDay('2026-12-01T00:00:00Z', 'en-us')).to.equal('Dec 1, 2026');
    expect(formatCalendarDay('soon', 'en-us')).to.equal('soon');
  });
});
