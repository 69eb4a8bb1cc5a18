/** The add-card form's state: the number goes to the provider's tokenisation endpoint, only the token to us. */
import { type FormEvent, useState } from 'react';
import { parseCardExpiry } from '../../src/domain/card-expiry.ts';
import { shownMessages } from '../lib/errors.ts';
import { request } from '../lib/request.ts';
import { fieldsOf, type Props } from './shared.ts';

type Options = { card: Props['card']; url: string; owner: Record<string, number>; onSaved: () => Promise<void> };

export function useAddCard({ card, url, owner, onSaved }: Options) {
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

  return { number, setNumber, exp, setExp, cvc, setCvc, busy, error, fields, submit };
}

export type AddCardState = ReturnType<typeof useAddCard>;
