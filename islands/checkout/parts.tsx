/** Small pieces of the checkout island: label lookup, error fields, the order summary. */
import { formatMoney, parseCents } from '../../src/domain/money.ts';
import { figureRows, formatFigure } from '../../src/domain/order-figures.ts';
import { storedLedger } from '../../src/domain/stored-ledger.ts';
import type { CheckoutProps } from '../../src/domain/checkout-props.ts';
import { isAppRequestError } from '../lib/request.ts';

export type Lookup = (key: string, vars?: Record<string, string | number>) => string;

/** Labels arrive translated from the server ({{var}} placeholders filled here). */
export const makeL =
  (labels: Record<string, string>): Lookup =>
  (key, vars) =>
    (labels[key] ?? key).replace(/\{\{\s*(\w+)\s*\}\}/g, (_, k: string) => String(vars?.[k] ?? ''));

/** The contract's error body → {field: message}. */
export function fieldsOf(err: unknown): Record<string, string> {
  if (!isAppRequestError(err)) return {};
  const body = err.body as { error?: { fields?: Record<string, string> } } | null;
  return body?.error?.fields ?? {};
}

export const fmt = (v: string, currency: string, locale: string) => formatMoney(parseCents(v) ?? 0, currency, locale);

/**
 * The order summary: each line at list price (quantity × unit = line total, so the lines
 * add up to the merchandise row), then the one ledger's rows — merchandise, each discount once by
 * name, shipping, tax — and the total they add up to.
 *
 * Until a shipping method is chosen (`known` false) shipping and tax are not known: their rows say
 * so in words instead of a $0.00 that reads as free, and the total is the ledger's total before
 * shipping and tax (figureRows without them), labelled so: the figures shown still add up.
 */
export function Summary({
  L,
  locale,
  currency,
  ledgerLines,
  totals,
  known = true,
}: {
  L: Lookup;
  locale: string;
  currency: string;
  ledgerLines: CheckoutProps['order']['ledgerLines'];
  totals: CheckoutProps['order']['totals'];
  known?: boolean;
}) {
  const m = (c: number) => formatFigure(c, currency, locale);
  const l = storedLedger({ status: 'cart', ...totals }, { lines: ledgerLines });
  const f = figureRows(l, { lineDiscountIsOrg: true, withShippingAndTax: known });
  const titles = new Map(ledgerLines.map((x) => [x.id, x.title]));
  const label = (code: string, name: string) =>
    code === 'promotion' || code === 'fee'
      ? name
      : code === 'shipping'
        ? L('shippingTotal')
        : code === 'tax'
          ? L('tax')
          : L(`figures.${code}`);
  const testid: Record<string, string> = {
    merchandise: 'summary-merchandise',
    shipping: 'summary-shipping',
    tax: 'summary-tax',
    orgDiscount: 'summary-discount',
    lineDiscount: 'summary-discount',
    promotion: 'summary-promotion',
  };
  return (
    <aside className="checkout-summary card card-body" aria-labelledby="co-summary-h" data-testid="checkout-summary">
      <h2 id="co-summary-h">{L('summary')}</h2>
      <ul className="summary-lines">
        {l.lines.map((x) => (
          <li key={x.key} data-testid="summary-line">
            <span>
              {titles.get(x.key)}
              <br />
              <span className="small muted" data-testid="summary-line-math">
                {x.quantity} × {m(x.unitCents)}
              </span>
            </span>
            <span data-testid="summary-line-total">{m(x.listTotal)}</span>
          </li>
        ))}
      </ul>
      <dl className="totals">
        {f.rows.map((r, k) => (
          <div key={k}>
            <dt>{label(r.code, r.name)}</dt>
            <dd data-testid={testid[r.code]}>{m(r.cents)}</dd>
          </div>
        ))}
        {!known &&
          (['shippingTotal', 'tax'] as const).map((k) => (
            <div key={k} data-testid="summary-later">
              <dt>{L(k)}</dt>
              <dd className="muted">{L('figureLater')}</dd>
            </div>
          ))}
        <div className="grand">
          <dt>{known ? L('total') : L('figures.beforeShippingAndTax')}</dt>
          <dd data-testid="summary-total">{m(f.total)}</dd>
        </div>
      </dl>
    </aside>
  );
}
