/** The payment panel's table: each part the payment can pay, what it owes and what is assigned to it. */
import { ALLOCATION_TYPES } from '../../src/domain/constants.ts';
import { fromCents, parseCents } from '../../src/domain/money.ts';
import type { OrderJson } from '../../src/domain/order-edit.ts';
import type { EditorLabels } from '../../src/domain/order-edit-labels.ts';
import { type PaymentPart, sumOwed, TAX_PART_NAME } from '../../src/domain/payment-parts.ts';
import type { PaymentPanelState } from './use-payment-panel.ts';

type Props = {
  order: OrderJson;
  labels: EditorLabels;
  busy: boolean;
  money: (cents: number) => string;
  pay: PaymentPanelState;
};

/** How the order page names each part: the line's title, the fee's name, Shipping, Tax. */
function partName(p: PaymentPart, order: OrderJson, labels: EditorLabels) {
  return p.type === ALLOCATION_TYPES.SHIPPING
    ? order.total_type_translations.shipping
    : p.type === ALLOCATION_TYPES.TAX
      ? p.tax_name === TAX_PART_NAME
        ? order.total_type_translations.tax
        : `${order.total_type_translations.tax} (${p.label})`
      : p.type === ALLOCATION_TYPES.FEE
        ? `${labels.payFee}: ${p.label}`
        : p.label;
}

const sumOf = (parts: readonly PaymentPart[], k: 'paidCents' | 'owedCents') => parts.reduce((s, p) => s + p[k], 0);

export function PaymentPartsTable(props: Props) {
  const { labels, money, pay } = props;
  const { parts, assignedCents } = pay;
  return (
    <div className="table-wrap" tabIndex={0} role="region" aria-label={labels.distribute}>
      <table className="table stack-sm pay-parts" data-testid="pay-lines">
        <thead>
          <tr>
            <th scope="col">{labels.item}</th>
            <th scope="col" className="num">
              {labels.paid}
            </th>
            <th scope="col" className="num">
              {labels.unpaid}
            </th>
            <th scope="col" className="num">
              {labels.assigned}
            </th>
          </tr>
        </thead>
        <tbody>
          {parts.map((p) => (
            <PartRow key={p.key} {...props} part={p} />
          ))}
        </tbody>
        <tfoot>
          <tr data-testid="pay-assigned-total">
            <th scope="row" className="cell-main">
              {labels.assignedTotal}
            </th>
            <td className="num" data-label={labels.paid}>
              {money(sumOf(parts, 'paidCents'))}
            </td>
            <td className="num" data-label={labels.unpaid}>
              {money(sumOwed(parts))}
            </td>
            <td className="num cell-end" data-label={labels.assigned} data-testid="pay-assigned-sum">
              {money(assignedCents)}
            </td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

function PartRow({ order, labels, busy, money, pay, part: p }: Props & { part: PaymentPart }) {
  const { verdict, assigned, setAssigned } = pay;
  const open = p.owedCents > 0;
  const over = !verdict.ok && verdict.reason === 'over_part' && verdict.key === p.key;
  const name = partName(p, order, labels);
  return (
    <tr data-part={p.key} data-line-id={p.order_line_item_id ?? undefined}>
      <td className="cell-main">{name}</td>
      <td className="num" data-testid="pay-line-paid" data-label={labels.paid}>
        {money(p.paidCents)}
      </td>
      <td className="num" data-testid="pay-line-unpaid" data-label={labels.unpaid}>
        {money(p.owedCents)}
      </td>
      <td className="num cell-end" data-label={labels.assigned}>
        {open ? (
          <input
            className="input assign-input"
            inputMode="decimal"
            aria-label={`${labels.assigned}: ${name}`}
            disabled={busy}
            value={assigned[p.key] ?? ''}
            aria-invalid={over || undefined}
            onChange={(e) => setAssigned({ ...assigned, [p.key]: e.target.value })}
            onBlur={(e) => {
              const v = parseCents(e.target.value, 'down');
              const capped = v === null ? 0 : Math.max(0, Math.min(v, p.owedCents));
              setAssigned({ ...assigned, [p.key]: capped ? fromCents(capped) : '' });
            }}
            data-testid="pay-assign"
          />
        ) : (
          '—'
        )}
      </td>
    </tr>
  );
}
