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
import { text } from '../lib/text.ts';
import { useEffect, useId, useState } from 'react';
import { EPP_DEBOUNCE_MS } from '../../src/domain/constants.ts';
import { formatRateNumber } from '../../src/domain/percent.ts';
import { Choices, fill, moneyFmt, Plans, Summary } from '../epp/parts.tsx';
import { useEpp } from '../epp/use-epp.ts';
import type { EppPayState } from './epp-choice.ts';

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
  const [on, setOn] = useState(false);
  const epp = useEpp({
    serviceUrl: `/${locale}/epp/service-data`,
    source: { orderId },
    debounceMs: EPP_DEBOUNCE_MS,
    revision,
  });
  const d = epp.data;
  const m = moneyFmt(d?.currency ?? currency, locale);
  const s = epp.selection;
  const synced =
    !!d &&
    epp.current &&
    !epp.loading &&
    s.percentDown === d.plans.standard.downPaymentPercent &&
    s.months === d.plans.standard.installmentCount &&
    (s.plan === 'standard' || !!d.plans.promo) &&
    (s.eppFee ?? null) === (d.terms.customEppFee ? d.terms.eppFee : null);

  useEffect(() => {
    if (!on) onChange(null);
    else if (!synced || !d) onChange('pending');
    else
      onChange({
        percentDown: d.plans.standard.downPaymentPercent,
        months: d.plans.standard.installmentCount,
        plan: s.plan,
        eppFee: s.eppFee,
      });
  }, [on, synced, d, s.plan, s.eppFee]);
  useEffect(() => () => onChange(null), []);

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
            {d!.plans.promo && (
              <fieldset className="field">
                <legend className="label">{L.choosePlan}</legend>
                <div className="radio-row">
                  <label>
                    <input
                      type="radio"
                      name={`${id}plan`}
                      checked={s.plan === 'standard'}
                      onChange={() => epp.choose({ plan: 'standard' })}
                      data-testid="epp-plan-standard"
                    />{' '}
                    {L.standard}
                  </label>
                  <label>
                    <input
                      type="radio"
                      name={`${id}plan`}
                      checked={s.plan === 'promo'}
                      onChange={() => epp.choose({ plan: 'promo' })}
                      data-testid="epp-plan-promo"
                    />{' '}
                    {d!.plans.promo.name}
                  </label>
                </div>
              </fieldset>
            )}
            <p className="small muted" role="status" aria-live="polite">
              {epp.loading ? L.loading : epp.failed ? L.unavailable : ''}
            </p>
            {d && <Plans data={d} L={L} m={m} chosen={s.plan} locale={locale} />}
            {d &&
              synced &&
              (() => {
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
              })()}
          </div>
        </section>
      )}
    </div>
  );
}
