/**
 * A warehouse's API key (spec §5 confirmation text, §7 regenkey / test-key, §8 red/green result):
 * regenerate after the exact confirmation, show the new key once; test a key with the bearer token
 * plus the X-User-Id header: a non-200 answer's text in red, success in green.
 */
import { useWarehouseKey, type TestResult } from './use-warehouse-key.ts';

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
  const { fresh, key, setKey, busy, result, regen, test } = useWarehouseKey(regenUrl, testUrl, userId);

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
      <KeyTester code={code} L={L} value={key} setKey={setKey} busy={busy} test={test} />
      {result ? <KeyResult result={result} /> : null}
    </div>
  );
}

type KeyTesterProps = {
  code: string;
  L: Record<string, string>;
  value: string;
  setKey: (key: string) => void;
  busy: boolean;
  test: () => Promise<void>;
};

/** The key to test and its button. */
function KeyTester({ code, L, value, setKey, busy, test }: KeyTesterProps) {
  return (
    <div className="pe-inline">
      <label className="visually-hidden" htmlFor={`key-${code}`}>
        {L.testKey}
      </label>
      <input
        id={`key-${code}`}
        type="password"
        autoComplete="off"
        placeholder={L.testKey}
        value={value}
        onChange={(e) => setKey(e.target.value)}
        data-testid="key-input"
      />
      <button
        type="button"
        className="btn btn-ghost btn-sm"
        onClick={() => void test()}
        disabled={busy || !value.trim()}
        data-testid="key-test"
      >
        {busy ? L.testing : L.test}
      </button>
    </div>
  );
}

/** The test's answer: in green when the key works, the refusal's text in red otherwise. */
function KeyResult({ result }: { result: TestResult }) {
  return (
    <p
      className={result.ok ? 'key-result-ok' : 'key-result-fail'}
      role="status"
      data-testid="key-result"
      data-ok={result.ok ? 'true' : 'false'}
    >
      {result.text}
    </p>
  );
}
