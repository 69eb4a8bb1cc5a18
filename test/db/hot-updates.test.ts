/**
 * A cart's quantity change rewrites the cart's order row and a line (totals, quantity, prices).
 * PostgreSQL can do that in place (a HOT update: no new entry in any index) only when no index
 * reads a column the change writes, in its keys, expressions or WHERE. One such index makes every
 * cart change write a new entry in every index of the table (17 on orders): migration 0025 moved
 * the sort by total to placed_total and the "owing" index to owing. This holds the rule.
 */
import { expect } from 'chai';
import { sqlRows } from '../helpers/server.ts';

/** What a cart write changes (src/features/cart/totals.ts settleStatement), by hand. */
const WRITTEN = {
  orders: ['subtotal', 'discount', 'total', 'shipping', 'tax', 'updated_at'],
  order_line_items: [
    'quantity',
    'unit_price',
    'title',
    'discount',
    'total',
    'total_discounted',
    'unpaid_total',
    'paid_total',
    'updated_at',
  ],
} as const;

describe('db: cart changes are HOT updates (no index reads what they write)', () => {
  for (const [table, columns] of Object.entries(WRITTEN)) {
    it(`no index of ${table} reads ${columns.join(', ')}`, async () => {
      const indexes = await sqlRows<{ name: string; def: string }>(
        `select c.relname as name, pg_get_indexdef(i.indexrelid) as def from pg_index i join pg_class c on c.oid = i.indexrelid
          where i.indrelid = $1::regclass`,
        [table],
      );
      expect(indexes.length).to.be.greaterThan(3);
      const reads = (def: string, column: string) =>
        new RegExp(`(?<![\\w"])"?${column}"?(?![\\w"])`).test(def.replace(/^.*? ON \S+ USING \w+ /, ''));
      const offending = indexes.flatMap((ix) =>
        columns.filter((c) => reads(ix.def, c)).map((c) => `${ix.name} reads ${c}`),
      );
      expect(offending).to.deep.equal([]);
    });
  }

  it('the sort by total and the owing filter read the columns the database keeps for them', async () => {
    const [row] = await sqlRows<{
      placed: string | null;
      cart_placed: string | null;
      owing: boolean;
      paid_owing: boolean;
    }>(`select
      (select placed_total::text from orders where status <> 'cart' and total > 0 order by id limit 1) as placed,
      (select placed_total::text from orders where status = 'cart' order by id limit 1) as cart_placed,
      (select bool_and(owing = (unpaid_total > 0)) from order_line_items) as owing,
      (select bool_or(owing) from order_line_items where unpaid_total <= 0) as paid_owing`);
    expect(row.placed).to.match(/^\d+\.\d{2}$/);
    expect(row.cart_placed).to.equal(null);
    expect(row.owing).to.equal(true);
    expect(row.paid_owing).to.not.equal(true);
  });
});
