/**
 * The issue-33 invoice order, written by hand: a copy of an unpaid US demo order turned into an
 * order on net-30 terms of $2,714.11 with nothing paid —
 *   Seed Plate line 1,849.11 + Drive line 500.00 = goods 2,349.11
 *   + shipping 258.00 + State sales tax 107.00 = 2,714.11.
 * Its own PO number so a person can find it in the back office's order search.
 */
import { cloneOrder, sqlRows } from '../helpers/server.ts';

export async function invoiceOrder(): Promise<{ id: number; po: string; lines: [number, number] }> {
  // Only copied, never changed: the same demo order may be the source of many copies.
  const [src] = await sqlRows<{ id: number }>(`select o.id from orders o join channels c on c.id = o.channel_id
    where c.code = 'US' and o.status in ('pending', 'processing') and not o.quote and not exists (select 1 from payments p where p.order_id = o.id)
    and (select count(*) from order_line_items l where l.order_id = o.id and l.line_type = 0) >= 2 and o.id > 10 order by o.id desc limit 1`);
  const id = await cloneOrder(src.id);
  const po = `PO-I33-${id}`;
  const lines = await sqlRows<{ id: number }>(
    `select id from order_line_items where order_id = $1 and line_type = 0 order by sort, id`,
    [id],
  );
  const [a, b] = [lines[0].id, lines[1].id];
  await sqlRows(`delete from order_line_items where order_id = $1 and id not in ($2, $3)`, [id, a, b]);
  await sqlRows(`delete from order_fees where order_id = $1`, [id]);
  await sqlRows(`delete from order_promotions where order_id = $1`, [id]);
  await sqlRows(
    `update order_line_items set quantity = 1, unit_price = 1849.11, discount = 0, total = 1849.11, total_discounted = 1849.11, paid_total = 0, unpaid_total = 1849.11 where id = $1`,
    [a],
  );
  await sqlRows(
    `update order_line_items set quantity = 1, unit_price = 500.00, discount = 0, total = 500.00, total_discounted = 500.00, paid_total = 0, unpaid_total = 500.00 where id = $1`,
    [b],
  );
  await sqlRows(
    `update orders set status = 'processing', draft = false, quote = false, payment_type = 4, selected_payment_method = 'invoice:net30', po_number = $2,
    subtotal = 2349.11, discount = 0, org_discount = 0, shipping = 258.00, tax = 107.00, total = 2714.11, tax_exempt_id = null,
    tax_breakdown = '[{"name": "State sales tax", "rate": 0.0455, "amount": "107.00"}]'::jsonb, payment_due_on = current_date + 30 where id = $1`,
    [id, po],
  );
  return { id, po, lines: [a, b] };
}
