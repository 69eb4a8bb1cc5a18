/**
 * The staff order editor (spec §4 "Order editing", §5, §7 "Orders (staff)", §8).
 *
 * - A draft: every change (lines added through the typeahead with a temporary 'new-N'
 *   id, removed, quantity −/+ by 1 never below 1, tax exemption, shipping removal, status, PO…)
 *   is kept here until "Save order". Each change is priced by the server without writing the order
 *   (a stored line's −/+ through PUT update-item, anything else through POST …/draft); the figures
 *   show the draft as the one ledger reads it (ledger-view.ts), '...' while it is being priced.
 * - "Save order" sends the whole draft to update: one transaction with the version check (a stale
 *   version is 409 with the server's words). "Discard changes" goes back to the saved order; leaving
 *   with unsaved changes asks first (leave-guard.ts).
 * - Save sends every kept line and the removed ids; with no product line it is refused here and by
 *   the server with 'An order requires line items'. Failures alert 'Failed to update order, check
 *   console log for details', except the server's own words for a stale save (409) or a rule.
 * - Status, PO number, attention, notes, tax exemption (the tins list; hidden when it fails to load)
 *   and shipping-method removal go with the save.
 */
import { text as islandText } from '../lib/text.ts';
import { useEffect, useMemo, useRef, useState } from 'react';
import { LINE_TYPES } from '../../src/domain/constants.ts';
import { formatMoney } from '../../src/domain/money.ts';
import { orderLedgerView } from '../../src/domain/ledger-view.ts';
import {
  PLACEHOLDER_PREFIX,
  isPlaceholderId,
  type OrderJson,
  type UpdateLineInput,
  type UpdateRequest,
} from '../../src/domain/order-edit.ts';
import { CART_MIN } from '../../src/domain/quantity.ts';
import { shipmentMethodLabel } from '../../src/domain/shipping.ts';
import { dirtyOrderFields } from '../../src/domain/checkout.ts';
import { showAlert } from '../lib/alerts.ts';
import { hideWait, showWait } from '../lib/overlay.ts';
import { isAppRequestError, messagesOf } from '../lib/request.ts';
import { orderApi } from './api.ts';
import { ProductSearch } from './product-search.tsx';
import { PaymentPanel } from './payment-panel.tsx';
import { owedPartsOfOrder, sumOwed } from '../../src/domain/payment-parts.ts';
import { PaymentList, refreshPayment } from './payment-list.tsx';
import { RefundPanel } from './refund-panel.tsx';
import { LedgerRows } from './ledger-rows.tsx';
import { useLeaveGuard } from './leave-guard.ts';
import type { EditorLabels } from '../../src/domain/order-edit-labels.ts';

/** The spec's failure message, then the server's words when it sent some. */
const orderFailureText = (spec: string, own: string | undefined): string =>
  own && own !== spec ? `${spec}. ${own}` : spec;

export type Props = {
  locale: string;
  order: OrderJson;
  statuses: { value: string; label: string }[];
  canPay: boolean;
  tokenizeUrl: string;
  labels: EditorLabels;
};

type EditLine = {
  id: number | string;
  line_type: number;
  product_id: number | null;
  title: string;
  stockcode: string | null;
  quantity: number;
  unit_price: string | null;
  total: string | null;
  paid_total: string;
  unpaid_total: string;
  currency_id: number | null;
  warehouse_id: number | null;
  line_options: UpdateLineInput['line_options'];
  /** What the line was configured with, as the detail page says it ("Hitch: Drawbar pull-type"); shown only. */
  option_text: string[];
};

type Fields = { status: string; po_number: string; attention: string; notes: string };

const linesOf = (o: OrderJson): EditLine[] =>
  o.line_items.map((l) => ({
    id: l.order_line_item_id,
    line_type: l.line_type,
    product_id: l.product_id,
    title: l.product.title,
    stockcode: l.product.stockcode,
    quantity: l.quantity,
    unit_price: l.unit_price,
    total: l.total,
    paid_total: l.paid_total,
    unpaid_total: l.unpaid_total,
    currency_id: l.currency_id,
    warehouse_id: l.warehouse_id,
    line_options: l.line_options.map((x) => ({
      choice_id: x.choice_id,
      quantity: x.quantity,
      option_id: x.option_id,
      option_type: x.option_type,
    })),
    option_text: l.line_options.map(
      (x) => `${x.option_name}: ${x.choice_name}${x.option_type === 1 ? ` × ${x.quantity}` : ''}`,
    ),
  }));
const fieldsOf = (o: OrderJson): Fields => ({
  status: o.status,
  po_number: o.po_number ?? '',
  attention: o.attention ?? '',
  notes: o.notes ?? '',
});

type Draft = { lines: EditLine[]; deleted: number[]; fields: Fields; tin?: string; removeShipping: boolean };
const draftOf = (o: OrderJson): Draft => ({
  lines: linesOf(o),
  deleted: [],
  fields: fieldsOf(o),
  removeShipping: false,
});
const sameDraft = (a: Draft, b: Draft) => JSON.stringify(a) === JSON.stringify(b);

export default function OrderEditor({ locale, order: initial, statuses, canPay, tokenizeUrl, labels }: Props) {
  const api = useMemo(() => orderApi(locale, initial.order_id), [locale, initial.order_id]);
  /** The saved order (its version is what the draft was made on). */
  const [order, setOrder] = useState(initial);
  const [draft, setDraft] = useState(() => draftOf(initial));
  /** The draft as the server priced it (nothing written); null while there is no change. */
  const [priced, setPriced] = useState<OrderJson | null>(null);
  const [pricing, setPricing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [tins, setTins] = useState<{ tax_exempt_id: string; name: string }[] | null>(null);
  const [status, setStatus] = useState('');
  const seq = useRef(0);
  const asked = useRef(0);

  const dirty = !sameDraft(draft, draftOf(order));
  useLeaveGuard(dirty, labels.confirmLeave);

  const shown = dirty && priced ? priced : order;
  const view = useMemo(() => orderLedgerView(shown), [shown]);
  const figures = new Map(view.lines.map((l) => [String(l.id), l]));
  const money = (c: number) => formatMoney(c, order.order_currency, locale);

  useEffect(() => {
    api.tins().then(
      (r) => setTins(r.tax_exempt_available ? r.tins : null),
      (err) => {
        console.error('tins failed', err); // spec §7: on failure the selection box is hidden
        setTins(null);
      },
    );
  }, [api]);

  const body = (
    d: Draft,
    version = order.version,
  ): UpdateRequest & { tax_exempt_id?: string; remove_shipping?: boolean } => ({
    version,
    status: d.fields.status,
    // Spec §4: PO number and attention only when they differ from the saved order (fieldDirty).
    ...dirtyOrderFields(d.fields, order),
    notes: d.fields.notes,
    line_items: d.lines.map((l) => ({
      order_line_item_id: l.id,
      line_type: l.line_type,
      product_id: l.product_id,
      quantity: l.quantity,
      currency_id: l.currency_id,
      warehouse_id: l.warehouse_id,
      line_options: l.line_options,
    })),
    line_items_for_deletion: d.deleted,
    ...(d.tin !== undefined ? { tax_exempt_id: d.tin } : {}),
    ...(d.removeShipping ? { remove_shipping: true } : {}),
  });

  /**
   * Spec §8: an update failure alerts 'Failed to update order, check console log for details'
   * (the details are logged); the server's own first message (a stale save, a rule) follows it,
   * so the person also reads why. A draft with no product line gets the spec's own message.
   */
  function failed(err: unknown) {
    console.error('order update failed', err);
    const own = isAppRequestError(err) ? messagesOf(err.body)[0] : undefined;
    if (own && own === islandText('orderRequiresLines')) return void showAlert(own, 'error');
    showAlert(orderFailureText(islandText('orderUpdateFailed'), own), 'error');
  }

  /**
   * A change to the draft: kept here, priced by the server without writing the order. A refused
   * draft (no product line left, a stale version…) goes back to what it was, with the server's words.
   */
  async function change(next: Draft, price: () => Promise<OrderJson> = () => api.draft(body(next))) {
    const previous = draft;
    setDraft(next);
    if (sameDraft(next, draftOf(order))) {
      setPriced(null);
      return;
    }
    const mine = ++asked.current;
    setPricing(true);
    try {
      const json = await price();
      if (mine === asked.current) setPriced(json);
    } catch (err) {
      if (mine === asked.current) {
        failed(err);
        setDraft(previous);
      }
    } finally {
      if (mine === asked.current) setPricing(false);
    }
  }

  const withLines = (fn: (ls: EditLine[]) => EditLine[], extra: Partial<Draft> = {}): Draft => ({
    ...draft,
    ...extra,
    lines: fn(draft.lines),
  });

  function step(line: EditLine, delta: number) {
    const quantity = Math.max(CART_MIN, line.quantity + delta);
    if (quantity === line.quantity) return;
    const next = withLines((ls) => ls.map((l) => (l.id === line.id ? { ...l, quantity } : l)));
    // A stored line's quantity: the spec's update-item, priced in the draft (nothing is written).
    if (isPlaceholderId(line.id)) return change(next);
    return change(next, async () => (await api.updateItem(line.id as number, quantity, body(draft))).order);
  }

  function remove(line: EditLine) {
    void change(
      withLines(
        (ls) => ls.filter((l) => l.id !== line.id),
        isPlaceholderId(line.id) ? {} : { deleted: [...draft.deleted, line.id as number] },
      ),
    );
  }

  function add(p: { id: number; value: string }) {
    seq.current += 1;
    const currency_id = draft.lines[0]?.currency_id ?? null;
    void change(
      withLines((ls) => [
        ...ls,
        {
          id: `${PLACEHOLDER_PREFIX}${seq.current}`,
          line_type: LINE_TYPES.PRODUCT,
          product_id: p.id,
          title: p.value,
          stockcode: null,
          quantity: 1,
          unit_price: null,
          total: null,
          paid_total: '0.00',
          unpaid_total: '0.00',
          currency_id,
          warehouse_id: null,
          line_options: [],
          option_text: [],
        },
      ]),
    );
    setStatus(labels.added.replace('{{title}}', p.value));
  }

  const setField = (k: keyof Fields, v: string) => setDraft((d) => ({ ...d, fields: { ...d.fields, [k]: v } }));

  /** GET synchronize: the saved order; a draft with changes is priced again on it. */
  async function synchronize() {
    try {
      const fresh = await api.synchronize();
      setOrder(fresh);
      if (!dirty) {
        setDraft(draftOf(fresh));
        setPriced(null);
      }
      return fresh;
    } catch (err) {
      console.error('synchronize failed', err); // spec §8: logged, no message
      return null;
    }
  }

  async function save() {
    if (!draft.lines.some((l) => l.line_type === LINE_TYPES.PRODUCT)) {
      showAlert(islandText('orderRequiresLines'), 'error');
      return;
    }
    setBusy(true);
    showWait(); // spec §9: the full-screen wait overlay while the order is saved and synchronized
    try {
      await api.update(body(draft));
      const fresh = await api.synchronize();
      setOrder(fresh);
      setDraft(draftOf(fresh));
      setPriced(null);
      showAlert(labels.saved, 'success');
      setStatus(labels.saved);
    } catch (err) {
      failed(err);
    } finally {
      hideWait();
      setBusy(false);
    }
  }

  function discard() {
    if (!window.confirm(labels.confirmDiscard)) return;
    asked.current += 1;
    setDraft(draftOf(order));
    setPriced(null);
    setPricing(false);
    setStatus(labels.discarded);
  }

  const onPayments = (payments: OrderJson['payments']) => setOrder((o) => ({ ...o, payments }));
  const statusLabel = (s: string) => statuses.find((x) => x.value === s)?.label ?? s;
  const tinValue =
    draft.tin !== undefined
      ? draft.tin === ''
        ? '0'
        : draft.tin
      : order.tax_exempt
        ? (order.tax_exempt_id ?? '')
        : '0';
  const shipmentMethod = draft.removeShipping ? null : order.shipment_method;
  const lineMoney = (l: EditLine, pick: (f: NonNullable<ReturnType<typeof figures.get>>) => number) => {
    const f = figures.get(String(l.id));
    return pricing || !f ? '...' : money(pick(f));
  };

  return (
    <div
      className="order-editor"
      data-testid="order-editor"
      data-unsaved={pricing || busy ? 'true' : 'false'}
      data-dirty={dirty ? 'true' : 'false'}
      data-version={order.version}
    >
      <section className="card" aria-labelledby="oe-lines-h">
        <div className="card-head">
          <h2 id="oe-lines-h">{labels.lines}</h2>
        </div>
        <div className="card-body">
          <ProductSearch api={api} label={labels.addProduct} placeholder={labels.searchPlaceholder} onPick={add} />
        </div>
        <div className="table-wrap" tabIndex={0} role="region" aria-labelledby="oe-lines-h">
          <table className="table order-lines stack-sm" data-testid="editor-lines">
            <thead>
              <tr>
                <th scope="col">{labels.item}</th>
                <th scope="col" className="num">
                  {labels.quantity}
                </th>
                <th scope="col" className="num">
                  {labels.unitPrice}
                </th>
                <th scope="col" className="num">
                  {labels.listTotal}
                </th>
                <th scope="col">
                  <span className="visually-hidden">{labels.remove}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {draft.lines
                .filter((l) => l.line_type !== LINE_TYPES.PROMOTION)
                .map((l) => {
                  const f = figures.get(String(l.id));
                  return (
                    <tr key={String(l.id)} data-line-id={String(l.id)} data-line-type={l.line_type}>
                      <td className="cell-main">
                        <div>{l.title}</div>
                        {l.stockcode ? <div className="small muted mono">{l.stockcode}</div> : null}
                        {l.option_text.map((t) => (
                          <div key={t} className="small muted" data-testid="line-option">
                            {t}
                          </div>
                        ))}
                        {!pricing && f
                          ? f.discounts.map((d) => (
                              <div key={d.name} className="small muted line-discount" data-testid="line-discount">
                                {d.line ? labels.lineDiscount : d.name}: −{money(d.cents)}
                              </div>
                            ))
                          : null}
                      </td>
                      <td className="num cell-qty" data-label={labels.quantity}>
                        <div className="qty-stepper">
                          <button
                            type="button"
                            className="btn btn-ghost btn-sm"
                            onClick={() => step(l, -1)}
                            disabled={busy || l.quantity <= CART_MIN}
                            aria-label={`${labels.decrease}: ${l.title}`}
                            data-testid="qty-down"
                          >
                            −
                          </button>
                          <span className="qty-value" data-testid="line-qty" aria-live="polite">
                            {l.quantity}
                          </span>
                          <button
                            type="button"
                            className="btn btn-ghost btn-sm"
                            onClick={() => step(l, 1)}
                            disabled={busy}
                            aria-label={`${labels.increase}: ${l.title}`}
                            data-testid="qty-up"
                          >
                            +
                          </button>
                        </div>
                      </td>
                      <td className="num cell-unit" data-label={labels.unitPrice} data-testid="line-unit">
                        {lineMoney(l, (x) => x.unitCents)}
                      </td>
                      <td className="num cell-total" data-testid="line-total" data-label={labels.listTotal}>
                        {lineMoney(l, (x) => x.listCents)}
                      </td>
                      <td className="num line-remove-cell">
                        <button
                          type="button"
                          className="btn btn-danger btn-sm"
                          onClick={() => remove(l)}
                          disabled={busy}
                          aria-label={`${labels.remove}: ${l.title}`}
                          data-testid="line-remove"
                        >
                          {labels.remove}
                        </button>
                      </td>
                    </tr>
                  );
                })}
            </tbody>
          </table>
        </div>
        <div className="card-body">
          <LedgerRows view={view} labels={labels} money={money} pending={pricing} />
        </div>
      </section>

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
            {tins ? (
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
            ) : null}
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
          </div>
        </div>
      </section>

      <PaymentList
        locale={locale}
        order={order}
        labels={labels}
        busy={busy}
        onPayments={onPayments}
        synchronize={() => synchronize()}
      />
      {canPay && (sumOwed(owedPartsOfOrder(order)) > 0 || order.payments.length === 0) ? (
        <PaymentPanel
          locale={locale}
          order={order}
          labels={labels}
          tokenizeUrl={tokenizeUrl}
          busy={busy || dirty}
          onPaid={(paymentId) => refreshPayment(locale, order, paymentId, onPayments, () => synchronize())}
        />
      ) : null}
      {canPay ? (
        <RefundPanel
          locale={locale}
          order={order}
          labels={labels}
          busy={busy || dirty}
          onRefunded={() => synchronize()}
        />
      ) : null}

      <div className="editor-actions">
        <span className="small muted" role="status" data-testid="editor-status-line">
          {dirty ? labels.draftNote : status}
        </span>
        <a className="btn btn-ghost" href={`/admin/orders/detail/${order.order_id}`} data-testid="editor-back">
          {labels.done}
        </a>
        {dirty ? (
          <button
            type="button"
            className="btn btn-ghost"
            onClick={discard}
            disabled={busy}
            data-testid="editor-discard"
          >
            {labels.discard}
          </button>
        ) : null}
        <button
          type="button"
          className="btn"
          onClick={save}
          disabled={busy || pricing || !dirty}
          data-testid="editor-save"
        >
          {busy ? labels.saving : labels.save}
        </button>
      </div>
    </div>
  );
}
