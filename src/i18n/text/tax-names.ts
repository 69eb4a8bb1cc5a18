/** Tax names in each language, keyed by src/domain/tax-names.ts. */
const en = {
  'tax.name.gst': 'GST',
  'tax.name.pst': 'PST',
  'tax.name.hst': 'HST',
  'tax.name.qst': 'QST',
  'tax.name.rst': 'RST',
  'tax.name.iva': 'VAT (IVA)',
  'tax.name.stateSales': 'State sales tax',
  'tax.name.localSales': 'Local sales tax',
  'tax.name.localOption': 'Local option tax',
  'tax.name.regionSales': '{{region}} sales tax',
};

const fr: Record<keyof typeof en, string> = {
  'tax.name.gst': 'TPS',
  'tax.name.pst': 'TVP',
  'tax.name.hst': 'TVH',
  'tax.name.qst': 'TVQ',
  'tax.name.rst': 'TVD',
  'tax.name.iva': 'TVA (IVA)',
  'tax.name.stateSales': 'Taxe de vente de l’État',
  'tax.name.localSales': 'Taxe de vente locale',
  'tax.name.localOption': 'Taxe locale facultative',
  'tax.name.regionSales': 'Taxe de vente, {{region}}',
};

const es: Record<keyof typeof en, string> = {
  'tax.name.gst': 'GST (impuesto federal)',
  'tax.name.pst': 'PST (impuesto provincial)',
  'tax.name.hst': 'HST (impuesto armonizado)',
  'tax.name.qst': 'QST (impuesto de Quebec)',
  'tax.name.rst': 'RST (impuesto provincial)',
  'tax.name.iva': 'IVA',
  'tax.name.stateSales': 'Impuesto estatal sobre las ventas',
  'tax.name.localSales': 'Impuesto local sobre las ventas',
  'tax.name.localOption': 'Impuesto local opcional',
  'tax.name.regionSales': 'Impuesto sobre las ventas de {{region}}',
};

export const taxNames = { en, fr, es };
