/**
 * The order's payments and fees inside the editor (spec §4 "Order editing", §7 get-payment-data).
 * Each payment can be refreshed: GET get-payment-data replaces it in place (replacePayment); only
 * when its success status changed does the order synchronize, which adds the new fees and moves
 * paid fees from unpaid to paid — all without a page reload. A failed refresh is logged only (§8).
 */
import { useId, useState } from 'react';
import { PAYMENT_TYPES } from '../../src/domain/constants.ts';
import { formatMoney, toCents } from '../../src/domain/money.ts';
import type { OrderJson, PaymentJson } from '../../src/domain/order-edit.ts';
import type { EditorLabels } from '../../src/domain/order-edit-labels.ts';
import { replacePayment } from '../../src/domain/payment-refresh.ts';
import { orderCardLabel } from '../../src/domain/payments.ts';
import { apiToken } from '../lib/dom.ts';
import { request } from '../lib/request.ts';

type Props = {
  locale: string;
  order: OrderJson;
  labels: EditorLabels;
  busy: boolean;
  onPayments: (payments: PaymentJson[]) => void;
  synchronize: () => Promise<unknown>;
};

/** GET the payment and put it in place; synchronize the order when its status changed. */
export async function refreshPayment(
  locale: string,
  order: OrderJson,
  paymentId: number,
  onPayments: Props['onPayments'],
  synchronize: Props['synchronize'],
): Promise<void> {
  try {
    const fresh = await request<PaymentJson>(
      'GET',
      `/${locale}/api/orders/${order.order_id}/payments/${paymentId}/get-payment-data`,
      undefined,
      { bearer: apiToken(), json: true },
    );
    const known = order.payments.find((p) => p.payment_id === paymentId);
    // get-payment-data carries no refunds: keep the ones the order knows.
    const r = replacePayment(order.payments, {
      ...fresh,
      refunds: fresh.refunds ?? known?.refunds ?? [],
      refunded: fresh.refunded ?? known?.refunded ?? { value: '0.00' },
    });
    onPayments(r.payments);
    if (r.statusChanged) await synchronize();
  } catch (err) {
    console.error('payment refresh failed', err); // spec §8: logged, no message
  }
}

/** How the list names a payment's method: the check with its number, the card with its label, or bank. */
function methodOf(p: PaymentJson, order: OrderJson, labels: EditorLabels) {
  return p.payment_type === PAYMENT_TYPES.CHECK
    ? labels.checkLabel.replace(/\{\{\s*number\s*\}\}/, p.check_number ?? '')
    : p.payment_type === PAYMENT_TYPES.CARD
      ? [labels.cardLabel, orderCardLabel(order.third_party_info, p.payment_method_id)].filter(Boolean).join(' · ')
      : labels.methodBank;
}

export function PaymentList({ locale, order, labels, busy, onPayments, synchronize }: Props) {
  const id = useId();
  const [refreshing, setRefreshing] = useState<number | null>(null);
  const money = (v: string) => formatMoney(toCents(v), order.order_currency, locale);
  if (!order.payments.length && !order.fees.paid.length && !order.fees.unpaid.length) return null;
  const fees = [...order.fees.unpaid, ...order.fees.paid];
  const refresh = async (paymentId: number) => {
    setRefreshing(paymentId);
    await refreshPayment(locale, order, paymentId, onPayments, synchronize);
    setRefreshing(null);
  };
  return (
    <section className="card" aria-labelledby={`${id}-h`} data-testid="editor-payments">
      <div className="card-head">
        <h2 id={`${id}-h`}>{labels.payments}</h2>
      </div>
      {order.payments.length ? (
        <div className="table-wrap" tabIndex={0} role="region" aria-labelledby={`${id}-h`}>
          <PaymentsTable
            order={order}
            labels={labels}
            money={money}
            disabled={busy || refreshing !== null}
            refresh={refresh}
          />
        </div>
      ) : null}
      {fees.length ? <FeeList fees={fees} labels={labels} money={money} /> : null}
    </section>
  );
}

type TableProps = {
  order: OrderJson;
  labels: EditorLabels;
  money: (v: string) => string;
  disabled: boolean;
  refresh: (paymentId: number) => Promise<void>;
};

function PaymentsTable({ order, labels, money, disabled, refresh }: TableProps) {
  return (
    <table className="table stack-sm">
      <thead>
        <tr>
          <th scope="col">#</th>
          <th scope="col">{labels.method}</th>
          <th scope="col" className="num">
            {labels.payAmount}
          </th>
          <th scope="col">
            <span className="visually-hidden">{labels.refreshPayment.replace(/\s*#?\s*\{\{\s*id\s*\}\}/, '')}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {order.payments.map((p) => (
          <tr key={p.payment_id} data-payment-id={p.payment_id}>
            <td className="cell-id">{p.payment_id}</td>
            <td className="cell-grow">
              {methodOf(p, order, labels)} ·{' '}
              <span className={`badge ${p.successful ? 'badge-completed' : 'badge-cancelled'}`}>
                {p.successful ? labels.paymentOk : labels.paymentFailed}
              </span>
            </td>
            <td className="num" data-label={labels.payAmount}>
              {money(p.total.value)}
            </td>
            <td className="num cell-end">
              <button
                type="button"
                className="btn btn-ghost btn-sm"
                disabled={disabled}
                onClick={() => refresh(p.payment_id)}
              >
                {labels.refreshPayment.replace(/\{\{\s*id\s*\}\}/, String(p.payment_id))}
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

type FeeListProps = { fees: OrderJson['fees']['paid']; labels: EditorLabels; money: (v: string) => string };

function FeeList({ fees, labels, money }: FeeListProps) {
  return (
    <div className="card-body">
      <h3 className="small">{labels.fees}</h3>
      <ul className="plain-list" aria-label={labels.fees}>
        {fees.map((f) => (
          <li key={f.fee_id}>
            {f.name} · {money(f.amount.value)} ·{' '}
            <span className={`badge ${f.paid ? 'badge-completed' : 'badge-on_hold'}`}>
              {f.paid ? labels.feePaid : labels.feeUnpaid}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
