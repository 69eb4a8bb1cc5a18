/** Tax names in the page's language: the stored English name → its interface text. */
import { expect } from 'chai';
import { taxNameText } from '../../src/domain/tax-names.ts';
import { catalog } from '../../src/i18n/catalog.ts';

/** What a page in `lang` shows for a stored name (as the views' taxName() does, without i18next). */
function shown(lang: 'en' | 'fr' | 'es', name: string): string {
  const text = taxNameText(name);
  if (!text) return name;
  const template = (catalog[lang] as Record<string, string>)[text.key];
  return template.replace(/\{\{(\w+)\}\}/g, (_, k: string) => text.vars[k]);
}

describe('domain/tax names', () => {
  const cases: [string, string, string, string][] = [
    // stored name, en, fr, es
    ['GST', 'GST', 'TPS', 'GST (impuesto federal)'],
    ['HST', 'HST', 'TVH', 'HST (impuesto armonizado)'],
    ['QST', 'QST', 'TVQ', 'QST (impuesto de Quebec)'],
    ['RST', 'RST', 'TVD', 'RST (impuesto provincial)'],
    ['IVA', 'VAT (IVA)', 'TVA (IVA)', 'IVA'],
    ['Iowa sales tax', 'Iowa sales tax', 'Taxe de vente, Iowa', 'Impuesto sobre las ventas de Iowa'],
    [
      'North Dakota sales tax',
      'North Dakota sales tax',
      'Taxe de vente, North Dakota',
      'Impuesto sobre las ventas de North Dakota',
    ],
    ['Local option tax', 'Local option tax', 'Taxe locale facultative', 'Impuesto local opcional'],
    ['State sales tax', 'State sales tax', 'Taxe de vente de l’État', 'Impuesto estatal sobre las ventas'],
  ];
  for (const [name, en, fr, es] of cases) {
    it(`'${name}' reads '${fr}' in French and '${es}' in Spanish`, () => {
      expect(shown('en', name)).to.equal(en);
      expect(shown('fr', name)).to.equal(fr);
      expect(shown('es', name)).to.equal(es);
    });
  }

  it('a name it does not know is shown as stored', () => {
    expect(taxNameText('Environmental levy')).to.equal(null);
    expect(shown('fr', 'Environmental levy')).to.equal('Environmental levy');
  });
});
