/** Small pieces of the checkout island: label lookup, error fields, the order summary. */
import { formatMoney, parseCents } from '../../src/domain/money.ts';
import type { CheckoutProps } from '../../src/domain/checkout-props.ts';
import { isAppRequestError } from '../lib/request.ts';

export type Lookup = (key: string, vars?: Record<string, string | number>) => string;

/** Labels arrive translated from the server ({{var}} placeholders filled here). */
export const makeL = (labels: Record<string, string>): Lookup => (key, vars) =>
  (labels[key] ?? key).replace(/\{\{\s*(\w+)\s*\}\}/g, (_, k: string) => String(vars?.[k] ?? ''));

/** The contract's error body → {field: message}. */
export function fieldsOf(err: unknown): Record<string, string> {
  if (!isAppRequestError(err)) return {};
  const body = err.body as { error?: { fields?: Record<string, string> } } | null;
  return body?.error?.fields ?? {};
}

export const fmt = (v: string, currency: string, locale: string) => formatMoney(parseCents(v) ?? 0, currency, locale);

export function Summary({ L, locale, currency, lines, totals }: { L: Lookup; locale: string; currency: string; lines: CheckoutProps['order']['lines']; totals: CheckoutProps['order']['totals'] }) {
  const m = (v: string) => fmt(v, currency, locale);
  return (
    <aside className="checkout-summary card card-body" aria-labelledby="co-summary-h" data-testid="checkout-summary">
      <h2 id="co-summary-h">{L('summary')}</h2>
      <ul className="summary-lines">
        {lines.map((l) => (
          <li key={l.id}><span>{l.quantity} × {l.title}</span><span>{m(l.total)}</span></li>
        ))}
      </ul>
      <dl className="totals">
        <div><dt>{L('subtotal')}</dt><dd>{m(totals.subtotal)}</dd></div>
        {Number(totals.discount) > 0 && <div><dt>{L('discount')}</dt><dd>−{m(totals.discount)}</dd></div>}
        <div><dt>{L('shippingTotal')}</dt><dd data-testid="summary-shipping">{m(totals.shipping)}</dd></div>
        <div><dt>{L('tax')}</dt><dd data-testid="summary-tax">{m(totals.tax)}</dd></div>
        <div className="grand"><dt>{L('total')}</dt><dd data-testid="summary-total">{m(totals.total)}</dd></div>
      </dl>
    </aside>
  );
}
