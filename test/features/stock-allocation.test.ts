/**
 * Staff hand incoming stock to waiting orders, machine-down orders first. Figures by hand:
 * 5 units on the shelf; three open orders wait: A (placed 1 Jan) 4 units, B (2 Jan) 2 units,
 * C (5 Jan, machine down) 3 units. C is served first (5 − 3 = 2 left), A's 4 do not fit in 2,
 * B's 2 do (0 left), A waits. Then 4 more arrive and A gets them.
 */
import { expect } from 'chai';
import { agent, csrf, signIn, type Agent } from '../helpers/http.ts';
import { cloneOrder, sqlRows, testServer } from '../helpers/server.ts';
import { xhr } from './checkout-helpers.ts';

describe('stock allocation to waiting orders (machine down first)', function () {
  this.timeout(120_000);
  let staff: Agent;
  let token: string;
  let warehouse: number;
  let product: { id: number; stockcode: string };
  const lineOf: Record<string, number> = {};

  async function waitingOrder(name: string, day: string, quantity: number, machineDown: boolean) {
    const [source] = await sqlRows<{ id: number }>(
      `select o.id from orders o join channels c on c.id = o.channel_id where c.code = 'US' and o.status = 'processing' and not o.quote order by o.id limit 1`,
    );
    const id = await cloneOrder(source.id);
    await sqlRows(
      `update orders set machine_down = $2, draft = false, status = 'processing', ship_from_warehouse_id = null,
       created_at = ($3::date + time '09:00') at time zone 'UTC', submitted_at = ($3::date + time '09:00') at time zone 'UTC' where id = $1`,
      [id, machineDown, day],
    );
    const [line] = await sqlRows<{ id: number }>(
      'select id from order_line_items where order_id = $1 and line_type = 0 order by id limit 1',
      [id],
    );
    await sqlRows('delete from order_line_items where order_id = $1 and id <> $2', [id, line.id]);
    await sqlRows(
      'update order_line_items set product_id = $2, stockcode = $3, quantity = $4, warehouse_id = null where id = $1',
      [line.id, product.id, product.stockcode, quantity],
    );
    lineOf[name] = line.id;
  }

  before(async () => {
    await testServer();
    [{ id: warehouse }] = await sqlRows<{ id: number }>(`select id from warehouses where code = 'US-DSM'`);
    // A stocked part no open order asks for yet, so only the orders made here wait for it.
    [product] = await sqlRows<{ id: number; stockcode: string }>(
      `select p.id, p.stockcode from products p join inventory i on i.product_id = p.id and i.warehouse_id = $1
       where p.is_physical and not p.is_non_stock and p.inventory_type = 'stocked'
       and not exists (select 1 from order_line_items l join orders o on o.id = l.order_id
         where l.product_id = p.id and o.status in ('pending', 'processing', 'on_hold'))
       order by p.id limit 1`,
      [warehouse],
    );
    await sqlRows('update inventory set quantity = 5, reserved = 0 where warehouse_id = $1 and product_id = $2', [
      warehouse,
      product.id,
    ]);
    await waitingOrder('A', '2026-01-01', 4, false);
    await waitingOrder('B', '2026-01-02', 2, false);
    await waitingOrder('C', '2026-01-05', 3, true);
    staff = await agent();
    await signIn(staff, 'staff@example.com');
    token = await csrf(staff, '/en-us/account/dashboard/orders');
  });

  const allocations = async () =>
    Object.fromEntries(
      (
        await sqlRows<{ line: number; q: number }>(
          'select line_item_id as line, quantity as q from stock_allocations where line_item_id = any($1::int[])',
          [Object.values(lineOf)],
        )
      ).map((r) => [Object.keys(lineOf).find((k) => lineOf[k] === r.line)!, r.q]),
    );
  const shelf = async () =>
    (
      await sqlRows<{ q: number }>('select quantity as q from inventory where warehouse_id = $1 and product_id = $2', [
        warehouse,
        product.id,
      ])
    )[0].q;

  it('serves the machine-down order first, then the oldest line that fits, each line whole', async () => {
    const res = await staff
      .post('/en-us/account/dashboard/orders/allocate')
      .set(xhr(token))
      .send({ warehouse_id: warehouse, stockcode: product.stockcode.toLowerCase() });
    expect(res.status, res.text).to.equal(200);
    expect(res.body.served.map((s: { lineId: number; quantity: number }) => [s.lineId, s.quantity])).to.deep.equal([
      [lineOf.C, 3],
      [lineOf.B, 2],
    ]);
    expect(res.body.waiting).to.equal(1);
    expect(res.body.left).to.equal(0);
    expect(await allocations()).to.deep.equal({ C: 3, B: 2 });
    expect(await shelf()).to.equal(0);
  });

  it('when 4 more arrive, the order still waiting gets them', async () => {
    await sqlRows('update inventory set quantity = 4 where warehouse_id = $1 and product_id = $2', [
      warehouse,
      product.id,
    ]);
    const res = await staff
      .post('/en-us/account/dashboard/orders/allocate')
      .set(xhr(token))
      .send({ warehouse_id: warehouse, stockcode: product.stockcode });
    expect(res.status, res.text).to.equal(200);
    expect(res.body.waiting).to.equal(0);
    expect(await allocations()).to.deep.equal({ A: 4, B: 2, C: 3 });
    expect(await shelf()).to.equal(0);
  });

  it('the form answers the orders page with what was done', async () => {
    const res = await staff
      .post('/en-us/account/dashboard/orders/allocate')
      .type('form')
      .send({ _csrf: token, warehouse_id: warehouse, stockcode: product.stockcode });
    expect(res.status).to.equal(303);
    expect(res.headers.location).to.equal('/en-us/account/dashboard/orders');
    const page = await staff.get(res.headers.location);
    expect(page.text).to.include('Lines served: 0 (0 machine down). Lines still waiting: 0.');
  });

  it('refuses a missing part number in the visitor’s language and an unknown one, changing nothing', async () => {
    const bad = await staff
      .post('/fr-ca/account/dashboard/orders/allocate')
      .set(xhr(token))
      .send({ warehouse_id: warehouse, stockcode: ' ' });
    expect(bad.status, bad.text).to.equal(400);
    expect(bad.body.error.fields.stockcode).to.equal('Saisissez un numéro de pièce.');
    const unknown = await staff
      .post('/en-us/account/dashboard/orders/allocate')
      .set(xhr(token))
      .send({ warehouse_id: warehouse, stockcode: 'NO-SUCH-PART-1' });
    expect(unknown.status, unknown.text).to.equal(404);
    expect(await allocations()).to.deep.equal({ A: 4, B: 2, C: 3 });
  });

  it('a customer may not allocate stock; a visitor must sign in', async () => {
    const customer = await agent();
    await signIn(customer, 'customer@example.com');
    const t = await csrf(customer, '/en-us/account');
    const res = await customer
      .post('/en-us/account/dashboard/orders/allocate')
      .set(xhr(t))
      .send({ warehouse_id: warehouse, stockcode: product.stockcode });
    expect(res.status).to.equal(403);
    const anon = await agent();
    const t2 = await csrf(anon, '/en-us/login');
    const none = await anon
      .post('/en-us/account/dashboard/orders/allocate')
      .set(xhr(t2))
      .send({ warehouse_id: warehouse, stockcode: product.stockcode });
    expect(none.status).to.equal(401);
  });
});
