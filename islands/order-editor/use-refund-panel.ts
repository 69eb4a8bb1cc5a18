/** The state behind the refund panel: the typed amount and reason per card payment, and sending a refund. */
import { useState } from 'react';
import { fromCents, parseCents } from '../../src/domain/money.ts';
import type { OrderJson, PaymentJson } from '../../src/domain/order-edit.ts';
import type { EditorLabels } from '../../src/domain/order-edit-labels.ts';
import { orderCardLabel } from '../../src/domain/payments.ts';
import { showAlert } from '../lib/alerts.ts';
import { apiToken } from '../lib/dom.ts';
import { shownMessages } from '../lib/errors.ts';
import { request } from '../lib/request.ts';

/** "Visa •••• 4242" (the checkout's card when the stored token does not say), else the payment's number. */
export const cardOf = (order: OrderJson, p: PaymentJson) =>
  orderCardLabel(order.third_party_info, p.payment_method_id) ?? `#${p.payment_id}`;

type Options = {
  locale: string;
  order: OrderJson;
  labels: EditorLabels;
  money: (cents: number) => string;
  onRefunded: () => Promise<unknown>;
};

export function useRefundPanel({ locale, order, labels, money, onRefunded }: Options) {
  const [amounts, setAmounts] = useState<Record<number, string>>({});
  const [reasons, setReasons] = useState<Record<number, string>>({});
  const [sending, setSending] = useState<number | null>(null);

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

  return { amounts, setAmounts, reasons, setReasons, sending, refund };
}

export type RefundPanelState = ReturnType<typeof useRefundPanel>;
