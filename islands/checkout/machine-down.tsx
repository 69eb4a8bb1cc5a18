/**
 * The "machine down" box of the shipping tab. Ticking it asks the server (POST
 * /{locale}/order/machine-down) to mark the cart and quote again: the answer is the shipping now
 * offered (each warehouse's fastest only) with the totals, never a price worked out here.
 */
import { useEffect, useState } from 'react';
import type { ShippingReply } from '../../src/domain/checkout-props.ts';
import { showAlert } from '../lib/alerts.ts';
import { shownMessages } from '../lib/errors.ts';
import { request } from '../lib/request.ts';
import type { Lookup } from './parts.tsx';

type Totals = { subtotal: string; shipping: string; tax: string; discount: string; total: string };
export type MachineDownReply = { shipping: ShippingReply | null; totals: Totals | null };

/** The shipping tab's answer to the box: the quotes now offered, no method saved yet, the server's totals. */
export function machineDownReplied(
  setShipping: (r: ShippingReply) => void,
  shipped: (ids: number[], totals: Totals | null) => void,
) {
  return (r: MachineDownReply) => {
    if (r.shipping) setShipping(r.shipping);
    shipped([], r.totals);
  };
}

export function MachineDownBox(p: {
  L: Lookup;
  locale: string;
  orderId: number;
  checked: boolean;
  onReply: (r: MachineDownReply) => void;
}) {
  const [on, setOn] = useState(p.checked);
  const [busy, setBusy] = useState(false);
  useEffect(() => setOn(p.checked), [p.checked]);
  const change = async (next: boolean) => {
    setOn(next);
    setBusy(true);
    try {
      const r = await request<MachineDownReply>(
        'POST',
        `/${p.locale}/order/machine-down`,
        { order_id: p.orderId, machine_down: next },
        { json: true },
      );
      p.onReply(r);
    } catch (err) {
      setOn(!next);
      for (const m of shownMessages(err)) showAlert(m, 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="field machine-down" data-testid="machine-down">
      <label className="check-field">
        <input
          type="checkbox"
          checked={on}
          disabled={busy}
          aria-describedby="md-hint"
          onChange={(e) => void change(e.target.checked)}
        />{' '}
        {p.L('md.checkout.label')}
      </label>
      <p id="md-hint" className="small muted">
        {p.L('md.checkout.hint')}
      </p>
      {busy && (
        <p className="small muted" role="status">
          {p.L('md.checkout.updating')}
        </p>
      )}
    </div>
  );
}
