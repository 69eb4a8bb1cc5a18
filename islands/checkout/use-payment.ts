/**
 * The payment tab's state: the channel's methods, the fields, and placing the order with one
 * Idempotency-Key per attempt (a network failure keeps the key, so trying again cannot place a
 * second order).
 */
import { useEffect, useRef, useState } from 'react';
import { CARD_ERROR_FIELD, parseCardExpiry } from '../../src/domain/card-expiry.ts';
import type { CheckoutProps } from '../../src/domain/checkout-props.ts';
import { dirtyOrderFields } from '../../src/domain/checkout.ts'; // spec §4: PO and attention only when dirty
import { PAYMENT_TYPES } from '../../src/domain/constants.ts';
import { eppPaysWith } from '../../src/domain/epp.ts';
import { shownMessages } from '../lib/errors.ts';
import { hideWait, showWait } from '../lib/overlay.ts';
import { isAppRequestError, request } from '../lib/request.ts';
import { eppFields, type EppPayState } from './epp-choice.ts';
import { fieldsOf, type Lookup } from './parts.tsx';
import type { SavedChoice } from './saved-methods.tsx';

export type PaymentProps = {
  hidden: boolean;
  L: Lookup;
  locale: string;
  orderId: number;
  methods: CheckoutProps['paymentMethods'];
  card: CheckoutProps['card'];
  totals: CheckoutProps['order']['totals'];
  currency: string;
  poNumber: string | null;
  attention: string | null;
  /** A guest pays in full by new card or check (no saved methods, no EPP). */
  guest?: boolean;
};

type ChannelMethod = {
  method: 'card' | 'check' | 'invoice';
  label: string;
  payment_type: 1 | 2 | 4;
  net_days?: number;
  available?: string;
};

const newKey = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;

/** Spec §7: the channel's methods are fetched when the tab opens; a failure keeps what we had. */
function useChannelMethods(hidden: boolean, locale: string, initial: CheckoutProps['paymentMethods']) {
  const [methods, setMethods] = useState(initial);
  useEffect(() => {
    if (hidden) return;
    request<ChannelMethod[]>('GET', `/${locale}/order/payment-methods`)
      .then(
        (list) =>
          Array.isArray(list) &&
          list.length &&
          setMethods(
            list.map((m) => ({
              method: m.method,
              label: m.label,
              paymentType: m.payment_type,
              netDays: m.net_days,
              available: m.available,
            })),
          ),
      )
      .catch((err) => console.error('payment methods failed', err));
  }, [hidden]);
  return methods;
}

/** A failed placement's messages: a card the provider refused is told beside its field, in the visitor's language. */
function placeFailure(err: unknown, L: Lookup): { errors: Record<string, string>; error?: string } {
  const cardField = isAppRequestError(err)
    ? CARD_ERROR_FIELD[(err.body as { error?: { code?: string } } | null)?.error?.code ?? '']
    : undefined;
  if (cardField) {
    const key = cardField === 'exp' ? 'card.expired' : cardField === 'cvc' ? 'card.badCvc' : 'card.invalid';
    return { errors: { [cardField]: L(key) } };
  }
  return { errors: fieldsOf(err), error: shownMessages(err)[0] };
}

type PayForm = { type: number; number: string; exp: string; cvc: string; check: string; po: string; att: string };

/** The placement body; a new card's token is added by the caller. */
function placeBody(p: PaymentProps, form: PayForm, saved: SavedChoice, eppPart: Record<string, unknown>) {
  // EPP's choice goes with a card payment only, new or saved (the server checks it again).
  const body: Record<string, unknown> = {
    order_id: p.orderId,
    payment_type: form.type,
    expected_total: p.totals.total,
    ...dirtyOrderFields({ po_number: form.po, attention: form.att }, { po_number: p.poNumber, attention: p.attention }),
    ...eppPart,
  };
  if (saved) Object.assign(body, { payment_type: saved.paymentType, saved_method_id: saved.id });
  // an invoice needs nothing more: the server checks the organisation's terms
  else if (form.type === PAYMENT_TYPES.CHECK) body.check_number = form.check;
  return body;
}

/** Placing the order: one Idempotency-Key per attempt, the button disabled until the answer. */
function usePlace(p: PaymentProps, form: PayForm, saved: SavedChoice, eppPart: Record<string, unknown> | null) {
  const [placing, setPlacing] = useState(false);
  const [error, setError] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sentForApproval, setSentForApproval] = useState(false); // spending limits: 202 pending_approval
  const attempt = useRef<{ key: string; token?: string } | null>(null);

  const place = async () => {
    if (placing || !eppPart) return;
    setPlacing(true);
    showWait(); // spec §9: the full-screen wait overlay during the order's placement (kept until the confirmation loads)
    setError('');
    setErrors({});
    attempt.current ??= { key: newKey() };
    try {
      const body = placeBody(p, form, saved, eppPart);
      if (!saved && form.type === PAYMENT_TYPES.CARD) {
        if (!attempt.current.token) {
          const expiry = parseCardExpiry(form.exp);
          if (!expiry) {
            // Told beside the field, in the visitor's language, before anything is sent.
            hideWait();
            attempt.current = null;
            setErrors({ exp: p.L('card.expFormat') });
            return setPlacing(false);
          }
          const card = { number: form.number.replace(/\s+/g, ''), exp_month: expiry.month, exp_year: expiry.year };
          const t = await request<{ token: string }>(
            'POST',
            p.card.tokenizeUrl,
            { ...card, cvc: form.cvc },
            { json: true },
          );
          attempt.current.token = t.token;
        }
        body.token = attempt.current.token;
      }
      const r = await request<{ redirect?: string; status?: string }>('POST', `/${p.locale}/order/place`, body, {
        json: true,
        headers: { 'Idempotency-Key': attempt.current.key },
      });
      if (r.status === 'pending_approval') {
        // Over the member's spending limit: nothing placed, the cart waits for an approver.
        hideWait();
        return setSentForApproval(true);
      }
      window.location.assign(r.redirect!);
    } catch (err) {
      // A definite answer ends the attempt (the next click is a new one); a lost connection does not.
      hideWait();
      if (isAppRequestError(err)) attempt.current = null;
      const failed = placeFailure(err, p.L);
      setErrors(failed.errors);
      if ('error' in failed) setError(failed.error!);
      setPlacing(false);
    }
  };
  return { placing, error, errors, sentForApproval, place, attempt };
}

export function usePayment(p: PaymentProps) {
  const methods = useChannelMethods(p.hidden, p.locale, p.methods);
  const [form, setForm] = useState<PayForm>({
    type: p.methods[0]?.paymentType ?? PAYMENT_TYPES.CARD,
    ...{ number: '', exp: '', cvc: '', check: '', po: p.poNumber ?? '', att: p.attention ?? '' },
  });
  const set = (patch: Partial<PayForm>) => setForm((f) => ({ ...f, ...patch }));
  const [saved, setSaved] = useState<SavedChoice>(null); // A saved card or verified bank account
  const [epp, setEpp] = useState<EppPayState>(null); // EPP: null, 'pending' or the plan chosen
  // EPP: offered whenever a card pays, a new one or a saved one; a bank account, a check or an invoice pays in full.
  const eppOffered = !p.guest && eppPaysWith(saved ? saved.paymentType : form.type);
  const eppWaiting = eppOffered && epp === 'pending';
  // null while the EPP choice is still loading: nothing can be placed yet.
  const placing = usePlace(p, form, saved, eppWaiting ? null : eppOffered ? eppFields(epp) : {});
  const choose = (c: SavedChoice) => {
    setSaved(c);
    placing.attempt.current = null;
  };
  return { methods, form, set, saved, choose, setEpp, eppOffered, eppWaiting, ...placing };
}
