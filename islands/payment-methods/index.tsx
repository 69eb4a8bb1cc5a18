/**
 * "Edit user payments": the user's saved cards and bank accounts, each with make
 * default, remove (after a confirmation) and, for a bank account awaiting its deposits, the
 * micro-deposit verify form; below, "add user payment" (a card, tokenised at the card provider's
 * endpoint) and "bank account micro-deposit add" (numbers to the bank link, a public token to us).
 * Staff with customers.edit see the same screen for a customer (user_id in every call).
 */
import { AddBank } from './add-bank.tsx';
import { AddCard } from './add-card.tsx';
import { MethodItem } from './method-item.tsx';
import type { Props, T } from './shared.ts';
import { usePaymentMethods } from './use-payment-methods.ts';

export type { Props } from './shared.ts';

export default function PaymentMethods(props: Props) {
  const { userId, canEdit, labels } = props;
  const L: T = (k, vars) =>
    Object.entries(vars ?? {}).reduce((s, [n, v]) => s.replaceAll(`{{${n}}}`, String(v)), labels[k] ?? k);
  const pm = usePaymentMethods(props, L);
  const { methods, status, error, api, reload, say } = pm;
  const owner: Record<string, number> = props.self ? {} : { user_id: userId };

  return (
    <div className="stack pm">
      <div
        role="status"
        aria-live="polite"
        className={status ? 'alert alert-success' : 'visually-hidden'}
        data-testid="pm-status"
      >
        {status}
      </div>
      {error && (
        <div className="alert alert-error" role="alert" data-testid="pm-error">
          {error}
        </div>
      )}
      <section className="card" aria-labelledby="pm-list-h">
        <div className="card-head">
          <h2 id="pm-list-h">{L('saved.legend')}</h2>
        </div>
        {methods.length === 0 ? (
          <div className="card-body">
            <p className="muted" data-testid="pm-empty">
              {L('empty')}
            </p>
          </div>
        ) : (
          <ul className="pm-list" data-testid="pm-list">
            {methods.map((m) => (
              <MethodItem key={m.id} L={L} m={m} canEdit={canEdit} statementUrl={props.bank.statementUrl} pm={pm} />
            ))}
          </ul>
        )}
      </section>
      {canEdit && (
        <div className="grid grid-2 pm-add">
          <AddCard
            L={L}
            card={props.card}
            url={`${api}/cards`}
            owner={owner}
            onSaved={async () => {
              await reload();
              say(L('cardSaved'));
            }}
          />
          <AddBank
            L={L}
            bank={props.bank}
            url={`${api}/bank-accounts`}
            owner={owner}
            onSaved={async () => {
              await reload();
              say(L('bankAdded'));
            }}
          />
        </div>
      )}
    </div>
  );
}
