/**
 * Checkout's payment tab, EPP part: "Pay with the Extended Payment Program" beside the
 * card. When chosen, the buyer picks the down payment and term (lists, or anything for an EPP
 * admin) and the standard or promotional plan, sees every disclosure figure and the schedule,
 * and the order is placed with epp=1: the card is charged the down payment only (the server
 * computes the plan again from the order, src/features/epp/placement.ts).
 *
 * The parent gets the choice through onChange: null (not paying by EPP), 'pending' (figures not yet
 * the server's for the current choice: placing waits) or the choice to send.
 */
import { useId } from 'react';
import type { EppLabels, EppServiceData } from '../../src/domain/epp-props.ts';
import { formatRateNumber } from '../../src/domain/percent.ts';
import { Choices, type Fmt, fill, moneyFmt, Plans, Summary } from '../epp/parts.tsx';
import type { EppSelection } from '../epp/selection.ts';
import { text } from '../lib/text.ts';
import type { EppPayState } from './epp-choice.ts';
import { useEppPayment } from './use-epp-payment.ts';

type Props = {
  hidden: boolean;
  locale: string;
  orderId: number;
  currency: string;
  revision: string;
  onChange: (s: EppPayState) => void;
};

export function EppPayment({ hidden, locale, orderId, currency, revision, onChange }: Props) {
  const id = useId();
  const { on, setOn, epp, synced } = useEppPayment({ locale, orderId, revision, onChange });
  const d = epp.data;
  const m = moneyFmt(d?.currency ?? currency, locale);
  const s = epp.selection;

  if (hidden || (!d && !epp.failed)) return null;
  const L = d?.translations;
  if (!L)
    return (
      <p className="small muted" data-testid="epp-pay-unavailable">
        {text('eppUnavailable')}
      </p>
    );
  return (
    <div className="epp-pay stack" data-testid="epp-pay" data-ready={synced ? 'true' : 'false'}>
      <label className="check">
        <input type="checkbox" checked={on} onChange={(e) => setOn(e.target.checked)} data-testid="epp-pay-toggle" />{' '}
        <strong>{L.pay}</strong>
      </label>
      <p className="small epp__summary">
        <Summary plan={d!.plans.standard} L={L} m={m} locale={locale} />
      </p>
      {on && (
        <section
          className="epp card"
          aria-label={L.title}
          data-testid="epp-calculator"
          data-ready={synced ? 'true' : 'false'}
          data-loading={epp.loading ? 'true' : 'false'}
        >
          <div className="card-body stack">
            <p className="small">{L.payHint}</p>
            <Choices
              selection={s}
              choose={epp.choose}
              rules={epp.rules}
              admin={epp.admin}
              L={L}
              idPrefix={id}
              locale={locale}
            />
            {d!.plans.promo && <PlanChoice id={id} L={L} promoName={d!.plans.promo.name} s={s} choose={epp.choose} />}
            <p className="small muted" role="status" aria-live="polite">
              {epp.loading ? L.loading : epp.failed ? L.unavailable : ''}
            </p>
            {d && <Plans data={d} L={L} m={m} chosen={s.plan} locale={locale} />}
            {d && synced && <ChargeToday d={d} s={s} L={L} m={m} locale={locale} />}
          </div>
        </section>
      )}
    </div>
  );
}

type PlanChoiceProps = {
  id: string;
  L: EppLabels;
  promoName: string;
  s: EppSelection;
  choose: (p: Partial<EppSelection>) => void;
};

/** The standard plan or the promotional one, when the order has one. */
function PlanChoice({ id, L, promoName, s, choose }: PlanChoiceProps) {
  return (
    <fieldset className="field">
      <legend className="label">{L.choosePlan}</legend>
      <div className="radio-row">
        <label>
          <input
            type="radio"
            name={`${id}plan`}
            checked={s.plan === 'standard'}
            onChange={() => choose({ plan: 'standard' })}
            data-testid="epp-plan-standard"
          />{' '}
          {L.standard}
        </label>
        <label>
          <input
            type="radio"
            name={`${id}plan`}
            checked={s.plan === 'promo'}
            onChange={() => choose({ plan: 'promo' })}
            data-testid="epp-plan-promo"
          />{' '}
          {promoName}
        </label>
      </div>
    </fieldset>
  );
}

type ChargeProps = { d: EppServiceData; s: EppSelection; L: EppLabels; m: Fmt; locale: string };

/** What the card is charged today (the down payment) and the monthly payments that follow. */
function ChargeToday({ d, s, L, m, locale }: ChargeProps) {
  const plan = s.plan === 'promo' && d.plans.promo ? d.plans.promo : d.plans.standard;
  return (
    <p className="epp-charge" data-testid="epp-charge-today">
      <strong>
        {fill(L.chargedToday, {
          amount: m(plan.downPayment),
          count: plan.installmentCount,
          monthly: m(plan.monthlyPayment),
          apr: formatRateNumber(plan.apr, locale, 2, 2),
        })}
      </strong>
    </p>
  );
}
