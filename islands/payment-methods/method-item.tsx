/** One saved card or bank account: its name and badges, make default and remove, and the verify form. */
import { type Method, methodName, type T } from './shared.ts';
import type { PaymentMethodsState } from './use-payment-methods.ts';
import { VerifyBank } from './verify-bank.tsx';

type Props = { L: T; m: Method; canEdit: boolean; statementUrl: string | null; pm: PaymentMethodsState };

export function MethodItem({ L, m, canEdit, statementUrl, pm }: Props) {
  return (
    <li
      className="pm-item"
      data-testid="pm-item"
      data-kind={m.kind}
      data-status={m.status}
      data-last4={m.last4}
      data-id={m.id}
    >
      <MethodSummary L={L} m={m} />
      {canEdit && <MethodActions L={L} m={m} pm={pm} />}
      {canEdit && m.kind === 'bank' && m.status === 'pending' && (
        <VerifyBank
          L={L}
          url={`${pm.api}/methods/${m.id}/verify`}
          method={m}
          statementUrl={statementUrl}
          onDone={async (msg, ok) => {
            await pm.reload();
            if (ok) pm.say(msg);
            else pm.fail(msg);
          }}
        />
      )}
    </li>
  );
}

function MethodSummary({ L, m }: { L: T; m: Method }) {
  return (
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
  );
}

function MethodActions({ L, m, pm }: { L: T; m: Method; pm: PaymentMethodsState }) {
  return (
    <div className="pm-actions">
      {!m.is_default && m.usable && (
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          disabled={pm.busy === m.id}
          onClick={() => void pm.makeDefault(m)}
          data-testid="pm-make-default"
        >
          {L('makeDefault')}
        </button>
      )}
      <button
        type="button"
        className="btn btn-ghost btn-sm btn-danger"
        disabled={pm.busy === m.id}
        onClick={() => void pm.remove(m)}
        data-testid="pm-remove"
        aria-label={`${L('remove')}: ${methodName(L, m)}`}
      >
        {L('remove')}
      </button>
    </div>
  );
}
