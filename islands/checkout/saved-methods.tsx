/**
 * Checkout's payment tab, the buyer's saved cards and verified bank accounts (GET
 * /{locale}/order/saved-methods, which leaves out what this store does not take), the default
 * chosen first, and "use a new card or another method". The choice goes up as
 * {id, paymentType}; place-order sends it as saved_method_id with payment type 1 (card) or 3 (bank).
 */
import { useEffect, useState } from 'react';
import { PAYMENT_TYPES } from '../../src/domain/constants.ts';
import { request } from '../lib/request.ts';
import { methodName, type Method } from '../payment-methods/shared.ts';

export type SavedChoice = { id: number; paymentType: number } | null;
type Reply = { methods: Method[]; manage_url: string; labels: Record<string, string> };

export function SavedMethods({
  hidden,
  locale,
  onChange,
}: {
  hidden: boolean;
  locale: string;
  onChange: (c: SavedChoice) => void;
}) {
  const [data, setData] = useState<Reply | null>(null);
  const [chosen, setChosen] = useState<number | 'new'>('new');

  useEffect(() => {
    if (hidden || data) return;
    request<Reply>('GET', `/${locale}/order/saved-methods`)
      .then((r) => {
        if (!r || !Array.isArray(r.methods)) return;
        setData(r);
        const first = r.methods.find((m) => m.is_default) ?? r.methods[0];
        if (first) choose(first.id, r.methods);
      })
      .catch((err) => console.error('saved payment methods failed', err)); // §8: a load failure keeps the other methods, no message
  }, [hidden]);

  const choose = (id: number | 'new', list = data?.methods ?? []) => {
    setChosen(id);
    const m = list.find((x) => x.id === id);
    onChange(m ? { id: m.id, paymentType: m.kind === 'bank' ? PAYMENT_TYPES.BANK : PAYMENT_TYPES.CARD } : null);
  };

  if (!data || !data.methods.length) return null;
  const L = (k: string, vars: Record<string, string | number> = {}) =>
    Object.entries(vars).reduce((s, [n, v]) => s.replaceAll(`{{${n}}}`, String(v)), data.labels[k] ?? k);
  return (
    <fieldset className="field saved-methods" data-testid="saved-methods">
      <legend className="label">{data.labels.legend}</legend>
      {data.methods.map((m) => (
        <label key={m.id}>
          <input
            type="radio"
            name="saved_method"
            value={m.id}
            checked={chosen === m.id}
            onChange={() => choose(m.id)}
            data-testid={`saved-${m.kind}-${m.last4}`}
          />
          <span>
            {methodName(L, m)}
            {m.exp ? ` · ${m.exp}` : ''}
            {m.is_default ? ` · ${data.labels.default}` : ''}
          </span>
        </label>
      ))}
      <label>
        <input
          type="radio"
          name="saved_method"
          value="new"
          checked={chosen === 'new'}
          onChange={() => choose('new')}
          data-testid="saved-new"
        />
        <span>{data.labels.new}</span>
      </label>
      <a className="small" href={data.manage_url}>
        {data.labels.manage}
      </a>
    </fieldset>
  );
}
