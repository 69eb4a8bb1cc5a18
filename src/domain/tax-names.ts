/**
 * A tax's name as stored (tax_rates.name, copied into an order's tax_breakdown) → the interface
 * text that says it in the page's language ('GST' reads 'TPS' on /fr-ca/). The rates
 * table holds English names; a name this does not know is shown as stored.
 */
export type TaxNameText = { key: string; vars: Record<string, string> };

const BY_NAME: Record<string, string> = {
  GST: 'tax.name.gst',
  PST: 'tax.name.pst',
  HST: 'tax.name.hst',
  QST: 'tax.name.qst',
  RST: 'tax.name.rst',
  IVA: 'tax.name.iva',
  'State sales tax': 'tax.name.stateSales',
  'Local sales tax': 'tax.name.localSales',
  'Local option tax': 'tax.name.localOption',
};

/** The text key (and its {{region}}) for a stored tax name, or null when it has none. */
export function taxNameText(name: string): TaxNameText | null {
  const trimmed = name.trim();
  const key = BY_NAME[trimmed];
  if (key) return { key, vars: {} };
  const region = /^(.+?) sales tax$/i.exec(trimmed)?.[1];
  return region ? { key: 'tax.name.regionSales', vars: { region } } : null;
}
