/**
 * "Edit user payments": the user's saved cards and bank accounts, each with make
 * default, remove (after a confirmation) and, for a bank account awaiting its deposits, the
 * micro-deposit verify form; below, "add user payment" (a card, tokenised at the card provider's
 * endpoint) and "bank account micro-deposit add" (numbers to the bank link, a public token to us).
 * Staff with customers.edit see the same screen for a customer (user_id in every call).
 */
import { shownMessages } from '../lib/errors.ts';
import { useState } from 'react';
import { request } from '../lib/request.ts';
import { AddBank } from './add-bank.tsx';
import { AddCard } from './add-card.tsx';
import { VerifyBank } from './verify-bank.tsx';
import { methodName, type Method, type Props, type T } from './shared.ts';

export type { Props } from './shared.ts';

export default function PaymentMethods(props: Props) {
  const { locale, userId, canEdit, labels } = props;
  const L: T = (k, vars) =>
    Object.entries(vars ?? {}).reduce((s, [n, v]) => s.replaceAll(`{{${n}}}`, String(v)), labels[k] ?? k);
  const [methods, setMethods] = useState<Method[]>(props.methods);
  const [status, setStatus] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState<number | null>(null);
  const api = `/${locale}/account/payment`;
  const owner: Record<string, number> = props.self ? {} : { user_id: userId };

  const reload = async () => {
    const r = await request<{ methods: Method[] }>('GET', `${api}/methods${props.self ? '' : `?user_id=${userId}`}`);
    setMethods(r.methods);
  };
  const say = (msg: string) => {
    setError('');
    setStatus(msg);
  };
  const fail = (e: unknown) => {
    setStatus('');
    setError(shownMessages(e)[0]);
  };

  const makeDefault = async (m: Method) => {
    setBusy(m.id);
    try {
      await request('POST', `${api}/methods/${m.id}/default`, {}, { json: true });
      await reload();
      say(`${methodName(L, m)}: ${L('default')}`);
    } catch (e) {
      fail(e);
    } finally {
      setBusy(null);
    }
  };

  const remove = async (m: Method) => {
    if (!window.confirm(L('removeConfirm', { name: methodName(L, m) }))) return;
    setBusy(m.id);
    try {
      await request('DELETE', `${api}/methods/${m.id}`, {}, { json: true });
      await reload();
      say(L('removed'));
    } catch (e) {
      fail(e);
    } finally {
      setBusy(null);
    }
  };

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
              <li
                key={m.id}
                className="pm-item"
                data-testid="pm-item"
                data-kind={m.kind}
                data-status={m.status}
                data-last4={m.last4}
                data-id={m.id}
              >
                <div className="pm-main">
                  <strong>{methodName(L, m)}</strong>
                  <span className="pm-badges">
                    {m.is_default && (
                      <span className="badge badge-processing" data-testid="pm-default">
                        {L('default')}
                      </span>
                    )}
                    {m.kind === 'bank' && (
                      <span
                        className={`badge badge-${m.status === 'verified' ? 'completed' : m.status === 'locked' ? 'cancelled' : 'pending'}`}
                        data-testid="pm-bank-status"
                      >
                        {L(`status.${m.status}`)}
                      </span>
                    )}
                  </span>
                  <span className="small muted">
                    {m.exp ? L('expires', { exp: m.exp }) : (m.holder_name ?? '')}
                    {m.kind === 'bank' && m.status === 'pending' && m.attempts_left !== null
                      ? ` · ${L('triesLeft', { n: m.attempts_left })}`
                      : ''}
                  </span>
                  {m.status === 'locked' && (
                    <span className="small pm-locked" data-testid="pm-locked">
                      {L('lockedHelp')}
                    </span>
                  )}
                </div>
                {canEdit && (
                  <div className="pm-actions">
                    {!m.is_default && m.usable && (
                      <button
                        type="button"
                        className="btn btn-ghost btn-sm"
                        disabled={busy === m.id}
                        onClick={() => void makeDefault(m)}
                        data-testid="pm-make-default"
                      >
                        {L('makeDefault')}
                      </button>
                    )}
                    <button
                      type="button"
                      className="btn btn-ghost btn-sm btn-danger"
                      disabled={busy === m.id}
                      onClick={() => void remove(m)}
                      data-testid="pm-remove"
                      aria-label={`${L('remove')}: ${methodName(L, m)}`}
                    >
                      {L('remove')}
                    </button>
                  </div>
                )}
                {canEdit && m.kind === 'bank' && m.status === 'pending' && (
                  <VerifyBank
                    L={L}
                    url={`${api}/methods/${m.id}/verify`}
                    method={m}
                    statementUrl={props.bank.statementUrl}
                    onDone={async (msg, ok) => {
                      await reload();
                      if (ok) say(msg);
                      else fail(msg);
                    }}
                  />
                )}
              </li>
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
