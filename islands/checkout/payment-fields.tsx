/** The payment tab's parts: method choice, card / invoice / check fields, PO and attention, the approval notice. */
import type { RefObject } from 'react';
import type { CheckoutProps } from '../../src/domain/checkout-props.ts';
import type { Lookup } from './parts.tsx';
import { TabPanel } from './tabs.tsx';

type Errors = Record<string, string>;

/** Over the member's spending limit the tab says the order was sent for approval. */
export function ApprovalSent({
  L,
  hidden,
  headingRef,
  locale,
  orderId,
}: {
  L: Lookup;
  hidden: boolean;
  headingRef?: RefObject<HTMLHeadingElement | null>;
  locale: string;
  orderId: number;
}) {
  return (
    <TabPanel n={2} hidden={hidden} headingRef={headingRef} title={L('approval.sent')} data-testid="approval-sent">
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
    </TabPanel>
  );
}

export function MethodChoice({
  L,
  hidden,
  methods,
  type,
  onType,
}: {
  L: Lookup;
  hidden: boolean;
  methods: CheckoutProps['paymentMethods'];
  type: number;
  onType: (t: number) => void;
}) {
  return (
    <fieldset className="field" hidden={hidden}>
      <legend className="label">{L('payment.method')}</legend>
      <div className="radio-row">
        {methods.map((pm) => (
          <label key={pm.method}>
            <input
              type="radio"
              name="payment_type"
              value={pm.paymentType}
              checked={type === pm.paymentType}
              onChange={() => onType(pm.paymentType)}
              data-testid={`pay-${pm.method}`}
            />{' '}
            {pm.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

type CardValues = { number: string; exp: string; cvc: string };

/** One card field, its error told beside it and tied to it for screen readers. */
function CardField({
  name,
  id,
  label,
  errors,
  invalid = !!errors[name],
  value,
  onChange,
  ...input
}: {
  name: keyof CardValues;
  id: string;
  label: string;
  errors: Errors;
  invalid?: boolean;
  value: CardValues;
  onChange: (patch: Partial<CardValues>) => void;
  autoComplete: string;
  placeholder?: string;
}) {
  const error = errors[name];
  const testid = `card-${name}`;
  return (
    <div className={`field${invalid ? ' has-error' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        inputMode="numeric"
        {...input}
        value={value[name]}
        onChange={(e) => onChange({ [name]: e.target.value })}
        aria-invalid={!!error || undefined}
        aria-describedby={error ? `${id}-err` : undefined}
        data-testid={testid}
      />
      {error && (
        <span className="field-error" id={`${id}-err`} data-testid={`${testid}-error`}>
          {error}
        </span>
      )}
    </div>
  );
}

export function CardFields({
  L,
  offline,
  errors,
  value,
  onChange,
}: {
  L: Lookup;
  offline: boolean;
  errors: Errors;
  value: CardValues;
  onChange: (patch: Partial<CardValues>) => void;
}) {
  const card = { errors, value, onChange };
  return (
    <div className="stack">
      {offline && <p className="small muted">{L('card.test')}</p>}
      <CardField
        name="number"
        id="co-card"
        label={L('card.number')}
        {...card}
        invalid={!!(errors.number || errors.card)}
        autoComplete="cc-number"
      />
      <div className="grid grid-2">
        <CardField
          name="exp"
          id="co-exp"
          label={L('card.exp')}
          {...card}
          autoComplete="cc-exp"
          placeholder={L('card.expPlaceholder')}
        />
        <CardField name="cvc" id="co-cvc" label={L('card.cvc')} {...card} autoComplete="cc-csc" />
      </div>
    </div>
  );
}

export function InvoiceHelp({
  L,
  choice,
  money,
}: {
  L: Lookup;
  choice: CheckoutProps['paymentMethods'][number] | undefined;
  money: (v: string) => string;
}) {
  return (
    <div className="stack" data-testid="invoice-help">
      <p className="small muted">{L('invoice.help', { days: choice?.netDays ?? '' })}</p>
      {choice?.available !== undefined && (
        <p className="small">
          <strong>{L('invoice.available', { amount: money(choice.available) })}</strong>
        </p>
      )}
    </div>
  );
}

export function CheckFields({
  L,
  errors,
  value,
  onValue,
}: {
  L: Lookup;
  errors: Errors;
  value: string;
  onValue: (v: string) => void;
}) {
  return (
    <div className="stack">
      <div className={`field${errors.check_number ? ' has-error' : ''}`}>
        <label htmlFor="co-check">{L('check.number')}</label>
        <input id="co-check" value={value} onChange={(e) => onValue(e.target.value)} data-testid="check-number" />
      </div>
      <p className="small muted">{L('check.help')}</p>
    </div>
  );
}

/** The buyer's PO number and attention line (sent only when changed). */
export function OrderFields({
  L,
  po,
  att,
  onChange,
}: {
  L: Lookup;
  po: string;
  att: string;
  onChange: (patch: { po?: string; att?: string }) => void;
}) {
  return (
    <div className="grid grid-2">
      <div className="field">
        <label htmlFor="co-po">{L('poNumber')}</label>
        <input id="co-po" value={po} onChange={(e) => onChange({ po: e.target.value })} data-testid="po-number" />
      </div>
      <div className="field">
        <label htmlFor="co-att">{L('attention')}</label>
        <input id="co-att" value={att} onChange={(e) => onChange({ att: e.target.value })} />
      </div>
    </div>
  );
}
