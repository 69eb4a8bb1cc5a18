/** The payment panel's form: the method, the amount with its check number, and the card's fields. */
import type { OrderJson } from '../../src/domain/order-edit.ts';
import type { EditorLabels } from '../../src/domain/order-edit-labels.ts';
import type { PaymentPanelState } from './use-payment-panel.ts';

type FieldProps = { id: string; labels: EditorLabels; busy: boolean; pay: PaymentPanelState };

export function MethodChoice({ id, labels, busy, pay }: FieldProps) {
  const { method, setMethod } = pay;
  return (
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
  );
}

export function AmountRow({ id, labels, busy, pay, order }: FieldProps & { order: OrderJson }) {
  const { amount, setAmount, method, check, setCheck, distribute, amountCents } = pay;
  return (
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
  );
}

export function CardFields({ id, labels, busy, pay }: FieldProps) {
  const { card, setCard } = pay;
  return (
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
  );
}
