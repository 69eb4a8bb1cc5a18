/**
 * Quick order: paste or type part numbers and quantities (or read a CSV file in the
 * browser into the same box), check them (POST …/quick-order/resolve), fix the lines that need it
 * — a quantity, or the right part found by typeahead — and add every line to the cart at once
 * (POST …/quick-order/add, all or nothing). The server decides every verdict, price and stock
 * state; this screen only shows them and sends the lines back.
 */
import { useId } from 'react';
import { QuickInput } from './input-form.tsx';
import { LinesSection } from './lines-table.tsx';
import { useQuickOrder } from './use-quick-order.ts';

export type Props = {
  resolveUrl: string;
  addUrl: string;
  typeaheadUrl: string;
  maxLines: number;
  labels: Record<string, string>;
};

export default function QuickOrder({ resolveUrl, addUrl, typeaheadUrl, labels: L }: Props) {
  const id = useId();
  const quick = useQuickOrder({ resolveUrl, addUrl, labels: L });
  const { rows, error } = quick;

  return (
    <div className="quick-order" data-testid="quick-order">
      <QuickInput id={id} labels={L} quick={quick} />

      <div role="alert" className={error ? 'alert alert-error' : undefined} data-testid="quick-error">
        {error}
      </div>

      {rows && rows.length > 0 && (
        <LinesSection id={id} typeaheadUrl={typeaheadUrl} labels={L} quick={quick} rows={rows} />
      )}
    </div>
  );
}
