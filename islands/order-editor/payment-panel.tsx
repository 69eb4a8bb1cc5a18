/**
 * Taking a payment on an order (spec §3 Payment, §5): the table lists every part of the
 * order a payment can pay — the lines, each unpaid fee, the shipping and the tax — with what each
 * still owes (owedParts, src/domain/payment-parts.ts). "Distribute" spreads the amount over them
 * (distributeOverParts), each assignment can be typed and is capped at what its part owes, and the
 * payment is recorded only when the assignments add up to it (checkPartAssignments) — the same
 * rules the server applies. A card is sent to the card provider's tokenisation endpoint
 * first (`tokenizeUrl`); only the token reaches the orders API, with one idempotency key per attempt.
 */
import { shownMessages } from '../lib/errors.ts';
import { useId, useState } from 'react';
import { ALLOCATION_TYPES, PAYMENT_TYPES } from '../../src/domain/constants.ts';
import { formatMoney, fromCents, parseCents } from '../../src/domain/money.ts';
import type { OrderJson } from '../../src/domain/order-edit.ts';
import type { EditorLabels } from '../../src/domain/order-edit-labels.ts';
import { parseCardExpiry } from '../../src/domain/card-expiry.ts';
import {
  checkPartAssignments,
  distributeOverParts,
  owedPartsOfOrder,
  sumOwed,
  TAX_PART_NAME,
  type PaymentPart,
} from '../../src/domain/payment-parts.ts';
import { showAlert } from '../lib/alerts.ts';
import { hideWait, showWait } from '../lib/overlay.ts';
import { apiToken } from '../lib/dom.ts';
import { isAppRequestError, request } from '../lib/request.ts';

/** One key per attempt (crypto.randomUUID needs a secure context; getRandomValues does not). */
const attemptKey = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

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
  const parts = owedPartsOfOrder(order);
  const [amount, setAmount] = useState('');
  const [method, setMethod] = useState<'check' | 'card'>('check');
  const [check, setCheck] = useState('');
  const [card, setCard] = useState({ number: '', expiry: '', cvc: '' });
  const [assigned, setAssigned] = useState<Record<string, string>>({});
  const [sending, setSending] = useState(false);
  const money = (cents: number) => formatMoney(cents, order.order_currency, locale);
  /** How the order page names each part: the line's title, the fee's name, Shipping, Tax. */
  const nameOf = (p: PaymentPart) =>
    p.type === ALLOCATION_TYPES.SHIPPING
      ? order.total_type_translations.shipping
      : p.type === ALLOCATION_TYPES.TAX
        ? p.tax_name === TAX_PART_NAME
          ? order.total_type_translations.tax
          : `${order.total_type_translations.tax} (${p.label})`
        : p.type === ALLOCATION_TYPES.FEE
          ? `${labels.payFee}: ${p.label}`
          : p.label;

  const amountCents = parseCents(amount, 'down') ?? 0;
  const split = parts
    .map((p) => ({ key: p.key, cents: parseCents(assigned[p.key] ?? '', 'down') ?? 0 }))
    .filter((a) => a.cents > 0);
  const verdict = checkPartAssignments(parts, split, amountCents);
  const assignedCents = split.reduce((s, a) => s + a.cents, 0);
  const remaining = amountCents - assignedCents;
  // The one reading of a typed expiry: "1229" and "12/29" alike, as checkout takes them.
  const expiry = parseCardExpiry(card.expiry);
  const cardReady = card.number.replace(/\D/g, '').length >= 12 && expiry !== null && /^\d{3,4}$/.test(card.cvc);
  const ok = amountCents > 0 && (method === 'card' ? cardReady : check.trim() !== '') && verdict.ok;

  function distribute() {
    // More than is owed: what is owed is spread, and the rest shows as left to assign.
    const cents = Math.min(amountCents, sumOwed(parts));
    const out = cents > 0 ? distributeOverParts(parts, cents) : [];
    setAssigned(Object.fromEntries(out.map((o) => [o.key, fromCents(o.cents)])));
  }

  async function record() {
    setSending(true);
    showWait(); // spec §9: the full-screen wait overlay while the payment is taken
    try {
      const split_ = {
        version: order.version,
        amount: fromCents(amountCents),
        allocations: split.map((a) => {
          const p = parts.find((x) => x.key === a.key)!;
          return {
            type: p.type,
            order_line_item_id: p.order_line_item_id ?? undefined,
            fee_id: p.fee_id ?? undefined,
            tax_name: p.tax_name ?? undefined,
            amount: fromCents(a.cents),
          };
        }),
      };
      let paid: { payment_id: number };
      if (method === 'card') {
        const t = await request<{ token: string }>(
          'POST',
          tokenizeUrl,
          { number: card.number.replace(/\s+/g, ''), exp_month: expiry!.month, exp_year: expiry!.year, cvc: card.cvc },
          { json: true },
        );
        paid = await request<{ payment_id: number }>(
          'POST',
          `/${locale}/api/orders/${order.order_id}/payments`,
          { ...split_, payment_type: PAYMENT_TYPES.CARD, token: t.token, idempotency_key: attemptKey() },
          { bearer: apiToken(), json: true },
        );
        setCard({ number: '', expiry: '', cvc: '' });
      } else {
        paid = await request<{ payment_id: number }>(
          'POST',
          `/${locale}/api/orders/${order.order_id}/payments`,
          { ...split_, payment_type: PAYMENT_TYPES.CHECK, check_number: check.trim() },
          { bearer: apiToken(), json: true },
        );
      }
      setAmount('');
      setCheck('');
      setAssigned({});
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
      <div className="card-head">
        <h2 id={`${id}-h`}>{labels.payment}</h2>
      </div>
      <div className="card-body form">
        {busy ? <p className="small muted">{labels.saveFirst}</p> : null}
        <fieldset className="pay-method">
          <legend>{labels.method}</legend>
          {(['check', 'card'] as const).map((m) => (
            <label key={m} className="check-field">
              <input
                type="radio"
                name={`${id}-method`}
                value={m}
                checked={method === m}
                onChange={() => setMethod(m)}
                disabled={busy}
                data-testid={`pay-method-${m}`}
              />
              {m === 'card' ? labels.methodCard : labels.methodCheck}
            </label>
          ))}
        </fieldset>
        <div className="form-row">
          <div className="field">
            <label htmlFor={`${id}-amount`}>
              {labels.payAmount} ({order.order_currency})
            </label>
            <input
              id={`${id}-amount`}
              inputMode="decimal"
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
              disabled={busy}
              data-testid="pay-amount"
            />
          </div>
          {method === 'check' ? (
            <div className="field">
              <label htmlFor={`${id}-check`}>{labels.checkNumber}</label>
              <input
                id={`${id}-check`}
                maxLength={40}
                value={check}
                onChange={(e) => setCheck(e.target.value)}
                disabled={busy}
                data-testid="pay-check"
              />
            </div>
          ) : null}
          <div className="field field-action">
            <button
              type="button"
              className="btn btn-ghost"
              onClick={distribute}
              disabled={busy || amountCents <= 0}
              data-testid="pay-distribute"
            >
              {labels.distribute}
            </button>
          </div>
        </div>
        {method === 'card' ? (
          <div className="form-row" data-testid="pay-card">
            <div className="field">
              <label htmlFor={`${id}-cc`}>{labels.cardNumber}</label>
              <input
                id={`${id}-cc`}
                inputMode="numeric"
                autoComplete="off"
                maxLength={23}
                value={card.number}
                onChange={(e) => setCard({ ...card, number: e.target.value })}
                disabled={busy}
                data-testid="pay-card-number"
              />
            </div>
            <div className="field">
              <label htmlFor={`${id}-exp`}>{labels.cardExpiry}</label>
              <input
                id={`${id}-exp`}
                inputMode="numeric"
                autoComplete="off"
                maxLength={9}
                placeholder={labels.cardExpiryPlaceholder}
                value={card.expiry}
                onChange={(e) => setCard({ ...card, expiry: e.target.value })}
                disabled={busy}
                data-testid="pay-card-expiry"
              />
            </div>
            <div className="field">
              <label htmlFor={`${id}-cvc`}>{labels.cardCvc}</label>
              <input
                id={`${id}-cvc`}
                inputMode="numeric"
                autoComplete="off"
                maxLength={4}
                value={card.cvc}
                onChange={(e) => setCard({ ...card, cvc: e.target.value })}
                disabled={busy}
                data-testid="pay-card-cvc"
              />
            </div>
          </div>
        ) : null}
      </div>
      <div className="table-wrap" tabIndex={0} role="region" aria-label={labels.distribute}>
        <table className="table stack-sm pay-parts" data-testid="pay-lines">
          <thead>
            <tr>
              <th scope="col">{labels.item}</th>
              <th scope="col" className="num">
                {labels.paid}
              </th>
              <th scope="col" className="num">
                {labels.unpaid}
              </th>
              <th scope="col" className="num">
                {labels.assigned}
              </th>
            </tr>
          </thead>
          <tbody>
            {parts.map((p) => {
              const open = p.owedCents > 0;
              const over = !verdict.ok && verdict.reason === 'over_part' && verdict.key === p.key;
              const name = nameOf(p);
              return (
                <tr key={p.key} data-part={p.key} data-line-id={p.order_line_item_id ?? undefined}>
                  <td className="cell-main">{name}</td>
                  <td className="num" data-testid="pay-line-paid" data-label={labels.paid}>
                    {money(p.paidCents)}
                  </td>
                  <td className="num" data-testid="pay-line-unpaid" data-label={labels.unpaid}>
                    {money(p.owedCents)}
                  </td>
                  <td className="num cell-end" data-label={labels.assigned}>
                    {open ? (
                      <input
                        className="input assign-input"
                        inputMode="decimal"
                        aria-label={`${labels.assigned}: ${name}`}
                        disabled={busy}
                        value={assigned[p.key] ?? ''}
                        aria-invalid={over || undefined}
                        onChange={(e) => setAssigned({ ...assigned, [p.key]: e.target.value })}
                        onBlur={(e) => {
                          const v = parseCents(e.target.value, 'down');
                          const capped = v === null ? 0 : Math.max(0, Math.min(v, p.owedCents));
                          setAssigned({ ...assigned, [p.key]: capped ? fromCents(capped) : '' });
                        }}
                        data-testid="pay-assign"
                      />
                    ) : (
                      '—'
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
          <tfoot>
            <tr data-testid="pay-assigned-total">
              <th scope="row" className="cell-main">
                {labels.assignedTotal}
              </th>
              <td className="num" data-label={labels.paid}>
                {money(sumOf(parts, 'paidCents'))}
              </td>
              <td className="num" data-label={labels.unpaid}>
                {money(sumOwed(parts))}
              </td>
              <td className="num cell-end" data-label={labels.assigned} data-testid="pay-assigned-sum">
                {money(assignedCents)}
              </td>
            </tr>
          </tfoot>
        </table>
      </div>
      <div className="card-body editor-actions">
        <span
          className={`small${remaining !== 0 && amountCents > 0 ? ' field-error' : ' muted'}`}
          role="status"
          data-testid="pay-remaining"
        >
          {labels.remaining.replace('{{amount}}', money(remaining))}
        </span>
        <button
          type="button"
          className="btn"
          onClick={record}
          disabled={busy || sending || !ok}
          data-testid="pay-record"
        >
          {sending && method === 'card' ? labels.charging : method === 'card' ? labels.charge : labels.record}
        </button>
      </div>
    </section>
  );
}

const sumOf = (parts: readonly PaymentPart[], k: 'paidCents' | 'owedCents') => parts.reduce((s, p) => s + p[k], 0);
