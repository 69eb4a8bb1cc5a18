/**
 * The state behind the payment panel: what is typed, how it is split over the order's parts, and
 * recording it — the card through the provider's tokenisation endpoint first, then the orders API.
 */
import { useState } from 'react';
import { parseCardExpiry } from '../../src/domain/card-expiry.ts';
import { PAYMENT_TYPES } from '../../src/domain/constants.ts';
import { fromCents, parseCents } from '../../src/domain/money.ts';
import type { OrderJson } from '../../src/domain/order-edit.ts';
import type { EditorLabels } from '../../src/domain/order-edit-labels.ts';
import {
  checkPartAssignments,
  distributeOverParts,
  owedPartsOfOrder,
  type PaymentPart,
  sumOwed,
} from '../../src/domain/payment-parts.ts';
import { showAlert } from '../lib/alerts.ts';
import { apiToken } from '../lib/dom.ts';
import { shownMessages } from '../lib/errors.ts';
import { hideWait, showWait } from '../lib/overlay.ts';
import { isAppRequestError, request } from '../lib/request.ts';

export type PayMethod = 'check' | 'card';
export type CardInput = { number: string; expiry: string; cvc: string };
type Assignment = { key: string; cents: number };
type Expiry = NonNullable<ReturnType<typeof parseCardExpiry>>;

const EMPTY_CARD: CardInput = { number: '', expiry: '', cvc: '' };

/** One key per attempt (crypto.randomUUID needs a secure context; getRandomValues does not). */
const attemptKey = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

/** The request body both methods share: the version, the amount and each part's share of it. */
function paymentBody(order: OrderJson, parts: readonly PaymentPart[], split: Assignment[], amountCents: number) {
  return {
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
}

type Body = ReturnType<typeof paymentBody>;

/** Only the provider's token reaches the orders API, never the card number. */
async function payByCard(
  locale: string,
  order: OrderJson,
  tokenizeUrl: string,
  body: Body,
  card: CardInput,
  expiry: Expiry,
) {
  const t = await request<{ token: string }>(
    'POST',
    tokenizeUrl,
    { number: card.number.replace(/\s+/g, ''), exp_month: expiry.month, exp_year: expiry.year, cvc: card.cvc },
    { json: true },
  );
  return request<{ payment_id: number }>(
    'POST',
    `/${locale}/api/orders/${order.order_id}/payments`,
    { ...body, payment_type: PAYMENT_TYPES.CARD, token: t.token, idempotency_key: attemptKey() },
    { bearer: apiToken(), json: true },
  );
}

function payByCheck(locale: string, order: OrderJson, body: Body, check: string) {
  return request<{ payment_id: number }>(
    'POST',
    `/${locale}/api/orders/${order.order_id}/payments`,
    { ...body, payment_type: PAYMENT_TYPES.CHECK, check_number: check.trim() },
    { bearer: apiToken(), json: true },
  );
}

type Options = {
  locale: string;
  order: OrderJson;
  labels: EditorLabels;
  tokenizeUrl: string;
  onPaid: (paymentId: number) => Promise<unknown>;
};

export function usePaymentPanel({ locale, order, labels, tokenizeUrl, onPaid }: Options) {
  const parts = owedPartsOfOrder(order);
  const [amount, setAmount] = useState('');
  const [method, setMethod] = useState<PayMethod>('check');
  const [check, setCheck] = useState('');
  const [card, setCard] = useState<CardInput>(EMPTY_CARD);
  const [assigned, setAssigned] = useState<Record<string, string>>({});
  const [sending, setSending] = useState(false);

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
      const body = paymentBody(order, parts, split, amountCents);
      let paid: { payment_id: number };
      if (method === 'card') {
        paid = await payByCard(locale, order, tokenizeUrl, body, card, expiry!);
        setCard(EMPTY_CARD);
      } else {
        paid = await payByCheck(locale, order, body, check);
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

  return {
    parts,
    amount,
    setAmount,
    method,
    setMethod,
    check,
    setCheck,
    card,
    setCard,
    assigned,
    setAssigned,
    sending,
    amountCents,
    verdict,
    assignedCents,
    remaining,
    ok,
    distribute,
    record,
  };
}

export type PaymentPanelState = ReturnType<typeof usePaymentPanel>;
