/**
 * Fields the spec's data shapes name that the answers lacked (spec §3):
 * Address `method`, the creator's `phone`, a shipment quote's `method`, the shipping selection's
 * `commercialSelected` and `notificationSelected`, and a distributor entry's `warehouses`.
 */
import { expect } from 'chai';
import { agent, apiToken, csrf, signIn } from '../helpers/http.ts';
import { cloneOrder, productIdByStockcode, sqlRows } from '../helpers/server.ts';
import { chooseShipping, newCustomer, xhr } from './checkout-helpers.ts';

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const PE = '/en-us/account/dashboard/producteditor';

describe('spec §3 data shapes', function () {
  this.timeout(120_000);

  it('an order names its creator’s phone, the method chosen for its ship-to, and each quote’s method', async () => {
    const [src] = await sqlRows<{ id: number }>(
      `select id from orders where created_by is not null and status <> 'cart' order by id limit 1`,
    );
    const id = await cloneOrder(src.id);
    const [creator] = await sqlRows<{ id: number }>(`select created_by as id from orders where id = $1`, [id]);
    await sqlRows(`update users set phone = '515-555-0134' where id = $1`, [creator.id]);
    const [wh] = await sqlRows<{ id: number }>(`select id from warehouses order by id limit 1`);
    await sqlRows(`update orders set shipment_method = 'UPS_GROUND' where id = $1`, [id]);
    await sqlRows(
      `insert into shipment_quotes (order_id, warehouse_id, carrier, service_type, description, shipment_method, total, selected)
      values ($1, $2, 'UPS', 'GND', 'UPS Ground', 'UPS_GROUND', 18.40, true), ($1, $2, 'R+L Carriers', 'LTL', 'LTL Freight', 'R_L_CARRIERS_LTL_FREIGHT', 95.00, false)`,
      [id, wh.id],
    );
    const staff = await agent();
    await signIn(staff, 'staff@example.com');
    const res = await staff.get(`/en-us/api/orders/${id}/synchronize`).set(bearer(await apiToken(staff)));
    expect(res.status).to.equal(200);
    expect(res.body.creator.phone).to.equal('515-555-0134');
    expect(res.body.ship_to.method).to.equal('UPS_GROUND');
    if (res.body.bill_to) expect(res.body.bill_to.method).to.equal(null);
    expect(res.body.shipment_quotes.map((q: { method: string }) => q.method)).to.deep.equal([
      'UPS Ground',
      'R+L Carriers · LTL Freight',
    ]);
  });

  it('checkout: each rate names its method; the chosen rates come back as the spec’s selection state', async () => {
    const product = await productIdByStockcode('TL-GAUGE');
    // Other suites buy this gauge too: stock it, so the test does not depend on what ran before it.
    await sqlRows('update inventory set quantity = greatest(quantity, 50) where product_id = $1', [product]);
    const c = await newCustomer(product, 2);
    const { quotes } = await chooseShipping(c.a, c.token, c.orderId, c.shipTo);
    const rate = quotes.warehouses[0].rates[0];
    expect(rate.method).to.be.a('string').and.not.equal('');
    expect(rate.method).to.include(rate.carrier);
    const res = await c.a
      .post('/en-us/order/shipping-method')
      .set(xhr(c.token))
      .send({ order_id: c.orderId, selected_methods: [rate.quote_id] });
    expect(res.status, res.text).to.equal(200);
    expect(res.body.selections).to.deep.equal([
      {
        quote_id: rate.quote_id,
        warehouse_id: quotes.warehouses[0].warehouseId,
        items: quotes.warehouses[0].items.map((i: { lineId: number; quantity: number }) => ({
          lineId: i.lineId,
          quantity: i.quantity,
        })),
        price: rate.total.value,
        commercialSelected: !rate.residential,
        notificationSelected: false,
      },
    ]);
    expect(res.body.selections[0].items[0].quantity).to.equal(2);
  });

  it('product editor: a distributor entry lists the warehouses its organisation runs', async () => {
    const [maker] = await sqlRows<{ id: number }>(
      `select id from organisations where name = 'Harrow & Drill Manufacturing'`,
    );
    const [gp] = await sqlRows<{ id: number }>(`select id from distributors where name = 'Great Plains Parts'`);
    const [prairie] = await sqlRows<{ id: number }>(`select id from distributors where name = 'Prairie Supply'`);
    const houses = (
      await sqlRows<{ id: number }>(`select id from warehouses where organisation_id = $1 order by id`, [maker.id])
    ).map((w) => w.id);
    expect(houses.length).to.be.greaterThan(1);
    await sqlRows(`update distributors set organisation_id = $2 where id = $1`, [gp.id, maker.id]);
    try {
      const a = await agent();
      await signIn(a, 'staff@example.com');
      const token = await csrf(a, PE);
      const id = await productIdByStockcode('TL-GAUGE');
      const open = await a.post(`${PE}/open`).type('form').send({ product_id: id, _csrf: token });
      expect(open.status).to.equal(303);
      const auditId = Number(open.headers.location.split('/').pop());
      const sync = await a.get(`${PE}/${auditId}/synchronize`);
      const data = sync.body.data;
      const update = await a
        .post(`${PE}/${auditId}/update`)
        .set('X-CSRF-Token', token)
        .set('Accept', 'application/json')
        .send({
          updateData: {
            ...data,
            distributors: [
              { index: 0, distributor: gp.id, distributor_price: '10.00', distributor_quantity: 4, warehouses: [999] },
              { index: 1, distributor: prairie.id, distributor_price: '11.00', distributor_quantity: 2 },
            ],
          },
        });
      expect(update.status, update.text).to.equal(200);
      const after = (await a.get(`${PE}/${auditId}/synchronize`)).body.data;
      const byId = Object.fromEntries(
        after.distributors.map((d: { distributor: number; warehouses: number[] }) => [d.distributor, d.warehouses]),
      );
      expect(byId[gp.id]).to.deep.equal(houses); // the organisation's, not what was sent
      expect(byId[prairie.id]).to.deep.equal([]); // Prairie Supply runs no warehouse
      // The editor page offers each distributor with its warehouses too.
      const page = await a.get(`${PE}/${auditId}`);
      expect(page.text).to.include(`"warehouseIds":[${houses.join(',')}]`);
    } finally {
      await sqlRows(`update distributors set organisation_id = null where id = $1`, [gp.id]);
    }
  });
});
