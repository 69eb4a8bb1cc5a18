/** The micro-deposit verify form of one bank account: both amounts, as the statement shows them. */
import { shownMessages } from '../lib/errors.ts';
import { useState, type FormEvent } from 'react';
import { request } from '../lib/request.ts';
import { fieldsOf, type Method, type T } from './shared.ts';

type P = {
  L: T;
  url: string;
  method: Method;
  statementUrl: string | null;
  onDone: (message: string, ok: boolean) => Promise<void>;
};

export function VerifyBank({ L, url, method, statementUrl, onDone }: P) {
  const [a1, setA1] = useState('');
  const [a2, setA2] = useState('');
  const [busy, setBusy] = useState(false);
  const [fields, setFields] = useState<Record<string, string>>({});
  const id = `pm-verify-${method.id}`;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setFields({});
    try {
      await request('POST', url, { amount_1: a1, amount_2: a2 }, { json: true });
      await onDone(L('verified'), true);
    } catch (err) {
      setFields(fieldsOf(err));
      setA1('');
      setA2('');
      await onDone(shownMessages(err)[0], false);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className="pm-verify stack"
      onSubmit={(e) => void submit(e)}
      aria-labelledby={`${id}-h`}
      data-testid="pm-verify"
      noValidate
    >
      <h3 id={`${id}-h`}>{L('verifyTitle')}</h3>
      <p className="small muted">
        {L('verifyHelp')}
        {statementUrl ? (
          <>
            {' '}
            <a href={statementUrl} target="_blank" rel="noopener" data-testid="pm-statement">
              {L('statement')}
            </a>
          </>
        ) : null}
      </p>
      <div className="grid grid-2">
        <div className={`field${fields.amount_1 ? ' has-error' : ''}`}>
          <label htmlFor={`${id}-1`}>{L('amount1')}</label>
          <input
            id={`${id}-1`}
            inputMode="decimal"
            placeholder="0.00"
            value={a1}
            onChange={(e) => setA1(e.target.value)}
            data-testid="pm-amount-1"
            aria-invalid={!!fields.amount_1}
          />
        </div>
        <div className={`field${fields.amount_2 ? ' has-error' : ''}`}>
          <label htmlFor={`${id}-2`}>{L('amount2')}</label>
          <input
            id={`${id}-2`}
            inputMode="decimal"
            placeholder="0.00"
            value={a2}
            onChange={(e) => setA2(e.target.value)}
            data-testid="pm-amount-2"
            aria-invalid={!!fields.amount_2}
          />
        </div>
      </div>
      <div>
        <button type="submit" className="btn" disabled={busy} aria-busy={busy} data-testid="pm-verify-submit">
          {L('verify')}
        </button>
      </div>
    </form>
  );
}
