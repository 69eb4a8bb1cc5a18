/**
 * Refunding card payments from the order editor: each card payment with its refunded and
 * refundable amounts, and a refund form (amount, optional reason) behind a confirmation. The
 * server decides what may be refunded (src/features/order-api/refunds.ts); the panel only offers
 * what the payment's line, shipping and tax allocations still hold (refundableCents, the rule the
 * server applies).
 */
import { shownMessages } from '../lib/errors.ts';
import { useId, useState } from 'react';
import { PAYMENT_TYPES } from '../../src/domain/constants.ts';
import { formatMoney, fromCents, parseCents, toCents } from '../../src/domain/money.ts';
import { orderCardLabel } from '../../src/domain/payments.ts';
import { refundableCents } from '../../src/domain/payment-parts.ts';
import type { OrderJson, PaymentJson } from '../../src/domain/order-edit.ts';
import type { EditorLabels } from '../../src/domain/order-edit-labels.ts';
import { showAlert } from '../lib/alerts.ts';
import { apiToken } from '../lib/dom.ts';
import { request } from '../lib/request.ts';

type Props = {
  locale: string;
  order: OrderJson;
  labels: EditorLabels;
  busy: boolean;
  onRefunded: () => Promise<unknown>;
};

/** "Visa •••• 4242" (the checkout's card when the stored token does not say), else the payment's number. */
const cardOf = (order: OrderJson, p: PaymentJson) =>
  orderCardLabel(order.third_party_info, p.payment_method_id) ?? `#${p.payment_id}`;

export function RefundPanel({ locale, order, labels, busy, onRefunded }: Props) {
  const id = useId();
  const cards = order.payments.filter((p) => p.payment_type === PAYMENT_TYPES.CARD && p.successful);
  const [amounts, setAmounts] = useState<Record<number, string>>({});
  const [reasons, setReasons] = useState<Record<number, string>>({});
  const [sending, setSending] = useState<number | null>(null);
  const money = (cents: number) => formatMoney(cents, order.order_currency, locale);
  if (!cards.length) return null;

  async function refund(p: PaymentJson) {
    const cents = parseCents(amounts[p.payment_id] ?? '', 'down') ?? 0;
    const card = cardOf(order, p);
    if (!window.confirm(labels.refundConfirm.replace('{{amount}}', money(cents)).replace('{{card}}', card))) return;
    setSending(p.payment_id);
    try {
      await request(
        'POST',
        `/${locale}/api/orders/${order.order_id}/payments/${p.payment_id}/refund`,
        { version: order.version, amount: fromCents(cents), reason: reasons[p.payment_id] ?? '' },
        { bearer: apiToken(), json: true },
      );
      setAmounts({ ...amounts, [p.payment_id]: '' });
      setReasons({ ...reasons, [p.payment_id]: '' });
      await onRefunded();
      showAlert(labels.refundDone, 'success');
    } catch (err) {
      console.error('refund failed', err);
      showAlert(shownMessages(err)[0], 'error');
    } finally {
      setSending(null);
    }
  }

  return (
    <section className="card" aria-labelledby={`${id}-h`} data-testid="refund-panel">
      <div className="card-head">
        <h2 id={`${id}-h`}>{labels.refundTitle}</h2>
      </div>
      <div className="table-wrap" tabIndex={0} role="region" aria-labelledby={`${id}-h`}>
        <table className="table stack-sm">
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
          <tbody>
            {cards.map((p) => {
              const left = refundableCents(p);
              const cents = parseCents(amounts[p.payment_id] ?? '', 'down') ?? 0;
              return (
                <tr key={p.payment_id} data-payment-id={p.payment_id} data-testid="refund-row">
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
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
