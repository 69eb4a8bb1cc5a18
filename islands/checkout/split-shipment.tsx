/**
 * The shipping tab's split-shipment choice, shown only when something is back-ordered: ship what
 * is in stock now and the rest when it arrives, or everything together (the default). The answer
 * is stored on the cart by the server (POST /{locale}/order/split-shipment); the price does not
 * change, so nothing is quoted again.
 */
import { useEffect, useState } from 'react';
import { showAlert } from '../lib/alerts.ts';
import { shownMessages } from '../lib/errors.ts';
import { request } from '../lib/request.ts';
import type { Lookup } from './parts.tsx';

export function SplitShipmentChoice(p: { L: Lookup; locale: string; orderId: number; split: boolean }) {
  const [split, setSplit] = useState(p.split);
  const [busy, setBusy] = useState(false);
  useEffect(() => setSplit(p.split), [p.split]);
  const change = async (next: boolean) => {
    const before = split;
    setSplit(next);
    setBusy(true);
    try {
      await request(
        'POST',
        `/${p.locale}/order/split-shipment`,
        { order_id: p.orderId, split_shipment: next },
        { json: true },
      );
    } catch (err) {
      setSplit(before);
      for (const m of shownMessages(err)) showAlert(m, 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <fieldset className="field split-shipment" data-testid="split-shipment" aria-describedby="split-hint">
      <legend>{p.L('split.legend')}</legend>
      <label className="check-field">
        <input
          type="radio"
          name="split_shipment"
          checked={!split}
          disabled={busy}
          onChange={() => void change(false)}
        />{' '}
        {p.L('split.together')}
      </label>
      <label className="check-field">
        <input type="radio" name="split_shipment" checked={split} disabled={busy} onChange={() => void change(true)} />{' '}
        {p.L('split.split')}
      </label>
      <p id="split-hint" className="small muted">
        {p.L('split.hint')}
      </p>
      {busy && (
        <p className="small muted" role="status">
          {p.L('split.saving')}
        </p>
      )}
    </fieldset>
  );
}
