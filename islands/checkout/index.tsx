/**
 * The checkout island (spec §2 /cart/checkout, §4 "Checkout", §7 "Checkout"): numbered tabs
 * 1 Customer info, 2 Shipping, 3 Payment; a tab is disabled when its index is above the active
 * one. Tab and dirty rules come from src/domain/checkout.ts (the server's rules too).
 *
 * Customer info → ship-to country check (GET /api/channel/get/type/1/id/{country}; another store
 * asks to switch with a translated confirm, POSTs /{locale}/channel/{id} and reloads; declining
 * keeps the check failed and the later tabs disabled) → POST /{locale}/order/customer-info →
 * shipping quotes per warehouse → payment → POST /{locale}/order/place with one Idempotency-Key
 * per attempt, the button disabled until the answer.
 */
import type { CheckoutProps } from '../../src/domain/checkout-props.ts';
import type { CheckoutTab } from '../../src/domain/checkout.ts';
import { CustomerStep } from './customer-step.tsx';
import { machineDownReplied } from './machine-down.tsx';
import { makeL, Summary } from './parts.tsx';
import { PaymentStep } from './payment-step.tsx';
import { ShippingStep } from './shipping-step.tsx';
import { CheckoutTabs } from './tabs.tsx';
import { useCheckout } from './use-checkout.ts';

export type Props = CheckoutProps;

export default function Checkout(props: Props) {
  const L = makeL(props.labels);
  const { guest, tabs, ship, form, set, submitCustomer, shipped, figuresKnown } = useCheckout(props, L);
  const { active, view, heading, go } = tabs;
  const { totals } = form;
  const headingFor = (tab: CheckoutTab) => (view === tab ? heading : undefined);

  return (
    <div
      className="checkout"
      data-active-tab={active}
      data-view-tab={view}
      data-country-check={form.countryCheckOk ? 'ok' : 'failed'}
    >
      <p className="visually-hidden" aria-live="polite" data-testid="checkout-announce">
        {tabs.announce}
      </p>
      <CheckoutTabs L={L} {...tabs} />
      <div className="checkout-body">
        <div className="checkout-main">
          {form.message && (
            <div className="alert alert-error" role="alert" data-testid="checkout-error">
              {form.message}
            </div>
          )}
          <CustomerStep
            L={L}
            f={form}
            set={set}
            props={props}
            guest={guest}
            hidden={view !== 0}
            headingRef={headingFor(0)}
            onContinue={() => void submitCustomer()}
          />
          <ShippingStep
            hidden={view !== 1}
            headingRef={headingFor(1)}
            L={L}
            locale={props.locale}
            orderId={props.order.id}
            reply={ship.shipping}
            loading={ship.loadingShipping}
            orderQuoteIds={props.order.quoteIds}
            lastPosted={ship.lastPosted}
            onSelected={(ids, t) => {
              shipped(ids, t);
              go(2);
            }}
            onSaved={shipped}
            onMachineDown={machineDownReplied(ship.setShipping, shipped)}
          />
          <PaymentStep
            hidden={view !== 2}
            headingRef={headingFor(2)}
            L={L}
            locale={props.locale}
            orderId={props.order.id}
            methods={props.paymentMethods}
            card={props.card}
            guest={guest}
            totals={totals}
            currency={props.currency}
            poNumber={props.order.poNumber}
            attention={props.order.attention}
          />
        </div>
        <Summary
          L={L}
          locale={props.locale}
          currency={props.currency}
          ledgerLines={props.order.ledgerLines}
          totals={totals}
          known={figuresKnown}
        />
      </div>
    </div>
  );
}
