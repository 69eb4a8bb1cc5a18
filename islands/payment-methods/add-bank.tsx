/**
 * "Bank account micro-deposit add": first a link token from our server (GET /api/plaid/link-token),
 * then the routing and account numbers go to the bank link's own endpoint (the offline sandbox's
 * hosted form; Plaid Link's window for Plaid), which answers a one-time public token. Only that
 * token comes to our route, which stores the last four digits and the provider's reference.
 */
import { shownMessages } from '../lib/errors.ts';
import { useState, type FormEvent } from 'react';
import { request } from '../lib/request.ts';
import { fieldsOf, type Props, type T } from './shared.ts';
import { openPlaidLink } from './plaid-link.ts';

type P = { L: T; bank: Props['bank']; url: string; owner: Record<string, number>; onSaved: () => Promise<void> };

export function AddBank({ L, bank, url, owner, onSaved }: P) {
  const [routing, setRouting] = useState('');
  const [account, setAccount] = useState('');
  const [holder, setHolder] = useState('');
  const [type, setType] = useState<'checking' | 'savings'>('checking');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [fields, setFields] = useState<Record<string, string>>({});

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy || !bank.accountsUrl) return;
    setBusy(true);
    setError('');
    setFields({});
    try {
      const { link_token } = await request<{ link_token: string }>('GET', bank.linkTokenUrl);
      const linked = await request<{ public_token: string }>(
        'POST',
        bank.accountsUrl,
        {
          link_token,
          routing_number: routing.replace(/\s+/g, ''),
          account_number: account.replace(/\s+/g, ''),
          account_holder: holder,
          account_type: type,
        },
        { json: true },
      );
      await request('POST', url, { ...owner, public_token: linked.public_token }, { json: true });
      setRouting('');
      setAccount('');
      setHolder('');
      await onSaved();
    } catch (err) {
      setFields(fieldsOf(err));
      setError(shownMessages(err)[0]);
    } finally {
      setBusy(false);
    }
  };

  /** Plaid: Link opens with our link token; its public token goes to our exchange route. */
  const linkWithPlaid = async () => {
    if (busy) return;
    setBusy(true);
    setError('');
    try {
      const { link_token } = await request<{ link_token: string }>('GET', bank.linkTokenUrl);
      const publicToken = await openPlaidLink(link_token);
      if (publicToken) {
        await request('POST', url, { ...owner, public_token: publicToken }, { json: true });
        await onSaved();
      }
    } catch (err) {
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
      aria-labelledby="pm-bank-h"
      data-testid="pm-add-bank"
      noValidate
    >
      <h2 id="pm-bank-h">{L('addBank')}</h2>
      {!bank.accountsUrl ? (
        <>
          <p className="muted">{L('bankPlaid')}</p>
          {error && (
            <div className="alert alert-error" role="alert" data-testid="pm-bank-error">
              {error}
            </div>
          )}
          <div>
            <button
              type="button"
              className="btn btn-primary"
              disabled={busy}
              aria-busy={busy}
              onClick={() => void linkWithPlaid()}
              data-testid="pm-plaid-link"
            >
              {busy ? L('saving') : L('linkBank')}
            </button>
          </div>
        </>
      ) : (
        <>
          {bank.provider === 'offline' && <p className="small muted">{L('bankTest')}</p>}
          <div className={`field${bad('routing_number')}`}>
            <label htmlFor="pm-routing">{L('routing')}</label>
            <input
              id="pm-routing"
              inputMode="numeric"
              autoComplete="off"
              value={routing}
              onChange={(e) => setRouting(e.target.value)}
              data-testid="pm-routing"
              aria-invalid={!!fields.routing_number}
            />
            {fields.routing_number && <p className="field-error small">{fields.routing_number}</p>}
          </div>
          <div className={`field${bad('account_number')}`}>
            <label htmlFor="pm-account">{L('account')}</label>
            <input
              id="pm-account"
              inputMode="numeric"
              autoComplete="off"
              value={account}
              onChange={(e) => setAccount(e.target.value)}
              data-testid="pm-account"
              aria-invalid={!!fields.account_number}
            />
            {fields.account_number && <p className="field-error small">{fields.account_number}</p>}
          </div>
          <div className="grid grid-2">
            <div className={`field${bad('account_holder')}`}>
              <label htmlFor="pm-holder">{L('holder')}</label>
              <input
                id="pm-holder"
                autoComplete="name"
                value={holder}
                onChange={(e) => setHolder(e.target.value)}
                data-testid="pm-holder"
                aria-invalid={!!fields.account_holder}
              />
            </div>
            <div className="field">
              <label htmlFor="pm-type">{L('accountType')}</label>
              <select
                id="pm-type"
                value={type}
                onChange={(e) => setType(e.target.value as 'checking' | 'savings')}
                data-testid="pm-account-type"
              >
                <option value="checking">{L('checking')}</option>
                <option value="savings">{L('savings')}</option>
              </select>
            </div>
          </div>
          {error && (
            <div className="alert alert-error" role="alert" data-testid="pm-bank-error">
              {error}
            </div>
          )}
          <div>
            <button
              type="submit"
              className="btn btn-primary"
              disabled={busy}
              aria-busy={busy}
              data-testid="pm-bank-save"
            >
              {busy ? L('saving') : L('linkBank')}
            </button>
          </div>
        </>
      )}
    </form>
  );
}
