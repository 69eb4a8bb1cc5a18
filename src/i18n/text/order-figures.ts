/** The labelled rows every order summary shows (src/domain/order-figures.ts). */
const en = {
  'figures.merchandise': 'Merchandise',
  'figures.orgDiscount': 'Organisation discount',
  'figures.lineDiscount': 'Discount',
  'figures.beforeShippingAndTax': 'Total before shipping and tax',
  'figures.listPrice': 'List price',
  'figures.net': 'Net',
  'figures.lineMath': '{{quantity}} × {{unit}}',
};

const fr: Partial<Record<keyof typeof en, string>> = {
  'figures.merchandise': 'Marchandise',
  'figures.orgDiscount': 'Rabais de l’organisation',
  'figures.lineDiscount': 'Rabais',
  'figures.beforeShippingAndTax': 'Total avant livraison et taxes',
  'figures.listPrice': 'Prix courant',
  'figures.net': 'Net',
  'figures.lineMath': '{{quantity}} × {{unit}}',
};

const es: Partial<Record<keyof typeof en, string>> = {
  'figures.merchandise': 'Mercancía',
  'figures.orgDiscount': 'Descuento de la organización',
  'figures.lineDiscount': 'Descuento',
  'figures.beforeShippingAndTax': 'Total antes de envío e impuestos',
  'figures.listPrice': 'Precio de lista',
  'figures.net': 'Neto',
  'figures.lineMath': '{{quantity}} × {{unit}}',
};

export const orderFigures = { en, fr, es };
