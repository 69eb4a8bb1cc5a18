/**
 * The staff order editor (spec §4 "Order editing", §5, §7 "Orders (staff)", §8).
 *
 * - Lines: add through the product typeahead (a temporary 'new-N' id until the update reply's
 *   new_lines maps it to the stored id), remove (the id is sent in line_items_for_deletion at the
 *   next update), quantity −/+ by 1 never below 1 (a stored line goes to PUT update-item at once,
 *   a new line changes locally).
 * - While anything on screen is not yet the server's (the unsaved-changes flag), every total shows
 *   '...' until a successful synchronize.
 * - Save sends every kept line and the removed ids; with no product line it is refused here and by
 *   the server with 'An order requires line items'. Failures alert 'Failed to update order, check
 *   console log for details', except the server's own words for a stale save (409) or a rule.
 * - Status, PO number, attention and notes go with the save; tax exemption (the tins list; hidden
 *   when it fails to load) and shipping-method removal save at once and synchronize.
 */
import { text as islandText } from '../lib/text.ts';
import { useEffect, useMemo, useRef, useState } from 'react';
import { LINE_TYPES } from '../../src/domain/constants.ts';
import { formatMoney, parseCents } from '../../src/domain/money.ts';
import { PLACEHOLDER_PREFIX, isPlaceholderId, type OrderJson, type UpdateLineInput } from '../../src/domain/order-edit.ts';
import { CART_MIN } from '../../src/domain/quantity.ts';
import { shipmentMethodLabel } from '../../src/domain/shipping.ts';
import { showAlert } from '../lib/alerts.ts';
import { hideWait, showWait } from '../lib/overlay.ts';
import { isAppRequestError, messagesOf } from '../lib/request.ts';
import { orderApi } from './api.ts';
import { ProductSearch } from './product-search.tsx';
import { PaymentPanel } from './payment-panel.tsx';
import { owedPartsOfOrder, sumOwed } from '../../src/domain/payment-parts.ts';
import { PaymentList, refreshPayment } from './payment-list.tsx';
import { RefundPanel } from './refund-panel.tsx';
import type { EditorLabels } from '../../src/domain/order-edit-labels.ts';

export type Props = { locale: string; order: OrderJson; statuses: { value: string; label: string }[]; canPay: boolean; tokenizeUrl: string; labels: EditorLabels };

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
    id: l.order_line_item_id, line_type: l.line_type, product_id: l.product_id, title: l.product.title, stockcode: l.product.stockcode, quantity: l.quantity,
    unit_price: l.unit_price, total: l.total, paid_total: l.paid_total, unpaid_total: l.unpaid_total, currency_id: l.currency_id, warehouse_id: l.warehouse_id,
    line_options: l.line_options.map((x) => ({ choice_id: x.choice_id, quantity: x.quantity, option_id: x.option_id, option_type: x.option_type })),
    option_text: l.line_options.map((x) => `${x.option_name}: ${x.choice_name}${x.option_type === 1 ? ` × ${x.quantity}` : ''}`),
  }));
const fieldsOf = (o: OrderJson): Fields => ({ status: o.status, po_number: o.po_number ?? '', attention: o.attention ?? '', notes: o.notes ?? '' });

export default function OrderEditor({ locale, order: initial, statuses, canPay, tokenizeUrl, labels }: Props) {
  const api = useMemo(() => orderApi(locale, initial.order_id), [locale, initial.order_id]);
  const [order, setOrder] = useState(initial);
  const [lines, setLines] = useState(() => linesOf(initial));
  const [deleted, setDeleted] = useState<number[]>([]);
  const [fields, setFields] = useState(() => fieldsOf(initial));
  const [unsaved, setUnsaved] = useState(false);
  const [busy, setBusy] = useState(false);
  const [tins, setTins] = useState<{ tax_exempt_id: string; name: string }[] | null>(null);
  const [status, setStatus] = useState('');
  const seq = useRef(0);

  const money = (v: string | null | undefined) => {
    const c = parseCents(v);
    return c === null ? '...' : formatMoney(c, order.order_currency, locale);
  };

  useEffect(() => {
    api.tins().then((r) => setTins(r.tax_exempt_available ? r.tins : null), (err) => {
      console.error('tins failed', err); // spec §7: on failure the selection box is hidden
      setTins(null);
    });
  }, [api]);

  /** GET synchronize: the server's order replaces ours; pending new lines and removals stay pending. */
  async function synchronize(pending: { lines?: EditLine[]; deleted?: number[]; fields?: Fields } = {}) {
    try {
      const fresh = await api.synchronize();
      const keepNew = (pending.lines ?? lines).filter((l) => isPlaceholderId(l.id));
      const gone = pending.deleted ?? deleted;
      setOrder(fresh);
      setLines([...linesOf(fresh).filter((l) => !gone.includes(l.id as number)), ...keepNew]);
      if (pending.fields) setFields(pending.fields);
      const dirty = keepNew.length > 0 || gone.length > 0;
      setUnsaved(dirty);
      return fresh;
    } catch (err) {
      console.error('synchronize failed', err); // spec §8: logged, no message
      return null;
    }
  }

  function failed(err: unknown) {
    console.error('order update failed', err);
    if (isAppRequestError(err) && (err.status === 409 || err.status === 400 || err.status === 404)) {
      for (const m of messagesOf(err.body).slice(0, 1)) showAlert(m, 'error');
    } else {
      showAlert(islandText('orderUpdateFailed'), 'error');
    }
  }

  function change(fn: (ls: EditLine[]) => EditLine[]) {
    setLines(fn);
    setUnsaved(true);
  }

  async function step(line: EditLine, delta: number) {
    const quantity = Math.max(CART_MIN, line.quantity + delta);
    if (quantity === line.quantity) return;
    if (isPlaceholderId(line.id)) return change((ls) => ls.map((l) => (l.id === line.id ? { ...l, quantity } : l)));
    change((ls) => ls.map((l) => (l.id === line.id ? { ...l, quantity } : l)));
    setBusy(true);
    try {
      await api.updateItem(line.id as number, quantity, order.version);
      await synchronize();
    } catch (err) {
      failed(err);
      change((ls) => ls.map((l) => (l.id === line.id ? { ...l, quantity: line.quantity } : l)));
    } finally {
      setBusy(false);
    }
  }

  function remove(line: EditLine) {
    change((ls) => ls.filter((l) => l.id !== line.id));
    if (!isPlaceholderId(line.id)) setDeleted((d) => [...d, line.id as number]);
  }

  function add(p: { id: number; value: string }) {
    seq.current += 1;
    const currency_id = lines[0]?.currency_id ?? null;
    change((ls) => [...ls, { id: `${PLACEHOLDER_PREFIX}${seq.current}`, line_type: LINE_TYPES.PRODUCT, product_id: p.id, title: p.value, stockcode: null, quantity: 1, unit_price: null, total: null, paid_total: '0.00', unpaid_total: '0.00', currency_id, warehouse_id: null, line_options: [], option_text: [] }]);
    setStatus(labels.added.replace('{{title}}', p.value));
  }

  async function save() {
    if (!lines.some((l) => l.line_type === LINE_TYPES.PRODUCT)) {
      showAlert(islandText('orderRequiresLines'), 'error');
      return;
    }
    setBusy(true);
    showWait(); // spec §9: the full-screen wait overlay while the order is saved and synchronized
    try {
      const reply = await api.update({
        version: order.version,
        status: fields.status,
        po_number: fields.po_number,
        attention: fields.attention,
        notes: fields.notes,
        line_items: lines.map((l) => ({ order_line_item_id: l.id, line_type: l.line_type, product_id: l.product_id, quantity: l.quantity, currency_id: l.currency_id, warehouse_id: l.warehouse_id, line_options: l.line_options })),
        line_items_for_deletion: deleted,
      });
      // Placeholder ids become stored ids; the synchronize below brings their prices.
      const stored = new Map(reply.new_lines.map((n) => [n.placeholder_id, n.stored_id]));
      const mapped = lines.map((l) => (typeof l.id === 'string' && stored.has(l.id) ? { ...l, id: stored.get(l.id)! } : l));
      setDeleted([]);
      if (await synchronize({ lines: mapped, deleted: [] })) {
        showAlert(labels.saved, 'success');
        setStatus(labels.saved);
      }
    } catch (err) {
      failed(err);
    } finally {
      hideWait();
      setBusy(false);
    }
  }

  async function immediate(run: () => Promise<unknown>) {
    setBusy(true);
    setUnsaved(true);
    try {
      await run();
    } catch (err) {
      console.error(err); // spec §8: tax save and remove-shipping-method failures are logged
    } finally {
      await synchronize();
      setBusy(false);
    }
  }

  const onPayments = (payments: OrderJson['payments']) => setOrder((o) => ({ ...o, payments }));
  const showDots = unsaved || busy;
  const total = (k: keyof OrderJson['totals']) => (showDots ? '...' : money(order.totals[k]));
  const statusLabel = (s: string) => statuses.find((x) => x.value === s)?.label ?? s;

  return (
    <div className="order-editor" data-testid="order-editor" data-unsaved={showDots ? 'true' : 'false'} data-version={order.version}>
      <section className="card" aria-labelledby="oe-lines-h">
        <div className="card-head"><h2 id="oe-lines-h">{labels.lines}</h2></div>
        <div className="card-body">
          <ProductSearch api={api} label={labels.addProduct} placeholder={labels.searchPlaceholder} onPick={add} />
        </div>
        <div className="table-wrap" tabIndex={0} role="region" aria-labelledby="oe-lines-h">
          <table className="table order-lines stack-sm" data-testid="editor-lines">
            <thead>
              <tr><th scope="col">{labels.item}</th><th scope="col" className="num">{labels.quantity}</th><th scope="col" className="num hide-sm">{labels.unitPrice}</th><th scope="col" className="num">{labels.lineTotal}</th><th scope="col"><span className="visually-hidden">{labels.remove}</span></th></tr>
            </thead>
            <tbody>
              {lines.map((l) => (
                <tr key={String(l.id)} data-line-id={String(l.id)} data-line-type={l.line_type}>
                  <td className="cell-main"><div>{l.title}</div>{l.stockcode ? <div className="small muted mono">{l.stockcode}</div> : null}{l.option_text.map((t) => <div key={t} className="small muted" data-testid="line-option">{t}</div>)}</td>
                  <td className="num cell-qty" data-label={l.line_type === LINE_TYPES.PROMOTION ? undefined : labels.quantity}>
                    {l.line_type === LINE_TYPES.PROMOTION ? null : (
                      <div className="qty-stepper">
                        <button type="button" className="btn btn-ghost btn-sm" onClick={() => step(l, -1)} disabled={busy || l.quantity <= CART_MIN} aria-label={`${labels.decrease}: ${l.title}`} data-testid="qty-down">−</button>
                        <span className="qty-value" data-testid="line-qty" aria-live="polite">{l.quantity}</span>
                        <button type="button" className="btn btn-ghost btn-sm" onClick={() => step(l, 1)} disabled={busy} aria-label={`${labels.increase}: ${l.title}`} data-testid="qty-up">+</button>
                      </div>
                    )}
                  </td>
                  <td className="num hide-sm cell-unit" data-label={labels.unitPrice}>{money(l.unit_price)}</td>
                  <td className="num cell-total" data-testid="line-total" data-label={labels.lineTotal}>{isPlaceholderId(l.id) || unsaved ? '...' : money(l.total)}</td>
                  <td className="num line-remove-cell">
                    {l.line_type === LINE_TYPES.PROMOTION ? null : (
                      <button type="button" className="btn btn-danger btn-sm" onClick={() => remove(l)} disabled={busy} aria-label={`${labels.remove}: ${l.title}`} data-testid="line-remove">{labels.remove}</button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <div className="card-body">
          <div className="totals" data-testid="editor-totals">
            <div><span>{order.total_type_translations.subtotal}</span><span data-testid="editor-subtotal">{total('subtotal')}</span></div>
            <div><span>{order.total_type_translations.discount}</span><span>{showDots ? '...' : `−${money(order.totals.discount)}`}</span></div>
            <div><span>{order.total_type_translations.shipping}</span><span>{total('shipping')}</span></div>
            <div><span>{order.total_type_translations.tax}</span><span data-testid="editor-tax">{total('tax')}</span></div>
            <div className="grand"><span>{order.total_type_translations.total}</span><span data-testid="editor-total">{total('total')}</span></div>
            <div><span>{order.total_type_translations.unpaid_total}</span><span data-testid="editor-unpaid">{total('unpaid_total')}</span></div>
          </div>
        </div>
      </section>

      <section className="card" aria-labelledby="oe-details-h">
        <div className="card-head"><h2 id="oe-details-h">{labels.details}</h2></div>
        <div className="card-body form">
          <div className="form-row">
            <div className="field">
              <label htmlFor="oe-status">{labels.status}</label>
              <select id="oe-status" value={fields.status} onChange={(e) => { setFields({ ...fields, status: e.target.value }); setUnsaved(true); }} data-testid="editor-status">
                {statuses.map((s) => <option key={s.value} value={s.value}>{statusLabel(s.value)}</option>)}
              </select>
            </div>
            <div className="field">
              <label htmlFor="oe-po">{labels.po}</label>
              <input id="oe-po" maxLength={60} value={fields.po_number} onChange={(e) => { setFields({ ...fields, po_number: e.target.value }); setUnsaved(true); }} data-testid="editor-po" />
            </div>
            <div className="field">
              <label htmlFor="oe-attention">{labels.attention}</label>
              <input id="oe-attention" maxLength={120} value={fields.attention} onChange={(e) => { setFields({ ...fields, attention: e.target.value }); setUnsaved(true); }} />
            </div>
          </div>
          <div className="field">
            <label htmlFor="oe-notes">{labels.notes}</label>
            <textarea id="oe-notes" maxLength={4000} value={fields.notes} onChange={(e) => { setFields({ ...fields, notes: e.target.value }); setUnsaved(true); }} data-testid="editor-notes" />
          </div>
          <div className="form-row">
            {tins ? (
              <div className="field" data-testid="editor-tins">
                <label htmlFor="oe-tin">{labels.taxExemption}</label>
                <select id="oe-tin" value={order.tax_exempt ? order.tax_exempt_id ?? '' : '0'} disabled={busy} onChange={(e) => immediate(() => api.saveTin(e.target.value, order.version))} data-testid="editor-tin">
                  <option value="0">{labels.notExempt}</option>
                  {tins.map((x) => <option key={x.tax_exempt_id} value={x.tax_exempt_id}>{x.name} ({x.tax_exempt_id})</option>)}
                </select>
              </div>
            ) : null}
            <div className="field">
              <span className="label">{labels.shippingMethod}</span>
              <div className="shipping-row">
                <span data-testid="editor-shipment-method">{shipmentMethodLabel(order.shipment_method, order.shipment_quotes) ?? labels.noShippingMethod}</span>
                {order.shipment_method ? (
                  <button type="button" className="btn btn-ghost btn-sm" disabled={busy} onClick={() => { if (window.confirm(labels.confirmRemoveShipping)) void immediate(() => api.removeShippingMethod(order.version)); }} data-testid="editor-remove-shipping">{labels.removeShipping}</button>
                ) : null}
              </div>
            </div>
          </div>
        </div>
      </section>

      <PaymentList locale={locale} order={order} labels={labels} busy={busy} onPayments={onPayments} synchronize={() => synchronize()} />
      {canPay && (sumOwed(owedPartsOfOrder(order)) > 0 || order.payments.length === 0) ? (
        <PaymentPanel locale={locale} order={order} labels={labels} tokenizeUrl={tokenizeUrl} busy={busy || unsaved} onPaid={(paymentId) => refreshPayment(locale, order, paymentId, onPayments, () => synchronize())} />
      ) : null}
      {canPay ? <RefundPanel locale={locale} order={order} labels={labels} busy={busy || unsaved} onRefunded={() => synchronize()} /> : null}

      <div className="editor-actions">
        <span className="small muted" role="status" data-testid="editor-status-line">{unsaved ? labels.unsaved : status}</span>
        <a className="btn btn-ghost" href={`/admin/orders/detail/${order.order_id}`}>{labels.done}</a>
        <button type="button" className="btn" onClick={save} disabled={busy} data-testid="editor-save">{busy ? labels.saving : labels.save}</button>
      </div>
    </div>
  );
}
