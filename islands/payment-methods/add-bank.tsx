/**
 * "Bank account micro-deposit add": first a link token from our server (GET /api/plaid/link-token),
 * then the routing and account numbers go to the bank link's own endpoint (the offline sandbox's
 * hosted form; Plaid Link's window for Plaid), which answers a one-time public token. Only that
 * token comes to our route, which stores the last four digits and the provider's reference.
 */
import type { Props, T } from './shared.ts';
import { type AccountType, type AddBankState, useAddBank } from './use-add-bank.ts';

type P = { L: T; bank: Props['bank']; url: string; owner: Record<string, number>; onSaved: () => Promise<void> };

export function AddBank({ L, bank, url, owner, onSaved }: P) {
  const form = useAddBank({ bank, url, owner, onSaved });
  return (
    <form
      className="card card-body stack"
      onSubmit={(e) => void form.submit(e)}
      aria-labelledby="pm-bank-h"
      data-testid="pm-add-bank"
      noValidate
    >
      <h2 id="pm-bank-h">{L('addBank')}</h2>
      {!bank.accountsUrl ? <PlaidLinkBody L={L} form={form} /> : <NumbersBody L={L} bank={bank} form={form} />}
    </form>
  );
}

function BankError({ error }: { error: string }) {
  return error ? (
    <div className="alert alert-error" role="alert" data-testid="pm-bank-error">
      {error}
    </div>
  ) : null;
}

function PlaidLinkBody({ L, form }: { L: T; form: AddBankState }) {
  const { busy, error, linkWithPlaid } = form;
  return (
    <>
      <p className="muted">{L('bankPlaid')}</p>
      <BankError error={error} />
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
  );
}

function NumbersBody({ L, bank, form }: { L: T; bank: Props['bank']; form: AddBankState }) {
  const { busy, error } = form;
  return (
    <>
      {bank.provider === 'offline' && <p className="small muted">{L('bankTest')}</p>}
      <NumberFields L={L} form={form} />
      <HolderFields L={L} form={form} />
      <BankError error={error} />
      <div>
        <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy} data-testid="pm-bank-save">
          {busy ? L('saving') : L('linkBank')}
        </button>
      </div>
    </>
  );
}

function NumberFields({ L, form }: { L: T; form: AddBankState }) {
  const { routing, setRouting, account, setAccount, fields } = form;
  const bad = (k: string) => (fields[k] ? ' has-error' : '');
  return (
    <>
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
    </>
  );
}

function HolderFields({ L, form }: { L: T; form: AddBankState }) {
  const { holder, setHolder, type, setType, fields } = form;
  return (
    <div className="grid grid-2">
      <div className={`field${fields.account_holder ? ' has-error' : ''}`}>
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
          onChange={(e) => setType(e.target.value as AccountType)}
          data-testid="pm-account-type"
        >
          <option value="checking">{L('checking')}</option>
          <option value="savings">{L('savings')}</option>
        </select>
      </div>
    </div>
  );
}
