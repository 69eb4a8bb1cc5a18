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
import type { EditorLabels } from '../../src/domain/order-edit-labels.ts';
import type { OrderJson } from '../../src/domain/order-edit.ts';
import { owedPartsOfOrder, sumOwed } from '../../src/domain/payment-parts.ts';
import { DetailsCard } from './details.tsx';
import { LinesCard } from './editor-lines.tsx';
import { PaymentList, refreshPayment } from './payment-list.tsx';
import { PaymentPanel } from './payment-panel.tsx';
import { RefundPanel } from './refund-panel.tsx';
import { useOrderEditor } from './use-order-editor.ts';

export type Props = {
  locale: string;
  order: OrderJson;
  statuses: { value: string; label: string }[];
  canPay: boolean;
  tokenizeUrl: string;
  labels: EditorLabels;
};

export default function OrderEditor(props: Props) {
  const { statuses, labels } = props;
  const e = useOrderEditor(props);
  const { order, draft, busy, pricing, dirty, onPayments, synchronize } = e;
  return (
    <div
      className="order-editor"
      data-testid="order-editor"
      data-unsaved={pricing || busy ? 'true' : 'false'}
      data-dirty={dirty ? 'true' : 'false'}
      data-version={order.version}
    >
      <LinesCard
        lines={draft.lines}
        view={e.view}
        api={e.api}
        add={e.add}
        labels={labels}
        busy={busy}
        pricing={pricing}
        money={e.money}
        step={e.step}
        remove={e.remove}
      />
      <DetailsCard
        labels={labels}
        statuses={statuses}
        order={order}
        draft={draft}
        tins={e.tins}
        busy={busy}
        setField={e.setField}
        change={e.change}
      />

      <Payments {...props} order={order} busy={busy} dirty={dirty} onPayments={onPayments} synchronize={synchronize} />
      <EditorActions labels={labels} e={e} />
    </div>
  );
}

/** The payments made, a new payment (while something is owed) and refunds, for staff who may take payments. */
function Payments({
  locale,
  order,
  labels,
  canPay,
  tokenizeUrl,
  busy,
  dirty,
  onPayments,
  synchronize,
}: Props & {
  busy: boolean;
  dirty: boolean;
  onPayments: (payments: OrderJson['payments']) => void;
  synchronize: () => Promise<OrderJson | null>;
}) {
  return (
    <>
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
    </>
  );
}

/** The draft note or last status, "Done", "Discard changes" (with changes) and "Save order". */
function EditorActions({ labels, e }: { labels: EditorLabels; e: ReturnType<typeof useOrderEditor> }) {
  return (
    <div className="editor-actions">
      <span className="small muted" role="status" data-testid="editor-status-line">
        {e.dirty ? labels.draftNote : e.status}
      </span>
      <a className="btn btn-ghost" href={`/admin/orders/detail/${e.order.order_id}`} data-testid="editor-back">
        {labels.done}
      </a>
      {e.dirty ? (
        <button
          type="button"
          className="btn btn-ghost"
          onClick={e.discard}
          disabled={e.busy}
          data-testid="editor-discard"
        >
          {labels.discard}
        </button>
      ) : null}
      <button
        type="button"
        className="btn"
        onClick={e.save}
        disabled={e.busy || e.pricing || !e.dirty}
        data-testid="editor-save"
      >
        {e.busy ? labels.saving : labels.save}
      </button>
    </div>
  );
}
