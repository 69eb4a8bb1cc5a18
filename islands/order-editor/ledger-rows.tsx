/**
 * The order's figures as the one ledger reads them (src/domain/ledger-view.ts): merchandise,
 * each discount as its own row, shipping, tax, each fee, total, paid and unpaid. The rows add up.
 * While the draft is being priced every figure shows '...'.
 */
import type { LedgerView, LedgerViewRow } from '../../src/domain/ledger-view.ts';
import type { EditorLabels } from '../../src/domain/order-edit-labels.ts';

type Props = { view: LedgerView; labels: EditorLabels; money: (cents: number) => string; pending: boolean };

const TESTIDS: Partial<Record<LedgerViewRow['kind'], string>> = {
  merchandise: 'editor-subtotal',
  tax: 'editor-tax',
  shipping: 'editor-shipping',
  total: 'editor-total',
  paid: 'editor-paid',
  unpaid: 'editor-unpaid',
};

export function LedgerRows({ view, labels, money, pending }: Props) {
  const label = (r: LedgerViewRow) => {
    switch (r.kind) {
      case 'merchandise':
        return labels.merchandise;
      case 'discount':
        return r.line ? labels.lineDiscount : r.name;
      case 'shipping':
        return labels.ledgerShipping;
      case 'tax':
        return labels.ledgerTax;
      case 'fee':
        return r.name;
      case 'total':
        return labels.ledgerTotal;
      case 'returned':
        return labels.ledgerReturned;
      case 'paid':
        return labels.ledgerPaid;
      case 'unpaid':
        return labels.ledgerUnpaid;
    }
  };
  const shown = (r: LedgerViewRow) =>
    pending
      ? '...'
      : (r.kind === 'discount' || r.kind === 'paid' || r.kind === 'returned') && r.cents > 0
        ? `−${money(r.cents)}`
        : money(r.cents);
  return (
    <div className="totals" data-testid="editor-totals">
      {view.rows.map((r, i) => (
        <div
          key={`${r.kind}-${i}`}
          className={r.kind === 'total' ? 'grand' : undefined}
          data-testid="ledger-row"
          data-kind={r.kind}
        >
          <span>{label(r)}</span>
          <span data-testid={TESTIDS[r.kind]}>{shown(r)}</span>
        </div>
      ))}
    </div>
  );
}
