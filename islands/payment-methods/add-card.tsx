/**
 * "Add user payment": the card goes to the card provider's tokenisation endpoint (the offline
 * sandbox's, or the provider's), exactly as Stripe Elements hands it to Stripe; our route gets
 * only the one-time token and makes it reusable. The number never reaches our routes.
 */
import { parseCardExpiry } from '../../src/domain/card-expiry.ts';
import { shownMessages } from '../lib/errors.ts';
import { useState, type FormEvent } from 'react';
import { request } from '../lib/request.ts';
import { fieldsOf, type Props, type T } from './shared.ts';

type P = { L: T; card: Props['card']; url: string; owner: Record<string, number>; onSaved: () => Promise<void> };

export function AddCard({ L, card, url, owner, onSaved }: P) {
  const [number, setNumber] = useState('');
  const [exp, setExp] = useState('');
  const [cvc, setCvc] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [fields, setFields] = useState<Record<string, string>>({});

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setError('');
    setFields({});
    try {
      const expiry = parseCardExpiry(exp); // "1229" and "12/29" alike; the provider says what is wrong with the rest
      const t = await request<{ token: string }>(
        'POST',
        card.tokenizeUrl,
        { number: number.replace(/\s+/g, ''), exp_month: expiry?.month ?? 0, exp_year: expiry?.year ?? 0, cvc },
        { json: true },
      );
      await request('POST', url, { ...owner, token: t.token }, { json: true });
      setNumber('');
      setExp('');
      setCvc('');
      await onSaved();
    } catch (err) {
      setFields(fieldsOf(err));
      setError(shownMessages(err)[0]);
    } finally {
      setBusy(false);
    }
  };

  const bad = (k: string) => (fields[k] ? ' has-error' : '');
  return (
    <form
      className="card card-body stack"
      onSubmit={(e) => void submit(e)}
      aria-labelledby="pm-card-h"
      data-testid="pm-add-card"
      noValidate
    >
      <h2 id="pm-card-h">{L('addCard')}</h2>
      {card.provider === 'offline' && <p className="small muted">{L('cardTest')}</p>}
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
