/**
 * Taking a payment on an order (spec §3 Payment, §5): the table lists every part of the
 * order a payment can pay — the lines, each unpaid fee, the shipping and the tax — with what each
 * still owes (owedParts, src/domain/payment-parts.ts). "Distribute" spreads the amount over them
 * (distributeOverParts), each assignment can be typed and is capped at what its part owes, and the
 * payment is recorded only when the assignments add up to it (checkPartAssignments) — the same
 * rules the server applies. A card is sent to the card provider's tokenisation endpoint
 * first (`tokenizeUrl`); only the token reaches the orders API, with one idempotency key per attempt.
 */
import { useId } from 'react';
import { formatMoney } from '../../src/domain/money.ts';
import type { OrderJson } from '../../src/domain/order-edit.ts';
import type { EditorLabels } from '../../src/domain/order-edit-labels.ts';
import { AmountRow, CardFields, MethodChoice } from './payment-fields.tsx';
import { PaymentPartsTable } from './payment-parts-table.tsx';
import { type PaymentPanelState, usePaymentPanel } from './use-payment-panel.ts';

type Props = {
  locale: string;
  order: OrderJson;
  labels: EditorLabels;
  tokenizeUrl: string;
  busy: boolean;
  onPaid: (paymentId: number) => Promise<unknown>;
};

export function PaymentPanel({ locale, order, labels, tokenizeUrl, busy, onPaid }: Props) {
  const id = useId();
  const pay = usePaymentPanel({ locale, order, labels, tokenizeUrl, onPaid });
  const money = (cents: number) => formatMoney(cents, order.order_currency, locale);
  const fields = { id, labels, busy, pay };

  return (
    <section className="card" aria-labelledby={`${id}-h`} data-testid="payment-panel">
      <div className="card-head">
        <h2 id={`${id}-h`}>{labels.payment}</h2>
      </div>
      <div className="card-body form">
        {busy ? <p className="small muted">{labels.saveFirst}</p> : null}
        <MethodChoice {...fields} />
        <AmountRow {...fields} order={order} />
        {pay.method === 'card' ? <CardFields {...fields} /> : null}
      </div>
      <PaymentPartsTable order={order} labels={labels} busy={busy} money={money} pay={pay} />
      <PaymentActions labels={labels} busy={busy} money={money} pay={pay} />
    </section>
  );
}

type ActionProps = { labels: EditorLabels; busy: boolean; money: (cents: number) => string; pay: PaymentPanelState };

function PaymentActions({ labels, busy, money, pay }: ActionProps) {
  const { remaining, amountCents, record, sending, ok, method } = pay;
  return (
    <div className="card-body editor-actions">
      <span
        className={`small${remaining !== 0 && amountCents > 0 ? ' field-error' : ' muted'}`}
        role="status"
        data-testid="pay-remaining"
      >
        {labels.remaining.replace('{{amount}}', money(remaining))}
      </span>
      <button type="button" className="btn" onClick={record} disabled={busy || sending || !ok} data-testid="pay-record">
        {sending && method === 'card' ? labels.charging : method === 'card' ? labels.charge : labels.record}
      </button>
    </div>
  );
}
