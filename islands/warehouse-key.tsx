/**
 * A warehouse's API key (spec §5 confirmation text, §7 regenkey / test-key, §8 red/green result):
 * regenerate after the exact confirmation, show the new key once; test a key with the bearer token
 * plus the X-User-Id header: a non-200 answer's text in red, success in green.
 */
import { shownMessages } from './lib/errors.ts';
import { statusText, text as islandText } from './lib/text.ts';
import { useState } from 'react';
import { apiToken } from './lib/dom.ts';
import { messagesOf, request } from './lib/request.ts';
import { showAlert } from './lib/alerts.ts';

export type Props = {
  regenUrl: string;
  testUrl: string;
  userId: number;
  code: string;
  last4: string | null;
  canRegen: boolean;
  labels: Record<string, string>;
};

export default function WarehouseKey({ regenUrl, testUrl, userId, code, last4, canRegen, labels: L }: Props) {
  const [fresh, setFresh] = useState<string | null>(null);
  const [key, setKey] = useState('');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);

  const regen = async () => {
    if (!window.confirm(islandText('regenerateConfirm'))) return;
    setBusy(true);
    try {
      const r = await request<{ token: string }>(
        'POST',
        regenUrl,
        {},
        { bearer: apiToken(), headers: { 'X-User-Id': String(userId) } },
      );
      setFresh(r.token);
      setKey(r.token);
      setResult(null);
    } catch (e) {
      showAlert(shownMessages(e)[0], 'error');
    } finally {
      setBusy(false);
    }
  };

  const test = async () => {
    setBusy(true);
    setResult(null);
    try {
      const res = await fetch(testUrl, {
        headers: {
          Authorization: `Bearer ${key.trim()}`,
          'X-User-Id': String(userId),
          Accept: 'application/json',
          'X-Requested-With': 'XMLHttpRequest',
        },
        credentials: 'omit',
      });
      const text = await res.text();
      let message = text;
      try {
        message = messagesOf(JSON.parse(text))[0] ?? text;
      } catch {
        /* plain text */
      }
      setResult({ ok: res.status === 200, text: message || statusText(res.status) });
    } catch {
      showAlert(islandText('networkError'), 'error');
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="stack">
      <p className="muted" data-testid="key-ending">
        {last4 || fresh ? L.keyEnding.replace('{{last4}}', (fresh ?? '').slice(-4) || last4 || '') : L.noKey}
      </p>
      {canRegen ? (
        <div>
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            onClick={() => void regen()}
            disabled={busy}
            data-testid="key-regen"
          >
            {L.regen}
          </button>
        </div>
      ) : null}
      {fresh ? (
        <div className="alert alert-warning" role="status">
          <p>{L.copyOnce}</p>
          <code data-testid="key-fresh" className="ta-code" style={{ wordBreak: 'break-all' }}>
            {fresh}
          </code>
        </div>
      ) : null}
      <div className="pe-inline">
        <label className="visually-hidden" htmlFor={`key-${code}`}>
          {L.testKey}
        </label>
        <input
          id={`key-${code}`}
          type="password"
          autoComplete="off"
          placeholder={L.testKey}
          value={key}
          onChange={(e) => setKey(e.target.value)}
          data-testid="key-input"
        />
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          onClick={() => void test()}
          disabled={busy || !key.trim()}
          data-testid="key-test"
        >
          {busy ? L.testing : L.test}
        </button>
      </div>
      {result ? (
        <p
          className={result.ok ? 'key-result-ok' : 'key-result-fail'}
          role="status"
          data-testid="key-result"
          data-ok={result.ok ? 'true' : 'false'}
        >
          {result.text}
        </p>
      ) : null}
    </div>
  );
}
