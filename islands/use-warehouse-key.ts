/** A warehouse key's state: the key shown once after regenerating, the key being tested and the test's answer. */
import { useState } from 'react';
import { shownMessages } from './lib/errors.ts';
import { statusText, text as islandText } from './lib/text.ts';
import { apiToken } from './lib/dom.ts';
import { messagesOf, request } from './lib/request.ts';
import { showAlert } from './lib/alerts.ts';

export type TestResult = { ok: boolean; text: string };

/** Asks the warehouse API for the key's answer, with the key as bearer token and no session cookie. */
async function testAnswer(testUrl: string, key: string, userId: number): Promise<TestResult> {
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
  return { ok: res.status === 200, text: message || statusText(res.status) };
}

export function useWarehouseKey(regenUrl: string, testUrl: string, userId: number) {
  const [fresh, setFresh] = useState<string | null>(null);
  const [key, setKey] = useState('');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<TestResult | null>(null);

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
      setResult(await testAnswer(testUrl, key, userId));
    } catch {
      showAlert(islandText('networkError'), 'error');
    } finally {
      setBusy(false);
    }
  };

  return { fresh, key, setKey, busy, result, regen, test };
}
