/**
 * Tab 3: card (tokenised at the provider's endpoint, then charged by the order), check (payment
 * type 2 with its number) or, for an organisation with net terms, invoice (type 4). Over the
 * member's spending limit the server answers 202 and the tab says the order was sent for approval. Placing sends one Idempotency-Key per attempt; the button stays
 * disabled until the answer, so a double click never charges twice. A network failure keeps the
 * key, so trying again cannot place a second order.
 */
import { lazy, Suspense, type RefObject } from 'react';
import { PAYMENT_TYPES } from '../../src/domain/constants.ts';
import { fmt } from './parts.tsx';
import { TabPanel } from './tabs.tsx';
import { ApprovalSent, CardFields, CheckFields, InvoiceHelp, MethodChoice, OrderFields } from './payment-fields.tsx';
import { usePayment, type PaymentProps } from './use-payment.ts';

// The EPP part, loaded when a card pays (its calculator is most of its weight).
const EppPayment = lazy(() => import('./epp-payment.tsx').then((m) => ({ default: m.EppPayment })));
// The saved methods show nothing until their own request answers, so loading their code beside it
// costs no paint and keeps the checkout's first chunk small.
const SavedMethods = lazy(() => import('./saved-methods.tsx').then((m) => ({ default: m.SavedMethods })));

type Props = PaymentProps & { headingRef?: RefObject<HTMLHeadingElement | null> };

export function PaymentStep(props: Props) {
  const { hidden, headingRef, L, locale, orderId, card, totals, currency, guest } = props;
  const pay = usePayment(props);
  const { form, set, saved, errors, placing, eppWaiting } = pay;
  const { type } = form;
  const m = (v: string) => fmt(v, currency, locale);
  if (pay.sentForApproval) {
    return <ApprovalSent L={L} hidden={hidden} headingRef={headingRef} locale={locale} orderId={orderId} />;
  }
  return (
    <TabPanel n={2} hidden={hidden} headingRef={headingRef} title={L('tab.payment')}>
      {!guest && (
        <Suspense fallback={null}>
          <SavedMethods hidden={hidden} locale={locale} onChange={pay.choose} />
        </Suspense>
      )}
      <MethodChoice L={L} hidden={!!saved} methods={pay.methods} type={type} onType={(t) => set({ type: t })} />
      {saved ? null : type === PAYMENT_TYPES.CARD ? (
        <CardFields L={L} offline={card.provider === 'offline'} errors={errors} value={form} onChange={set} />
      ) : type === PAYMENT_TYPES.INVOICE ? (
        <InvoiceHelp L={L} choice={pay.methods.find((pm) => pm.paymentType === PAYMENT_TYPES.INVOICE)} money={m} />
      ) : (
        <CheckFields L={L} errors={errors} value={form.check} onValue={(check) => set({ check })} />
      )}
      {pay.eppOffered && (
        <Suspense fallback={null}>
          <EppPayment
            hidden={hidden}
            locale={locale}
            orderId={orderId}
            currency={currency}
            revision={totals.total}
            onChange={pay.setEpp}
          />
        </Suspense>
      )}
      <OrderFields L={L} po={form.po} att={form.att} onChange={set} />
      {pay.error && (
        <div className="alert alert-error" role="alert" data-testid="place-error">
          {pay.error}
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
          onClick={() => void pay.place()}
          data-testid="place-order"
        >
          {placing ? L('placing') : L('place')}
        </button>
      </div>
    </TabPanel>
  );
}
