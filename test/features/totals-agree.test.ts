/**
 * Issue 24: the cart, checkout, the order editor and the demo seed agree on an order's figures to
 * the cent. The order editor's repricing (repriceOrder) is run over what each of the others wrote
 * (the stored lines, promotions, shipping and tax rates) and must find the very figures stored.
 */
import { expect } from 'chai';
import { repriceOrder } from '../../src/domain/order-edit.ts';
import { toCents } from '../../src/domain/money.ts';
import { agent, csrf } from '../helpers/http.ts';
import { productIdByStockcode, sqlRows, testServer } from '../helpers/server.ts';

type Row = { id: number; status: string; subtotal: string; discount: string; tax: string; shipping: string; total: string; org_discount: string; tax_exempt_id: string | null; tax_breakdown: { name: string; rate: number; amount: string }[] };
type Line = { order_id: number; id: number; line_type: number; unit_price: string; quantity: number; paid_total: string; discount: string; total: string; total_discounted: string };

async function disagreements(where: string, params: unknown[] = []) {
  const orders = await sqlRows<Row>(`select id, status, subtotal, discount, tax, shipping, total, org_discount, tax_exempt_id, tax_breakdown from orders where ${where} order by id`, params);
  const lines = await sqlRows<Line>('select order_id, id, line_type, unit_price, quantity, paid_total, discount, total, total_discounted from order_line_items where order_id = any($1) order by sort, id', [orders.map((o) => o.id)]);
  const out: string[] = [];
  for (const o of orders) {
    const own = lines.filter((l) => l.order_id === o.id);
    const promotions = own.filter((l) => l.line_type === 5).map((l) => ({ configuration: [{ actions: [{ value: String(-Number(l.unit_price)) }] }] }));
    const exempt = !!o.tax_exempt_id && o.tax_exempt_id !== '0';
    const r = repriceOrder(
      own.map((l) => ({ key: l.id, line_type: l.line_type, unit_cents: toCents(l.unit_price), quantity: l.quantity, paid_cents: toCents(l.paid_total) })),
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

describe('order figures agree: cart, checkout, order editor and seed', () => {
  before(async () => {
    await testServer();
  });

  it('every demo order (organisation discounts, promotions, shipping, tax, exemption, EPP) is priced as the order editor prices it', async () => {
    const { count, out } = await disagreements(`status not in ('cart', 'quote')`);
    expect(count).to.be.greaterThan(40);
    expect(out).to.deep.equal([]);
  });

  it('the demo seed charges the EPP fee on the amount financed, as checkout does', async () => {
    // 3.50 % of (total − down payment): the fee row must match the plan the EPP screen shows.
    const rows = await sqlRows<{ total: string; percent_down: number; fee: string }>(
      `select o.total, o.epp_percent_down as percent_down, f.amount as fee from orders o join order_fees f on f.order_id = o.id and f.name = 'EPP fee' where o.epp_percent_down is not null order by o.id limit 5`,
    );
    expect(rows.length).to.be.greaterThan(0);
    for (const r of rows) {
      const total = toCents(r.total);
      const financed = total - Math.round((total * r.percent_down) / 100);
      expect(toCents(r.fee), `order total ${r.total}, ${r.percent_down} % down`).to.equal(Math.round(financed * 0.035));
    }
  });

  it('a cart the storefront priced (two products, the promotions in force) is priced the same by the order editor', async () => {
    const a = await agent();
    const token = await csrf(a, '/en-us/products');
    const headers = { 'X-CSRF-Token': token, 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' };
    for (const [code, quantity] of [['DEMO-SEED-PLATE', 3], ['DEMO-CONFIG', 1]] as const) {
      const res = await a.post('/en-us/cart/add/inline').set(headers).send({ product_id: await productIdByStockcode(code), quantity, selections: [] });
      expect(res.status, res.text).to.equal(200);
    }
    const [cart] = await sqlRows<{ id: number }>(`select order_id as id from order_line_items where product_id = $1 order by id desc limit 1`, [await productIdByStockcode('DEMO-CONFIG')]);
    const { count, out } = await disagreements('id = $1', [cart.id]);
    expect(count).to.equal(1);
    expect(out).to.deep.equal([]);
  });
});
