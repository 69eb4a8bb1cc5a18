/**
 * Orders whose stored figures differ from what the order editor's repricing (repriceOrder) finds
 * from their own stored lines, promotions, shipping and tax rates (issue 24: one order pricing).
 */
import { toCents } from '../../src/domain/money.ts';
import { repriceOrder } from '../../src/domain/order-edit.ts';

export type Query = <T>(sql: string, params?: unknown[]) => Promise<T[]>;

type Row = { id: number; status: string; subtotal: string; discount: string; tax: string; shipping: string; total: string; org_discount: string; tax_exempt_id: string | null; tax_breakdown: { name: string; rate: number; amount: string }[] };
type Line = {
  order_id: number; id: number; line_type: number; unit_price: string; quantity: number; paid_total: string; discount: string; total: string; total_discounted: string;
  is_part: boolean; applies_to: string | null; free_shipping: boolean | null;
};

export async function orderDisagreements(query: Query, where: string, params: unknown[] = []): Promise<{ count: number; out: string[] }> {
  const orders = await query<Row>(`select id, status, subtotal, discount, tax, shipping, total, org_discount, tax_exempt_id, tax_breakdown from orders where ${where} order by id`, params);
  // A line is a part when its product is in the Parts category or one below it; a promotion line brings its promotion's conditions.
  const lines = await query<Line>(`select l.order_id, l.id, l.line_type, l.unit_price, l.quantity, l.paid_total, l.discount, l.total, l.total_discounted,
      exists (select 1 from product_categories pc where pc.product_id = l.product_id and pc.category_id in (with recursive t as (select id from categories where slug = 'parts'
        union select c.id from categories c join t on c.parent_id = t.id) select id from t)) as is_part, p.applies_to, p.free_shipping
    from order_line_items l left join promotions p on p.id = l.promotion_id where l.order_id = any($1) order by l.sort, l.id`, [orders.map((o) => o.id)]);
  const out: string[] = [];
  for (const o of orders) {
    const own = lines.filter((l) => l.order_id === o.id);
    // Each promotion at what its line shows it took (already in the order's currency); a free-shipping one's line also holds the shipping.
    const promotions = own.filter((l) => l.line_type === 5).map((l) => ({
      configuration: [{ actions: [{ value: String((-toCents(l.unit_price) - (l.free_shipping ? toCents(o.shipping) : 0)) / 100) }] }],
      appliesTo: l.applies_to ?? 'all', freeShipping: !!l.free_shipping,
    }));
    const exempt = !!o.tax_exempt_id && o.tax_exempt_id !== '0';
    const r = repriceOrder(
      own.map((l) => ({ key: l.id, line_type: l.line_type, unit_cents: toCents(l.unit_price), quantity: l.quantity, paid_cents: toCents(l.paid_total), tags: l.is_part ? ['part'] : [] })),
      promotions,
      { orgDiscount: o.org_discount, shippingCents: toCents(o.shipping), taxRates: o.tax_breakdown.map((t) => ({ name: t.name, rate: Number(t.rate) })), taxExempt: exempt },
    );
    const stored = { subtotal: toCents(o.subtotal), discount: toCents(o.discount), tax: toCents(o.tax), total: toCents(o.total) };
    const priced = { subtotal: r.subtotal, discount: r.discount, tax: r.tax, total: r.total };
    if (JSON.stringify(stored) !== JSON.stringify(priced)) out.push(`order ${o.id} (${o.status}): stored ${JSON.stringify(stored)}, priced ${JSON.stringify(priced)}`);
    for (const l of own.filter((x) => x.line_type !== 5)) {
      const p = r.lines.find((x) => x.key === l.id)!;
      const s = [toCents(l.discount), toCents(l.total), toCents(l.total_discounted)];
      if (JSON.stringify(s) !== JSON.stringify([p.discount, p.total, p.total_discounted])) out.push(`order ${o.id} line ${l.id}: stored ${s}, priced ${[p.discount, p.total, p.total_discounted]}`);
    }
  }
  return { count: orders.length, out };
}
