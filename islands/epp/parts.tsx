/**
 * What the EPP islands show (Regulation Z, 12 CFR 1026.18): each plan's amount financed, finance
 * charge, APR, total of payments and whole schedule, conspicuously; a monthly amount never without
 * the APR, the term and the down payment beside it; the promotional plan beside the standard one.
 */
import { formatDate } from '../../src/domain/dates.ts';
import { useId, useState } from 'react';
import type { EppPlanJson } from '../../src/domain/epp.ts';
import type { EppLabels, EppServiceData } from '../../src/domain/epp-props.ts';
import { formatMoney, toCents } from '../../src/domain/money.ts';
import { formatPercent, formatRateNumber } from '../../src/domain/percent.ts';
import type { EppRulesJson, EppSelection } from './selection.ts';

export const fill = (text: string, vars: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (m, k: string) => (k in vars ? String(vars[k]) : m));

export type Fmt = (amount: string) => string;
export const moneyFmt =
  (currency: string, locale: string): Fmt =>
  (amount) =>
    formatMoney(toCents(amount), currency, locale);

/** A due date (YYYY-MM-DD, a calendar day) in the page's language. */
export const dateFmt = (locale: string) => {
  return (iso: string) => formatDate(iso, locale);
};

/** One line: monthly amount with APR, term and down payment (the preview). */
export function Summary({
  plan,
  L,
  m,
  locale = 'en-us',
}: {
  plan: EppPlanJson;
  L: EppLabels;
  m: Fmt;
  locale?: string;
}) {
  return (
    <span data-testid="epp-summary">
      {fill(L.summary, {
        amount: m(plan.monthlyPayment),
        months: plan.installmentCount,
        apr: formatRateNumber(plan.apr, locale, 2, 2),
        down: m(plan.downPayment),
      })}
    </span>
  );
}

export function PlanCard({
  plan,
  L,
  m,
  selected,
  testid = 'epp-plan',
  locale,
}: {
  plan: EppPlanJson;
  L: EppLabels;
  m: Fmt;
  selected?: boolean;
  testid?: string;
  locale: string;
}) {
  const id = useId();
  return (
    <section
      className={`epp-plan${selected ? ' is-selected' : ''}`}
      aria-labelledby={`${id}h`}
      data-testid={testid}
      data-kind={plan.kind}
    >
      <h4 id={`${id}h`} className="epp-plan__name">
        {plan.kind === 'standard' ? L.standard : plan.name}
      </h4>
      <p className="epp-plan__monthly">
        <strong data-testid="epp-monthly">
          {fill(L.monthly, { count: plan.installmentCount, amount: m(plan.monthlyPayment) })}
        </strong>
        <span className="epp-plan__apr-badge" data-testid="epp-apr">
          {fill(L.aprBadge, { apr: formatRateNumber(plan.apr, locale, 2, 2) })}
        </span>
      </p>
      <PlanFigures plan={plan} L={L} m={m} locale={locale} />
      <PlanSchedule id={id} plan={plan} L={L} m={m} locale={locale} />
    </section>
  );
}

type PlanProps = { plan: EppPlanJson; L: EppLabels; m: Fmt; locale: string };

/** The disclosure figures, each conspicuous (12 CFR 1026.18). */
function PlanFigures({ plan, L, m, locale }: PlanProps) {
  return (
    <dl className="epp-figures">
      <div>
        <dt>{L.downPayment}</dt>
        <dd data-testid="epp-down" data-value={plan.downPayment}>
          {m(plan.downPayment)} <span className="muted">({formatPercent(plan.downPaymentPercent, locale)})</span>
        </dd>
      </div>
      <div>
        <dt>{L.amountFinanced}</dt>
        <dd data-testid="epp-financed">{m(plan.amountFinanced)}</dd>
      </div>
      <div>
        <dt>{L.financeCharge}</dt>
        <dd data-testid="epp-finance-charge">
          {m(plan.financeCharge)}
          <span className="epp-hint">
            {fill(L.financeChargeHint, { interest: m(plan.interest), fee: m(plan.eppFee) })}
          </span>
        </dd>
      </div>
      <div className="epp-figures__apr">
        <dt>{L.apr}</dt>
        <dd>
          {formatPercent(plan.apr, locale, 2, 2)}
          <span className="epp-hint">{fill(L.aprHint, { rate: formatRateNumber(plan.interestRate, locale) })}</span>
        </dd>
      </div>
      <div>
        <dt>{L.totalOfPayments}</dt>
        <dd data-testid="epp-total-of-payments" data-value={plan.totalOfPayments}>
          {m(plan.totalOfPayments)}
        </dd>
      </div>
      <div>
        <dt>{L.total}</dt>
        <dd data-testid="epp-total" data-value={plan.total}>
          {m(plan.total)}
        </dd>
      </div>
    </dl>
  );
}

/** The whole schedule, behind its toggle. */
function PlanSchedule({ id, plan, L, m, locale }: PlanProps & { id: string }) {
  const day = dateFmt(locale);
  // Phones: the schedule folds behind a button so two plans do not make the page
  // 6,000 px tall; the figures above it stay. From 768 px it is always shown (CSS).
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="btn btn-ghost btn-sm epp-schedule-toggle"
        aria-expanded={open}
        aria-controls={`${id}s`}
        onClick={() => setOpen(!open)}
        data-testid="epp-schedule-toggle"
      >
        {open ? L.scheduleHide : fill(L.scheduleShow, { count: plan.installmentCount })}
      </button>
      <div
        id={`${id}s`}
        className={`epp-schedule${open ? '' : ' is-folded'}`}
        role="region"
        aria-label={fill(L.scheduleFor, { plan: plan.kind === 'standard' ? L.standard : plan.name })}
        tabIndex={0}
      >
        <table className="table table-compact" data-testid="epp-schedule">
          <caption className="visually-hidden">{L.schedule}</caption>
          <thead>
            <tr>
              <th scope="col">{L.number}</th>
              <th scope="col">{L.due}</th>
              <th scope="col" className="num">
                {L.payment}
              </th>
            </tr>
          </thead>
          <tbody>
            {plan.schedule.map((row, k) => (
              <tr key={row.date + k} data-testid="epp-row" data-amount={row.amount} data-date={row.date}>
                <td>{k + 1}</td>
                <td className="nowrap">{day(row.date)}</td>
                <td className="num">{m(row.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/** The promotional plan beside the standard one (one column on phones). */
export function Plans({
  data,
  L,
  m,
  chosen,
  locale,
}: {
  data: EppServiceData;
  L: EppLabels;
  m: Fmt;
  chosen?: 'standard' | 'promo';
  locale: string;
}) {
  return (
    <div className={`epp-plans${data.plans.promo ? ' epp-plans--two' : ''}`} data-testid="epp-plans">
      <PlanCard plan={data.plans.standard} L={L} m={m} selected={chosen === 'standard'} locale={locale} />
      {data.plans.promo && (
        <PlanCard plan={data.plans.promo} L={L} m={m} selected={chosen === 'promo'} locale={locale} />
      )}
      {!data.plans.promo && data.terms.hasPromos && (
        <p className="small muted" data-testid="epp-promo-unavailable">
          {L.promoUnavailable}
        </p>
      )}
    </div>
  );
}

/** Down payment and term: lists for everyone; an EPP admin types any value (and may set the fee). */
export function Choices({
  selection,
  choose,
  rules,
  admin,
  L,
  idPrefix,
  locale = 'en-us',
}: {
  selection: EppSelection;
  choose: (p: Partial<EppSelection>) => void;
  rules: EppRulesJson | null;
  admin: boolean;
  L: EppLabels;
  idPrefix: string;
  locale?: string;
}) {
  if (!rules) return null;
  const pd = selection.percentDown ?? rules.default_percent_down;
  const mo = selection.months ?? rules.default_months;
  const props = { selection, choose, rules, L, idPrefix, locale, pd, mo };
  return <div className="epp-choices">{admin ? <AdminChoices {...props} /> : <ListChoices {...props} />}</div>;
}

type ChoiceProps = {
  selection: EppSelection;
  choose: (p: Partial<EppSelection>) => void;
  rules: EppRulesJson;
  L: EppLabels;
  idPrefix: string;
  locale: string;
  pd: number;
  mo: number;
};

/** An EPP admin types any percent down, term and fee; the lists are only suggestions. */
function AdminChoices({ selection, choose, rules, L, idPrefix, locale, pd, mo }: ChoiceProps) {
  const num = (v: string) => (v.trim() === '' ? null : Number(v));
  return (
    <>
      <div className="field">
        <label htmlFor={`${idPrefix}pd`}>{L.percentDownAdmin}</label>
        <input
          id={`${idPrefix}pd`}
          type="number"
          min={1}
          max={99}
          step={1}
          list={`${idPrefix}pdl`}
          value={pd}
          onChange={(e) => choose({ percentDown: num(e.target.value) })}
          data-testid="epp-percent-down"
        />
        <datalist id={`${idPrefix}pdl`}>
          {rules.percent_down.map((v) => (
            <option key={v} value={v} />
          ))}
        </datalist>
      </div>
      <div className="field">
        <label htmlFor={`${idPrefix}mo`}>{L.monthsAdmin}</label>
        <input
          id={`${idPrefix}mo`}
          type="number"
          min={1}
          max={120}
          step={1}
          list={`${idPrefix}mol`}
          value={mo}
          onChange={(e) => choose({ months: num(e.target.value) })}
          data-testid="epp-months"
        />
        <datalist id={`${idPrefix}mol`}>
          {rules.months.map((v) => (
            <option key={v} value={v} />
          ))}
        </datalist>
      </div>
      <div className="field">
        <label htmlFor={`${idPrefix}fee`}>{L.feeAdmin}</label>
        <input
          id={`${idPrefix}fee`}
          inputMode="decimal"
          value={selection.eppFee ?? ''}
          placeholder={formatPercent(rules.fee_percent, locale)}
          onChange={(e) => choose({ eppFee: e.target.value.trim() || null })}
          data-testid="epp-fee"
        />
      </div>
    </>
  );
}

/** Everyone else chooses from the program's lists. */
function ListChoices({ choose, rules, L, idPrefix, pd, mo }: ChoiceProps) {
  return (
    <>
      <div className="field">
        <label htmlFor={`${idPrefix}pd`}>{L.percentDown}</label>
        <select
          id={`${idPrefix}pd`}
          value={pd}
          onChange={(e) => choose({ percentDown: Number(e.target.value) })}
          data-testid="epp-percent-down"
        >
          {rules.percent_down.map((v) => (
            <option key={v} value={v}>
              {fill(L.percentOption, { value: v })}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${idPrefix}mo`}>{L.months}</label>
        <select
          id={`${idPrefix}mo`}
          value={mo}
          onChange={(e) => choose({ months: Number(e.target.value) })}
          data-testid="epp-months"
        >
          {rules.months.map((v) => (
            <option key={v} value={v}>
              {fill(L.monthsOption, { value: v })}
            </option>
          ))}
        </select>
      </div>
    </>
  );
}
