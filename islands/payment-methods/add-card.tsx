/**
 * "Add user payment": the card goes to the card provider's tokenisation endpoint (the offline
 * sandbox's, or the provider's), exactly as Stripe Elements hands it to Stripe; our route gets
 * only the one-time token and makes it reusable. The number never reaches our routes.
 */
import type { Props, T } from './shared.ts';
import { type AddCardState, useAddCard } from './use-add-card.ts';

type P = { L: T; card: Props['card']; url: string; owner: Record<string, number>; onSaved: () => Promise<void> };

export function AddCard({ L, card, url, owner, onSaved }: P) {
  const form = useAddCard({ card, url, owner, onSaved });
  const { busy, error } = form;
  return (
    <form
      className="card card-body stack"
      onSubmit={(e) => void form.submit(e)}
      aria-labelledby="pm-card-h"
      data-testid="pm-add-card"
      noValidate
    >
      <h2 id="pm-card-h">{L('addCard')}</h2>
      {card.provider === 'offline' && <p className="small muted">{L('cardTest')}</p>}
      <CardFields L={L} form={form} />
      {error && (
        <div className="alert alert-error" role="alert" data-testid="pm-card-error">
          {error}
        </div>
      )}
      <div>
        <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy} data-testid="pm-card-save">
          {busy ? L('saving') : L('saveCard')}
        </button>
      </div>
    </form>
  );
}

function CardFields({ L, form }: { L: T; form: AddCardState }) {
  const { number, setNumber, exp, setExp, cvc, setCvc, fields } = form;
  const bad = (k: string) => (fields[k] ? ' has-error' : '');
  return (
    <>
      <div className={`field${bad('number') || bad('card')}`}>
        <label htmlFor="pm-card-number">{L('cardNumber')}</label>
        <input
          id="pm-card-number"
          inputMode="numeric"
          autoComplete="cc-number"
          value={number}
          onChange={(e) => setNumber(e.target.value)}
          data-testid="pm-card-number"
          aria-invalid={!!(fields.number || fields.card)}
        />
      </div>
      <div className="grid grid-2">
        <div className={`field${bad('exp')}`}>
          <label htmlFor="pm-card-exp">{L('cardExp')}</label>
          <input
            id="pm-card-exp"
            autoComplete="cc-exp"
            placeholder="MM/YY"
            value={exp}
            onChange={(e) => setExp(e.target.value)}
            data-testid="pm-card-exp"
            aria-invalid={!!fields.exp}
          />
        </div>
        <div className={`field${bad('cvc')}`}>
          <label htmlFor="pm-card-cvc">{L('cardCvc')}</label>
          <input
            id="pm-card-cvc"
            inputMode="numeric"
            autoComplete="cc-csc"
            value={cvc}
            onChange={(e) => setCvc(e.target.value)}
            data-testid="pm-card-cvc"
            aria-invalid={!!fields.cvc}
          />
        </div>
      </div>
    </>
  );
}
