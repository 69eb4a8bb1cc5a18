/**
 * Refunding card payments from the order editor: each card payment with its refunded and
 * refundable amounts, and a refund form (amount, optional reason) behind a confirmation. The
 * server decides what may be refunded (src/features/order-api/refunds.ts); the panel only offers
 * what the payment's line, shipping and tax allocations still hold (refundableCents, the rule the
 * server applies).
 */
import { useId } from 'react';
import { PAYMENT_TYPES } from '../../src/domain/constants.ts';
import { formatMoney, parseCents, toCents } from '../../src/domain/money.ts';
import type { OrderJson, PaymentJson } from '../../src/domain/order-edit.ts';
import type { EditorLabels } from '../../src/domain/order-edit-labels.ts';
import { refundableCents } from '../../src/domain/payment-parts.ts';
import { cardOf, type RefundPanelState, useRefundPanel } from './use-refund-panel.ts';

type Props = {
  locale: string;
  order: OrderJson;
  labels: EditorLabels;
  busy: boolean;
  onRefunded: () => Promise<unknown>;
};

export function RefundPanel({ locale, order, labels, busy, onRefunded }: Props) {
  const id = useId();
  const cards = order.payments.filter((p) => p.payment_type === PAYMENT_TYPES.CARD && p.successful);
  const money = (cents: number) => formatMoney(cents, order.order_currency, locale);
  const refunds = useRefundPanel({ locale, order, labels, money, onRefunded });
  if (!cards.length) return null;

  return (
    <section className="card" aria-labelledby={`${id}-h`} data-testid="refund-panel">
      <div className="card-head">
        <h2 id={`${id}-h`}>{labels.refundTitle}</h2>
      </div>
      <div className="table-wrap" tabIndex={0} role="region" aria-labelledby={`${id}-h`}>
        <table className="table stack-sm">
          <RefundHead labels={labels} />
          <tbody>
            {cards.map((p) => (
              <RefundRow
                key={p.payment_id}
                payment={p}
                order={order}
                labels={labels}
                busy={busy}
                money={money}
                refunds={refunds}
              />
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function RefundHead({ labels }: { labels: EditorLabels }) {
  return (
    <thead>
      <tr>
        <th scope="col">{labels.refundPayment}</th>
        <th scope="col" className="num">
          {labels.paid}
        </th>
        <th scope="col" className="num">
          {labels.refunded}
        </th>
        <th scope="col" className="num">
          {labels.refundLeft}
        </th>
        <th scope="col">{labels.refundAmount}</th>
        <th scope="col">{labels.refundReason}</th>
        <th scope="col">
          <span className="visually-hidden">{labels.refund}</span>
        </th>
      </tr>
    </thead>
  );
}

type RowProps = {
  payment: PaymentJson;
  order: OrderJson;
  labels: EditorLabels;
  busy: boolean;
  money: (cents: number) => string;
  refunds: RefundPanelState;
};

function RefundRow({ payment: p, order, labels, busy, money, refunds }: RowProps) {
  const { amounts, setAmounts, reasons, setReasons, sending, refund } = refunds;
  const left = refundableCents(p);
  const cents = parseCents(amounts[p.payment_id] ?? '', 'down') ?? 0;
  return (
    <tr data-payment-id={p.payment_id} data-testid="refund-row">
      <td className="nowrap cell-main" data-testid="refund-card">
        {cardOf(order, p)}
      </td>
      <td className="num" data-label={labels.paid}>
        {money(toCents(p.total.value))}
      </td>
      <td className="num" data-testid="refund-refunded" data-label={labels.refunded}>
        {money(toCents(p.refunded.value))}
      </td>
      <td className="num" data-testid="refund-left" data-label={labels.refundLeft}>
        {money(left)}
      </td>
      <td data-label={labels.refundAmount}>
        <input
          className="input assign-input"
          inputMode="decimal"
          aria-label={`${labels.refundAmount}: ${cardOf(order, p)}`}
          value={amounts[p.payment_id] ?? ''}
          disabled={busy || left === 0}
          onChange={(e) => setAmounts({ ...amounts, [p.payment_id]: e.target.value })}
          data-testid="refund-amount"
        />
      </td>
      <td className="cell-grow" data-label={labels.refundReason}>
        <input
          className="input"
          maxLength={200}
          aria-label={`${labels.refundReason}: ${cardOf(order, p)}`}
          value={reasons[p.payment_id] ?? ''}
          disabled={busy || left === 0}
          onChange={(e) => setReasons({ ...reasons, [p.payment_id]: e.target.value })}
          data-testid="refund-reason"
        />
      </td>
      <td className="cell-end">
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          disabled={busy || sending !== null || cents <= 0 || cents > left}
          onClick={() => void refund(p)}
          data-testid="refund-button"
        >
          {labels.refund}
        </button>
      </td>
    </tr>
  );
}
