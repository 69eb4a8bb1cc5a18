/**
 * Taking a check payment on an order (spec §3 Payment, §5): the amount is spread over the lines
 * in order up to each unpaid total (distributePayment), each assignment can be typed and is
 * capped at its line's unpaid_total (capAssigned), unpaid fees can be paid in full (allocation
 * type 1), and the payment is recorded only when the assignments add up to it (checkAllocations)
 * — the same rules the server applies. A card is sent to the card provider's tokenisation endpoint
 * first (`tokenizeUrl`); only the token reaches the orders API, with one idempotency key per attempt.
 */
import { shownMessages } from '../lib/errors.ts';
import { useId, useState } from 'react';
import { PAYMENT_TYPES, LINE_TYPES } from '../../src/domain/constants.ts';
import { formatMoney, fromCents, parseCents, toCents } from '../../src/domain/money.ts';
import type { OrderJson } from '../../src/domain/order-edit.ts';
import type { EditorLabels } from '../../src/domain/order-edit-labels.ts';
import { capAssigned, checkAllocations, distributePayment } from '../../src/domain/prorate.ts';
import { showAlert } from '../lib/alerts.ts';
import { hideWait, showWait } from '../lib/overlay.ts';
import { apiToken } from '../lib/dom.ts';
import { isAppRequestError, request } from '../lib/request.ts';

/** One key per attempt (crypto.randomUUID needs a secure context; getRandomValues does not). */
const attemptKey = () => Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

type Props = { locale: string; order: OrderJson; labels: EditorLabels; tokenizeUrl: string; busy: boolean; onPaid: (paymentId: number) => Promise<unknown> };

export function PaymentPanel({ locale, order, labels, tokenizeUrl, busy, onPaid }: Props) {
  const id = useId();
  const payable = order.line_items.filter((l) => l.line_type !== LINE_TYPES.PROMOTION && Number(l.unpaid_total) > 0);
  const [amount, setAmount] = useState('');
  const [method, setMethod] = useState<'check' | 'card'>('check');
  const [check, setCheck] = useState('');
  const [card, setCard] = useState({ number: '', expiry: '', cvc: '' });
  const [assigned, setAssigned] = useState<Record<number, string>>({});
  const [fees, setFees] = useState<number[]>([]);
  const [sending, setSending] = useState(false);
  const money = (cents: number) => formatMoney(cents, order.order_currency, locale);

  const feeCents = order.fees.unpaid.filter((f) => fees.includes(f.fee_id)).reduce((s, f) => s + toCents(f.amount.value), 0);
  const amountCents = parseCents(amount, 'down') ?? 0;
  const split = payable.map((l) => ({ id: l.order_line_item_id, assigned: Number(assigned[l.order_line_item_id] || 0) }));
  const lines = payable.map((l) => ({ id: l.order_line_item_id, unpaid_total: Number(l.unpaid_total) }));
  const check_ = checkAllocations(fromCents(Math.max(0, amountCents - feeCents)), split.filter((s) => s.assigned > 0), lines);
  const remaining = amountCents - feeCents - check_.assignedCents;
  const expiry = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(card.expiry);
  const cardReady = card.number.replace(/\D/g, '').length >= 12 && expiry !== null && /^\d{3,4}$/.test(card.cvc);
  const ok = amountCents > 0 && (method === 'card' ? cardReady : check.trim() !== '') && (amountCents - feeCents === 0 ? split.every((s) => !s.assigned) && feeCents > 0 : check_.ok);

  function distribute() {
    const out = distributePayment(fromCents(Math.max(0, amountCents - feeCents)), lines);
    setAssigned(Object.fromEntries(out.map((o) => [o.id, o.assigned ? fromCents(toCents(o.assigned)) : ''])));
  }

  async function record() {
    setSending(true);
    showWait(); // spec §9: the full-screen wait overlay while the payment is taken
    try {
      const split_ = {
        version: order.version, amount: fromCents(amountCents), fee_ids: fees,
        allocations: split.filter((s) => s.assigned > 0).map((s) => ({ order_line_item_id: s.id, amount: fromCents(toCents(s.assigned)) })),
      };
      let paid: { payment_id: number };
      if (method === 'card') {
        const t = await request<{ token: string }>('POST', tokenizeUrl, { number: card.number.replace(/\s+/g, ''), exp_month: Number(expiry![1]), exp_year: Number(expiry![2]), cvc: card.cvc }, { json: true });
        paid = await request<{ payment_id: number }>('POST', `/${locale}/api/orders/${order.order_id}/payments`, { ...split_, payment_type: PAYMENT_TYPES.CARD, token: t.token, idempotency_key: attemptKey() }, { bearer: apiToken(), json: true });
        setCard({ number: '', expiry: '', cvc: '' });
      } else {
        paid = await request<{ payment_id: number }>('POST', `/${locale}/api/orders/${order.order_id}/payments`, { ...split_, payment_type: PAYMENT_TYPES.CHECK, check_number: check.trim() }, { bearer: apiToken(), json: true });
      }
      setAmount('');
      setCheck('');
      setAssigned({});
      setFees([]);
      await onPaid(paid.payment_id);
      showAlert(labels.recorded, 'success');
    } catch (err) {
      console.error('payment failed', err);
      showAlert(isAppRequestError(err) ? shownMessages(err)[0] : labels.sumMismatch, 'error');
    } finally {
      hideWait();
      setSending(false);
    }
  }

  return (
    <section className="card" aria-labelledby={`${id}-h`} data-testid="payment-panel">
      <div className="card-head"><h2 id={`${id}-h`}>{labels.payment}</h2></div>
      <div className="card-body form">
        {busy ? <p className="small muted">{labels.saveFirst}</p> : null}
        <fieldset className="pay-method">
          <legend>{labels.method}</legend>
          {(['check', 'card'] as const).map((m) => (
            <label key={m} className="check-field">
              <input type="radio" name={`${id}-method`} value={m} checked={method === m} onChange={() => setMethod(m)} disabled={busy} data-testid={`pay-method-${m}`} />
              {m === 'card' ? labels.methodCard : labels.methodCheck}
            </label>
          ))}
        </fieldset>
        <div className="form-row">
          <div className="field">
            <label htmlFor={`${id}-amount`}>{labels.payAmount} ({order.order_currency})</label>
            <input id={`${id}-amount`} inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} disabled={busy} data-testid="pay-amount" />
          </div>
          {method === 'check' ? (
            <div className="field">
              <label htmlFor={`${id}-check`}>{labels.checkNumber}</label>
              <input id={`${id}-check`} maxLength={40} value={check} onChange={(e) => setCheck(e.target.value)} disabled={busy} data-testid="pay-check" />
            </div>
          ) : null}
          <div className="field field-action">
            <button type="button" className="btn btn-ghost" onClick={distribute} disabled={busy || amountCents <= 0} data-testid="pay-distribute">{labels.distribute}</button>
          </div>
        </div>
        {method === 'card' ? (
          <div className="form-row" data-testid="pay-card">
            <div className="field">
              <label htmlFor={`${id}-cc`}>{labels.cardNumber}</label>
              <input id={`${id}-cc`} inputMode="numeric" autoComplete="off" maxLength={23} value={card.number} onChange={(e) => setCard({ ...card, number: e.target.value })} disabled={busy} data-testid="pay-card-number" />
            </div>
            <div className="field">
              <label htmlFor={`${id}-exp`}>{labels.cardExpiry}</label>
              <input id={`${id}-exp`} inputMode="numeric" autoComplete="off" maxLength={7} placeholder="MM/YY" value={card.expiry} onChange={(e) => setCard({ ...card, expiry: e.target.value })} disabled={busy} data-testid="pay-card-expiry" />
            </div>
            <div className="field">
              <label htmlFor={`${id}-cvc`}>{labels.cardCvc}</label>
              <input id={`${id}-cvc`} inputMode="numeric" autoComplete="off" maxLength={4} value={card.cvc} onChange={(e) => setCard({ ...card, cvc: e.target.value })} disabled={busy} data-testid="pay-card-cvc" />
            </div>
          </div>
        ) : null}
        {order.fees.unpaid.length ? (
          <fieldset className="fee-list">
            <legend className="small">{labels.payFee}</legend>
            {order.fees.unpaid.map((f) => (
              <label key={f.fee_id} className="check-field">
                <input type="checkbox" checked={fees.includes(f.fee_id)} disabled={busy} onChange={(e) => setFees(e.target.checked ? [...fees, f.fee_id] : fees.filter((x) => x !== f.fee_id))} data-testid="pay-fee" />
                {f.name} · {money(toCents(f.amount.value))}
              </label>
            ))}
          </fieldset>
        ) : null}
      </div>
      <div className="table-wrap" tabIndex={0} role="region" aria-label={labels.distribute}>
        <table className="table stack-sm" data-testid="pay-lines">
          <thead><tr><th scope="col">{labels.item}</th><th scope="col" className="num">{labels.paid}</th><th scope="col" className="num">{labels.unpaid}</th><th scope="col" className="num">{labels.assigned}</th></tr></thead>
          <tbody>
            {order.line_items.filter((l) => l.line_type !== LINE_TYPES.PROMOTION).map((l) => {
              const open = Number(l.unpaid_total) > 0;
              const over = !check_.ok && check_.reason === 'over_line' && check_.id === l.order_line_item_id;
              return (
                <tr key={l.order_line_item_id} data-line-id={l.order_line_item_id}>
                  <td className="cell-main">{l.product.title}</td>
                  <td className="num" data-testid="pay-line-paid" data-label={labels.paid}>{money(toCents(l.paid_total))}</td>
                  <td className="num" data-testid="pay-line-unpaid" data-label={labels.unpaid}>{money(toCents(l.unpaid_total))}</td>
                  <td className="num cell-end" data-label={labels.assigned}>
                    {open ? (
                      <input
                        className="input assign-input" inputMode="decimal" aria-label={`${labels.assigned}: ${l.product.title}`} disabled={busy} value={assigned[l.order_line_item_id] ?? ''}
                        aria-invalid={over || undefined}
                        onChange={(e) => setAssigned({ ...assigned, [l.order_line_item_id]: e.target.value })}
                        onBlur={(e) => {
                          const v = parseCents(e.target.value, 'down');
                          if (v === null) return setAssigned({ ...assigned, [l.order_line_item_id]: '' });
                          const capped = capAssigned(v / 100, Number(l.unpaid_total));
                          setAssigned({ ...assigned, [l.order_line_item_id]: capped ? fromCents(toCents(capped, 'down')) : '' });
                        }}
                        data-testid="pay-assign"
                      />
                    ) : '—'}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <div className="card-body editor-actions">
        <span className={`small${remaining !== 0 && amountCents > 0 ? ' field-error' : ' muted'}`} role="status" data-testid="pay-remaining">{labels.remaining.replace('{{amount}}', money(remaining))}</span>
        <button type="button" className="btn" onClick={record} disabled={busy || sending || !ok} data-testid="pay-record">{sending && method === 'card' ? labels.charging : method === 'card' ? labels.charge : labels.record}</button>
      </div>
    </section>
  );
}
