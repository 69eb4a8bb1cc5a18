/** The order editor's details card: status, PO number, attention, notes, tax exemption, shipping method. */
import type { EditorLabels } from '../../src/domain/order-edit-labels.ts';
import type { OrderJson } from '../../src/domain/order-edit.ts';
import { shipmentMethodLabel } from '../../src/domain/shipping.ts';
import type { Draft, Fields } from './draft.ts';
import type { Tins } from './use-order-editor.ts';

type Props = {
  labels: EditorLabels;
  statuses: { value: string; label: string }[];
  order: OrderJson;
  draft: Draft;
  tins: Tins;
  busy: boolean;
  setField: (k: keyof Fields, v: string) => void;
  change: (next: Draft) => Promise<void>;
};

/** The tax exemption choice; '0' is "not exempt". */
function TinSelect({ labels, order, draft, tins, busy, change }: Props & { tins: NonNullable<Tins> }) {
  const tinValue =
    draft.tin !== undefined
      ? draft.tin === ''
        ? '0'
        : draft.tin
      : order.tax_exempt
        ? (order.tax_exempt_id ?? '')
        : '0';
  return (
    <div className="field" data-testid="editor-tins">
      <label htmlFor="oe-tin">{labels.taxExemption}</label>
      <select
        id="oe-tin"
        value={tinValue}
        disabled={busy}
        onChange={(e) => void change({ ...draft, tin: e.target.value === '0' ? '' : e.target.value })}
        data-testid="editor-tin"
      >
        <option value="0">{labels.notExempt}</option>
        {tins.map((x) => (
          <option key={x.tax_exempt_id} value={x.tax_exempt_id}>
            {x.name} ({x.tax_exempt_id})
          </option>
        ))}
      </select>
    </div>
  );
}

/** The shipping method, and its removal (asked first; it goes with the save). */
function ShippingMethod({ labels, order, draft, busy, change }: Props) {
  const shipmentMethod = draft.removeShipping ? null : order.shipment_method;
  return (
    <div className="field">
      <span className="label">{labels.shippingMethod}</span>
      <div className="shipping-row">
        <span data-testid="editor-shipment-method">
          {shipmentMethodLabel(shipmentMethod, order.shipment_quotes) ?? labels.noShippingMethod}
        </span>
        {shipmentMethod ? (
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            disabled={busy}
            onClick={() => {
              if (window.confirm(labels.confirmRemoveShipping)) void change({ ...draft, removeShipping: true });
            }}
            data-testid="editor-remove-shipping"
          >
            {labels.removeShipping}
          </button>
        ) : null}
      </div>
    </div>
  );
}

export function DetailsCard(props: Props) {
  const { labels, statuses, draft, tins, setField } = props;
  const statusLabel = (s: string) => statuses.find((x) => x.value === s)?.label ?? s;
  return (
    <section className="card" aria-labelledby="oe-details-h">
      <div className="card-head">
        <h2 id="oe-details-h">{labels.details}</h2>
      </div>
      <div className="card-body form">
        <div className="form-row">
          <div className="field">
            <label htmlFor="oe-status">{labels.status}</label>
            <select
              id="oe-status"
              value={draft.fields.status}
              onChange={(e) => setField('status', e.target.value)}
              data-testid="editor-status"
            >
              {statuses.map((s) => (
                <option key={s.value} value={s.value}>
                  {statusLabel(s.value)}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="oe-po">{labels.po}</label>
            <input
              id="oe-po"
              maxLength={60}
              value={draft.fields.po_number}
              onChange={(e) => setField('po_number', e.target.value)}
              data-testid="editor-po"
            />
          </div>
          <div className="field">
            <label htmlFor="oe-attention">{labels.attention}</label>
            <input
              id="oe-attention"
              maxLength={120}
              value={draft.fields.attention}
              onChange={(e) => setField('attention', e.target.value)}
            />
          </div>
        </div>
        <div className="field">
          <label htmlFor="oe-notes">{labels.notes}</label>
          <textarea
            id="oe-notes"
            maxLength={4000}
            value={draft.fields.notes}
            onChange={(e) => setField('notes', e.target.value)}
            data-testid="editor-notes"
          />
        </div>
        <div className="form-row">
          {tins ? <TinSelect {...props} tins={tins} /> : null}
          <ShippingMethod {...props} />
        </div>
      </div>
    </section>
  );
}
