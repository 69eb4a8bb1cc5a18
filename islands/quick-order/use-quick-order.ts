/**
 * The quick-order screen's state: the typed text, the checked rows and what is being sent. Every
 * check goes to the server (resolve); adding is all or nothing, and a refusal brings the verdicts back.
 */
import { type ChangeEvent, type FormEvent, useRef, useState } from 'react';
import { setCartCount } from '../behaviours/cart-count.ts';
import { shownMessages } from '../lib/errors.ts';
import { isAppRequestError, request } from '../lib/request.ts';
import { linesOf, type Resolved, type Row, toRows } from './lines.ts';

/** A CSV or text file bigger than this is refused before it is read. */
const MAX_FILE_BYTES = 200 * 1024;

/** A CSV or text file read in the browser into the box; one too big or unreadable is refused. */
function readTextFile(
  event: ChangeEvent<HTMLInputElement>,
  L: Record<string, string>,
  onError: (message: string) => void,
  onText: (content: string) => void,
) {
  const file = event.target.files?.[0];
  event.target.value = '';
  if (!file) return;
  if (file.size > MAX_FILE_BYTES) return onError(L['csv.tooLarge']);
  const reader = new FileReader();
  reader.onload = () => onText(typeof reader.result === 'string' ? reader.result : '');
  reader.onerror = () => onError(L['csv.unreadable']);
  reader.readAsText(file);
}

type Options = { resolveUrl: string; addUrl: string; labels: Record<string, string> };

export function useQuickOrder({ resolveUrl, addUrl, labels: L }: Options) {
  const [textValue, setText] = useState('');
  const [rows, setRows] = useState<Row[] | null>(null);
  const [busy, setBusy] = useState<'check' | 'add' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const tableRef = useRef<HTMLHeadingElement>(null);

  const okCount = rows?.filter((r) => r.status === 'ok').length ?? 0;
  const allOk = !!rows && rows.length > 0 && okCount === rows.length;

  async function resolve(body: Record<string, unknown>, focusTable = false) {
    setBusy('check');
    setError(null);
    try {
      const reply = await request<Resolved>('POST', resolveUrl, body, { json: true });
      setRows(toRows(reply.lines));
      if (focusTable) requestAnimationFrame(() => tableRef.current?.focus());
    } catch (err) {
      setError(shownMessages(err).join(' '));
    } finally {
      setBusy(null);
    }
  }

  function check(event: FormEvent) {
    event.preventDefault();
    void resolve({ text: textValue }, true);
  }

  function recheck(next: Row[]) {
    setRows(next);
    if (next.length) void resolve({ lines: linesOf(next) });
  }

  const readFile = (event: ChangeEvent<HTMLInputElement>) =>
    readTextFile(event, L, setError, (content) => {
      setText(content);
      void resolve({ text: content }, true);
    });

  async function addAll() {
    if (!rows || !allOk) return;
    setBusy('add');
    setError(null);
    try {
      await addToCart(addUrl, rows);
    } catch (err) {
      // Refused as a whole: the lines come back with their verdicts (something changed since the check).
      const body = isAppRequestError(err) ? (err.body as Partial<Resolved> | null) : null;
      if (body?.lines) setRows(toRows(body.lines));
      setError(shownMessages(err).join(' '));
      setBusy(null);
    }
  }

  const setQty = (line: number, qty: string) =>
    setRows((list) => list && list.map((r) => (r.line === line ? { ...r, qty } : r)));
  const clear = () => {
    setRows(null);
    setText('');
    setError(null);
  };

  const state = { textValue, setText, rows, busy, error, tableRef, okCount, allOk };
  return { ...state, check, recheck, readFile, addAll, setQty, clear };
}

export type QuickOrderState = ReturnType<typeof useQuickOrder>;

/** Every line into the cart at once, then on to where the server says. */
async function addToCart(addUrl: string, rows: Row[]) {
  const reply = await request<{ cart: { count: number }; redirect: string }>(
    'POST',
    addUrl,
    { lines: linesOf(rows) },
    { json: true },
  );
  setCartCount(reply.cart.count);
  window.location.assign(reply.redirect);
}
