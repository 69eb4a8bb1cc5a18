/**
 * Two checks of stored orders:
 * - `orderArithmetic`: the sums a reader can do with a pencil, written here and not asked of the
 *   app (a line's list amount is unit price × quantity; its total is that less its own discount; its share of
 *   the promotions is total − total_discounted; the order's subtotal is the lines' list amounts, its
 *   discount the line discounts plus the promotions, its tax the sum of its tax breakdown, and
 *   total = subtotal − discount + shipping + tax).
 * - `orderDisagreements`: stored figures against the order editor's repricing of the same rows,
 *   so the storefront and the editor price one order the same way.
 */
import { toCents } from '../../src/domain/money.ts';
import { repriceOrder } from '../../src/domain/order-edit.ts';

export type Query = <T>(sql: string, params?: unknown[]) => Promise<T[]>;

type Row = {
  id: number;
  status: string;
  subtotal: string;
  discount: string;
  tax: string;
  shipping: string;
  total: string;
  org_discount: string;
  tax_exempt_id: string | null;
  tax_breakdown: { name: string; rate: number; amount: string }[];
};
type Line = {
  order_id: number;
  id: number;
  line_type: number;
  unit_price: string;
  quantity: number;
  paid_total: string;
  discount: string;
  total: string;
  total_discounted: string;
  is_part: boolean;
  applies_to: string | null;
  free_shipping: boolean | null;
};

export async function orderDisagreements(
  query: Query,
  where: string,
  params: unknown[] = [],
): Promise<{ count: number; out: string[] }> {
  const orders = await query<Row>(
    `select id, status, subtotal, discount, tax, shipping, total, org_discount, tax_exempt_id, tax_breakdown from orders where ${where} order by id`,
    params,
  );
  // A line is a part when its product is in the Parts category or one below it; a promotion line brings its promotion's conditions.
  const lines = await query<Line>(
    `select l.order_id, l.id, l.line_type, l.unit_price, l.quantity, l.paid_total, l.discount, l.total, l.total_discounted,
      exists (select 1 from product_categories pc where pc.product_id = l.product_id and pc.category_id in (with recursive t as (select id from categories where slug = 'parts'
        union select c.id from categories c join t on c.parent_id = t.id) select id from t)) as is_part, p.applies_to, p.free_shipping
    from order_line_items l left join promotions p on p.id = l.promotion_id where l.order_id = any($1) order by l.sort, l.id`,
    [orders.map((o) => o.id)],
  );
  const out: string[] = [];
  for (const o of orders) {
    const own = lines.filter((l) => l.order_id === o.id);
    // Each promotion at what its line shows it took (already in the order's currency); a free-shipping one's line also holds the shipping.
    const promotions = own
      .filter((l) => l.line_type === 5)
      .map((l) => ({
        configuration: [
          {
            actions: [{ value: String((-toCents(l.unit_price) - (l.free_shipping ? toCents(o.shipping) : 0)) / 100) }],
          },
        ],
        appliesTo: l.applies_to ?? 'all',
        freeShipping: !!l.free_shipping,
      }));
    const exempt = !!o.tax_exempt_id && o.tax_exempt_id !== '0';
    const r = repriceOrder(
      own.map((l) => ({
        key: l.id,
        line_type: l.line_type,
        unit_cents: toCents(l.unit_price),
        quantity: l.quantity,
        paid_cents: toCents(l.paid_total),
        tags: l.is_part ? ['part'] : [],
      })),
      promotions,
      {
        orgDiscount: o.org_discount,
        shippingCents: toCents(o.shipping),
        taxRates: o.tax_breakdown.map((t) => ({ name: t.name, rate: Number(t.rate) })),
        taxExempt: exempt,
      },
    );
    const stored = {
      subtotal: toCents(o.subtotal),
      discount: toCents(o.discount),
      tax: toCents(o.tax),
      total: toCents(o.total),
    };
    const priced = { subtotal: r.subtotal, discount: r.discount, tax: r.tax, total: r.total };
    if (JSON.stringify(stored) !== JSON.stringify(priced))
      out.push(`order ${o.id} (${o.status}): stored ${JSON.stringify(stored)}, priced ${JSON.stringify(priced)}`);
    for (const l of own.filter((x) => x.line_type !== 5)) {
      const p = r.lines.find((x) => x.key === l.id)!;
      const s = [toCents(l.discount), toCents(l.total), toCents(l.total_discounted)];
      if (JSON.stringify(s) !== JSON.stringify([p.discount, p.total, p.total_discounted]))
        out.push(`order ${o.id} line ${l.id}: stored ${s}, priced ${[p.discount, p.total, p.total_discounted]}`);
    }
  }
  return { count: orders.length, out };
}

const c = (v: string | number | null | undefined) => Math.round(Number(v ?? 0) * 100);

/** Orders whose stored rows do not add up to the figures stored beside them (see the file's comment). */
export async function orderArithmetic(
  query: Query,
  where: string,
  params: unknown[] = [],
): Promise<{ count: number; out: string[] }> {
  const orders = await query<Row>(
    `select id, status, subtotal, discount, tax, shipping, total, tax_breakdown from orders where ${where} order by id`,
    params,
  );
  const lines = await query<Line>(
    `select order_id, id, line_type, unit_price, quantity, discount, total, total_discounted from order_line_items where order_id = any($1) order by id`,
    [orders.map((o) => o.id)],
  );
  const out: string[] = [];
  for (const o of orders) {
    const own = lines.filter((l) => l.order_id === o.id);
    const goods = own.filter((l) => l.line_type !== 5);
    const promotions = own.filter((l) => l.line_type === 5);
    for (const l of goods) {
      if (c(l.unit_price) * l.quantity - c(l.discount) !== c(l.total))
        out.push(`order ${o.id} line ${l.id}: ${l.quantity} × ${l.unit_price} − ${l.discount} ≠ ${l.total}`);
      if (c(l.total_discounted) > c(l.total) || c(l.total_discounted) < 0)
        out.push(`order ${o.id} line ${l.id}: net ${l.total_discounted} outside 0…${l.total}`);
    }
    const list = goods.reduce((s, l) => s + c(l.unit_price) * l.quantity, 0);
    const lineDiscounts = goods.reduce((s, l) => s + c(l.discount), 0);
    const promoted = -promotions.reduce((s, l) => s + c(l.unit_price) * l.quantity, 0);
    const tax = (o.tax_breakdown ?? []).reduce((s, t) => s + c(t.amount), 0);
    if (list !== c(o.subtotal))
      out.push(`order ${o.id}: lines' list amounts sum to ${list / 100}, subtotal ${o.subtotal}`);
    if (lineDiscounts + promoted !== c(o.discount))
      out.push(
        `order ${o.id}: line discounts ${lineDiscounts / 100} + promotions ${promoted / 100} ≠ discount ${o.discount}`,
      );
    if ((o.tax_breakdown ?? []).length && tax !== c(o.tax))
      out.push(`order ${o.id}: tax lines sum to ${tax / 100}, tax ${o.tax}`);
    if (c(o.subtotal) - c(o.discount) + c(o.shipping) + c(o.tax) !== c(o.total))
      out.push(`order ${o.id}: ${o.subtotal} − ${o.discount} + ${o.shipping} + ${o.tax} ≠ ${o.total}`);
  }
  return { count: orders.length, out };
}
