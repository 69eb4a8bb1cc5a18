/**
 * The figures a summary shows, read from the one ledger (ledger.ts), so every screen and mail
 * shows the same rows and the rows shown add up to the total shown:
 *
 *   merchandise          Σ list unit price × quantity
 *   each discount        by name, once (the organisation or line discount, each promotion), negative
 *   shipping, tax        only once known (withShippingAndTax); a free-shipping promotion's part of the
 *                        shipping is inside that promotion's row
 *   each fee             by name
 *   total                Σ of the rows above; 'total' when shipping and tax are in it, otherwise
 *                        'beforeShippingAndTax' (a cart, a locked cart, a quote before checkout)
 *
 * Per line: list unit price, quantity, list total (= unit × quantity, exactly), each discount the
 * line got by name, net (= list total − Σ its discounts). A discount is shown where it is taken,
 * never baked into a unit price.
 */
import type { Ledger, LedgerLine } from './ledger.ts';
import { formatMoney, sumCents } from './money.ts';
import { ORG_DISCOUNT } from './price-order.ts';

/** What a row is, for the screen's label: a discount and a fee also carry their own name. */
export type FigureCode = 'merchandise' | 'orgDiscount' | 'lineDiscount' | 'promotion' | 'shipping' | 'tax' | 'fee';

export type FigureRow = { code: FigureCode; name: string; cents: number };

export type TotalKind = 'total' | 'beforeShippingAndTax';

export type Figures = {
  rows: FigureRow[];
  total: number;
  totalKind: TotalKind;
};

export type LineFigures<K> = {
  key: K;
  unitCents: number;
  quantity: number;
  listTotal: number;
  discounts: FigureRow[];
  net: number;
};

/**
 * How to read the order's line discounts: a stored order keeps its line discounts as one amount
 * per line (ledger.ts LINE_DISCOUNT); when the order carries an organisation discount percent,
 * that amount is the organisation discount and is labelled so.
 */
export type FigureOptions = { withShippingAndTax?: boolean; lineDiscountIsOrg?: boolean };

/** Why: the ledger names its line discounts in English; a screen labels them by what they are. */
export function discountCode(d: { name: string; kind: 'line' | 'promotion' }, lineDiscountIsOrg = false): FigureCode {
  if (d.kind === 'promotion') return 'promotion';
  return d.name === ORG_DISCOUNT || lineDiscountIsOrg ? 'orgDiscount' : 'lineDiscount';
}

/**
 * Why: one list of rows for every summary (cart, checkout, confirmation, account order, quotes,
 * mails), whose sum is the total it returns. Without shipping and tax the total is what the goods
 * cost after every discount (fees still count: they are billed whatever the shipping).
 */
export function figureRows(l: Ledger<unknown>, opts: FigureOptions = {}): Figures {
  const withShipping = opts.withShippingAndTax ?? true;
  const rows: FigureRow[] = [{ code: 'merchandise', name: 'merchandise', cents: l.merchandise }];
  for (const d of l.discounts) {
    if (d.kind === 'line' && d.cents)
      rows.push({ code: discountCode(d, opts.lineDiscountIsOrg), name: d.name, cents: -d.cents });
  }
  for (const p of l.promotions) {
    // Without shipping shown, a free-shipping promotion's row is its goods part only.
    const cents = withShipping ? p.cents : p.goodsCents;
    if (cents) rows.push({ code: 'promotion', name: p.name, cents: -cents });
  }
  if (withShipping) {
    rows.push({ code: 'shipping', name: 'shipping', cents: l.shipping });
    for (const t of l.taxes) rows.push({ code: 'tax', name: t.name, cents: t.cents });
  }
  for (const f of l.fees) rows.push({ code: 'fee', name: f.name, cents: f.cents });
  const total = sumCents(rows.map((r) => r.cents));
  return { rows, total, totalKind: withShipping ? 'total' : 'beforeShippingAndTax' };
}

/** Why: a line shows list unit × quantity = list total, each discount it got by name, and what it costs net. */
export function lineFigures<K>(line: LedgerLine<K>, opts: FigureOptions = {}): LineFigures<K> {
  return {
    key: line.key,
    unitCents: line.unitCents,
    quantity: line.quantity,
    listTotal: line.listTotal,
    discounts: line.discounts
      .filter((d) => d.cents)
      .map((d) => ({ code: discountCode(d, opts.lineDiscountIsOrg), name: d.name, cents: -d.cents })),
    net: line.net,
  };
}

/** The i18n key of a row's label (a promotion and a fee show their own name). */
export const FIGURE_LABEL_KEYS = {
  merchandise: 'figures.merchandise',
  orgDiscount: 'figures.orgDiscount',
  lineDiscount: 'figures.lineDiscount',
  shipping: 'order.shipping',
  tax: 'order.tax',
  total: 'order.total',
  beforeShippingAndTax: 'figures.beforeShippingAndTax',
} as const;

/** Why: every screen labels a row the same way; promotions and fees go by their own names. */
export function figureLabel(row: FigureRow, t: (key: string) => string): string {
  if (row.code === 'promotion' || row.code === 'fee') return row.name;
  if (row.code === 'tax') return row.name === 'Tax' || row.name === 'tax' ? t(FIGURE_LABEL_KEYS.tax) : row.name;
  return t(FIGURE_LABEL_KEYS[row.code]);
}

/** Why: the total's label says whether shipping and tax are in it. */
export function totalLabel(kind: TotalKind, t: (key: string) => string): string {
  return t(FIGURE_LABEL_KEYS[kind]);
}

/** Why: a discount row reads "−$25.00" (a true minus sign, as every summary shows it), in the locale's own format. */
export function formatFigure(cents: number, currency: string, locale: string): string {
  return cents < 0 ? `−${formatMoney(-cents, currency, locale)}` : formatMoney(cents, currency, locale);
}
