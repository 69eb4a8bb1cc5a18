/**
 * Tab 3: card (tokenised at the provider's endpoint, then charged by the order), check (payment
 * type 2 with its number) or, for an organisation with net terms, invoice (type 4). Over the
 * member's spending limit the server answers 202 and the tab says the order was sent for approval. Placing sends one Idempotency-Key per attempt; the button stays
 * disabled until the answer, so a double click never charges twice. A network failure keeps the
 * key, so trying again cannot place a second order.
 */
import { shownMessages } from '../lib/errors.ts';
import { lazy, Suspense, useEffect, useRef, useState, type RefObject } from 'react';
import type { CheckoutProps } from '../../src/domain/checkout-props.ts';
import { PAYMENT_TYPES } from '../../src/domain/constants.ts';
import { CARD_ERROR_FIELD, parseCardExpiry } from '../../src/domain/card-expiry.ts';
import { dirtyOrderFields } from '../../src/domain/checkout.ts'; // spec §4: PO and attention only when dirty
import { eppPaysWith } from '../../src/domain/epp.ts';
import { isAppRequestError, request } from '../lib/request.ts';
import { fieldsOf, fmt, type Lookup } from './parts.tsx';
import { SavedMethods, type SavedChoice } from './saved-methods.tsx';
import { eppFields, type EppPayState } from './epp-choice.ts';
import { hideWait, showWait } from '../lib/overlay.ts';

// The EPP part, loaded when a card pays (its calculator is most of its weight).
const EppPayment = lazy(() => import('./epp-payment.tsx').then((m) => ({ default: m.EppPayment })));

type Props = {
  hidden: boolean;
  headingRef?: RefObject<HTMLHeadingElement | null>;
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

const newKey = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;

export function PaymentStep({
  hidden,
  headingRef,
  L,
  locale,
  orderId,
  methods: initialMethods,
  card,
  totals,
  currency,
  poNumber,
  attention,
  guest,
}: Props) {
  const [methods, setMethods] = useState(initialMethods);
  const [type, setType] = useState<number>(initialMethods[0]?.paymentType ?? PAYMENT_TYPES.CARD);
  const [number, setNumber] = useState('');
  const [exp, setExp] = useState('');
  const [cvc, setCvc] = useState('');
  const [check, setCheck] = useState('');
  const [po, setPo] = useState(poNumber ?? '');
  const [att, setAtt] = useState(attention ?? '');
  const [placing, setPlacing] = useState(false);
  const [error, setError] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const attempt = useRef<{ key: string; token?: string } | null>(null);
  const [saved, setSaved] = useState<SavedChoice>(null); // A saved card or verified bank account
  const [epp, setEpp] = useState<EppPayState>(null); // EPP: null, 'pending' or the plan chosen
  const [sentForApproval, setSentForApproval] = useState(false); // spending limits: 202 pending_approval

  // Spec §7: the channel's methods are fetched when the tab opens; a failure keeps what we had.
  useEffect(() => {
    if (hidden) return;
    request<
      {
        method: 'card' | 'check' | 'invoice';
        label: string;
        payment_type: 1 | 2 | 4;
        net_days?: number;
        available?: string;
      }[]
    >('GET', `/${locale}/order/payment-methods`)
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

  // EPP: offered whenever a card pays, a new one or a saved one; a bank account, a check or an invoice pays in full.
  const payType = saved ? saved.paymentType : type;
  const eppOffered = !guest && eppPaysWith(payType);
  const eppWaiting = eppOffered && epp === 'pending';

  const place = async () => {
    if (placing || eppWaiting) return;
    setPlacing(true);
    showWait(); // spec §9: the full-screen wait overlay during the order's placement (kept until the confirmation loads)
    setError('');
    setErrors({});
    attempt.current ??= { key: newKey() };
    try {
      // EPP's choice goes with a card payment only, new or saved (the server checks it again).
      const body: Record<string, unknown> = {
        order_id: orderId,
        payment_type: type,
        expected_total: totals.total,
        ...dirtyOrderFields({ po_number: po, attention: att }, { po_number: poNumber, attention }),
        ...(eppOffered ? eppFields(epp) : {}),
      };
      if (saved) {
        body.payment_type = saved.paymentType;
        body.saved_method_id = saved.id;
      } else if (type === PAYMENT_TYPES.CARD) {
        if (!attempt.current.token) {
          const expiry = parseCardExpiry(exp);
          if (!expiry) {
            // Told beside the field, in the visitor's language, before anything is sent.
            hideWait();
            attempt.current = null;
            setErrors({ exp: L('card.expFormat') });
            setPlacing(false);
            return;
          }
          const t = await request<{ token: string }>(
            'POST',
            card.tokenizeUrl,
            { number: number.replace(/\s+/g, ''), exp_month: expiry.month, exp_year: expiry.year, cvc },
            { json: true },
          );
          attempt.current.token = t.token;
        }
        body.token = attempt.current.token;
      } else if (type === PAYMENT_TYPES.CHECK) {
        body.check_number = check;
      } // an invoice needs nothing more: the server checks the organisation's terms
      const r = await request<{ redirect?: string; status?: string }>('POST', `/${locale}/order/place`, body, {
        json: true,
        headers: { 'Idempotency-Key': attempt.current.key },
      });
      if (r.status === 'pending_approval') {
        // Over the member's spending limit: nothing placed, the cart waits for an approver.
        hideWait();
        setSentForApproval(true);
        return;
      }
      window.location.assign(r.redirect!);
    } catch (err) {
      // A definite answer ends the attempt (the next click is a new one); a lost connection does not.
      hideWait();
      if (isAppRequestError(err)) attempt.current = null;
      // A card the provider refused is told beside its field, in the visitor's language.
      const cardField = isAppRequestError(err)
        ? CARD_ERROR_FIELD[(err.body as { error?: { code?: string } } | null)?.error?.code ?? '']
        : undefined;
      if (cardField) {
        setErrors({
          [cardField]: L(cardField === 'exp' ? 'card.expired' : cardField === 'cvc' ? 'card.badCvc' : 'card.invalid'),
        });
      } else {
        setErrors(fieldsOf(err));
        setError(shownMessages(err)[0]);
      }
      setPlacing(false);
    }
  };

  const m = (v: string) => fmt(v, currency, locale);
  const invoiceChoice = methods.find((pm) => pm.paymentType === PAYMENT_TYPES.INVOICE);
  if (sentForApproval) {
    return (
      <section
        role="tabpanel"
        id="checkout-panel-2"
        aria-labelledby="checkout-tab-2"
        hidden={hidden}
        className="card card-body stack"
        data-testid="approval-sent"
      >
        <h2 tabIndex={-1} ref={headingRef}>
          {L('approval.sent')}
        </h2>
        <p role="status">
          <strong data-testid="approval-order">{L('approvals.sent.number', { id: orderId })}</strong>{' '}
          {L('approval.sentText')}
        </p>
        <p>
          <a
            className="btn btn-ghost"
            href={`/${locale}/account/orders#approval-${orderId}`}
            data-testid="approval-orders-link"
          >
            {L('approvals.sent.link')}
          </a>
        </p>
      </section>
    );
  }
  return (
    <section
      role="tabpanel"
      id="checkout-panel-2"
      aria-labelledby="checkout-tab-2"
      hidden={hidden}
      className="card card-body stack"
    >
      <h2 tabIndex={-1} ref={headingRef}>
        {L('tab.payment')}
      </h2>
      {!guest && (
        <SavedMethods
          hidden={hidden}
          locale={locale}
          onChange={(c) => {
            setSaved(c);
            attempt.current = null;
          }}
        />
      )}
      <fieldset className="field" hidden={!!saved}>
        <legend className="label">{L('payment.method')}</legend>
        <div className="radio-row">
          {methods.map((pm) => (
            <label key={pm.method}>
              <input
                type="radio"
                name="payment_type"
                value={pm.paymentType}
                checked={type === pm.paymentType}
                onChange={() => setType(pm.paymentType)}
                data-testid={`pay-${pm.method}`}
              />{' '}
              {pm.label}
            </label>
          ))}
        </div>
      </fieldset>
      {saved ? null : type === PAYMENT_TYPES.CARD ? (
        <div className="stack">
          {card.provider === 'offline' && <p className="small muted">{L('card.test')}</p>}
          <div className={`field${errors.number || errors.card ? ' has-error' : ''}`}>
            <label htmlFor="co-card">{L('card.number')}</label>
            <input
              id="co-card"
              inputMode="numeric"
              autoComplete="cc-number"
              value={number}
              onChange={(e) => setNumber(e.target.value)}
              aria-invalid={!!errors.number || undefined}
              aria-describedby={errors.number ? 'co-card-err' : undefined}
              data-testid="card-number"
            />
            {errors.number && (
              <span className="field-error" id="co-card-err" data-testid="card-number-error">
                {errors.number}
              </span>
            )}
          </div>
          <div className="grid grid-2">
            <div className={`field${errors.exp ? ' has-error' : ''}`}>
              <label htmlFor="co-exp">{L('card.exp')}</label>
              <input
                id="co-exp"
                autoComplete="cc-exp"
                inputMode="numeric"
                placeholder={L('card.expPlaceholder')}
                value={exp}
                onChange={(e) => setExp(e.target.value)}
                aria-invalid={!!errors.exp || undefined}
                aria-describedby={errors.exp ? 'co-exp-err' : undefined}
                data-testid="card-exp"
              />
              {errors.exp && (
                <span className="field-error" id="co-exp-err" data-testid="card-exp-error">
                  {errors.exp}
                </span>
              )}
            </div>
            <div className={`field${errors.cvc ? ' has-error' : ''}`}>
              <label htmlFor="co-cvc">{L('card.cvc')}</label>
              <input
                id="co-cvc"
                inputMode="numeric"
                autoComplete="cc-csc"
                value={cvc}
                onChange={(e) => setCvc(e.target.value)}
                aria-invalid={!!errors.cvc || undefined}
                aria-describedby={errors.cvc ? 'co-cvc-err' : undefined}
                data-testid="card-cvc"
              />
              {errors.cvc && (
                <span className="field-error" id="co-cvc-err" data-testid="card-cvc-error">
                  {errors.cvc}
                </span>
              )}
            </div>
          </div>
        </div>
      ) : type === PAYMENT_TYPES.INVOICE ? (
        <div className="stack" data-testid="invoice-help">
          <p className="small muted">{L('invoice.help', { days: invoiceChoice?.netDays ?? '' })}</p>
          {invoiceChoice?.available !== undefined && (
            <p className="small">
              <strong>{L('invoice.available', { amount: m(invoiceChoice.available) })}</strong>
            </p>
          )}
        </div>
      ) : (
        <div className="stack">
          <div className={`field${errors.check_number ? ' has-error' : ''}`}>
            <label htmlFor="co-check">{L('check.number')}</label>
            <input id="co-check" value={check} onChange={(e) => setCheck(e.target.value)} data-testid="check-number" />
          </div>
          <p className="small muted">{L('check.help')}</p>
        </div>
      )}
      {eppOffered && (
        <Suspense fallback={null}>
          <EppPayment
            hidden={hidden}
            locale={locale}
            orderId={orderId}
            currency={currency}
            revision={totals.total}
            onChange={setEpp}
          />
        </Suspense>
      )}
      <div className="grid grid-2">
        <div className="field">
          <label htmlFor="co-po">{L('poNumber')}</label>
          <input id="co-po" value={po} onChange={(e) => setPo(e.target.value)} data-testid="po-number" />
        </div>
        <div className="field">
          <label htmlFor="co-att">{L('attention')}</label>
          <input id="co-att" value={att} onChange={(e) => setAtt(e.target.value)} />
        </div>
      </div>
      {error && (
        <div className="alert alert-error" role="alert" data-testid="place-error">
          {error}
        </div>
      )}
      <div className="place-row">
        <strong>
          {L('total')}: <span data-testid="place-total">{m(totals.total)}</span>
        </strong>
        <button
          type="button"
          className="btn btn-primary"
          disabled={placing || eppWaiting}
          aria-busy={placing}
          onClick={() => void place()}
          data-testid="place-order"
        >
          {placing ? L('placing') : L('place')}
        </button>
      </div>
    </section>
  );
}
