/**
 * The events other areas emit, end to end on the shared app: placing an order through checkout
 * writes order.created, payment.recorded and an inventory.changed per stock taken in the order's
 * own transaction, and a subscribed webhook receives them, signed; a declined card writes none.
 */
import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { Webhook } from 'standardwebhooks';
import { chooseShipping, newCustomer, place, tokenize } from './checkout-helpers.ts';
import { productIdByStockcode, sqlRows, testServer } from '../helpers/server.ts';
import { signedIn } from '../helpers/signed-in.ts';
import { startReceiver } from '../helpers/webhook-receiver.ts';

describe('webhook events from checkout (HTTP)', function () {
  this.timeout(120_000);

  it('a placed order sends order.created and payment.recorded, signed; a declined card sends nothing', async () => {
    await testServer();
    const product = await productIdByStockcode('HT-CLV');
    await sqlRows('update inventory set quantity = greatest(quantity, 50) where product_id = $1', [product]);
    const rec = await startReceiver();
    const { a, token } = await signedIn('admin@example.com');
    const hook = await a
      .post('/en-us/account/dashboard/integrations')
      .set({ Accept: 'application/json', 'X-CSRF-Token': token })
      .send({ url: rec.url, events: ['order.created', 'payment.recorded'], active: true });
    expect(hook.status, JSON.stringify(hook.body)).to.equal(201);
    try {
      // Declined: the transaction rolls back, so no event exists for that order.
      const d = await newCustomer(product, 1);
      const dt = await chooseShipping(d.a, d.token, d.orderId, d.shipTo);
      const declined = await place(d.a, d.token, randomUUID(), {
        order_id: d.orderId,
        payment_type: 1,
        token: await tokenize(d.a, d.token, '4000000000000002'),
        expected_total: dt.totals.total,
      });
      expect(declined.status).to.equal(402);
      expect(
        await sqlRows("select id from webhook_events where (payload->>'orderId')::int = $1", [d.orderId]),
      ).to.have.length(0);

      const c = await newCustomer(product, 2);
      const { totals } = await chooseShipping(c.a, c.token, c.orderId, c.shipTo);
      const res = await place(c.a, c.token, randomUUID(), {
        order_id: c.orderId,
        payment_type: 2,
        check_number: '7781',
        expected_total: totals.total,
      });
      expect(res.status, res.text).to.equal(201);
      const events = await sqlRows<{
        type: string;
        payload: {
          warehouseId?: number;
          productId?: number;
          stockcode?: string;
          before?: number;
          after?: number;
          source?: string;
        };
      }>("select type, payload from webhook_events where (payload->>'orderId')::int = $1 order by id", [c.orderId]);
      expect(events.map((e) => e.type).slice(0, 2)).to.deep.equal(['order.created', 'payment.recorded']);
      // The stock checkout took: one inventory.changed per warehouse row, adding up to the 2 ordered.
      const stock = events.filter((e) => e.type === 'inventory.changed').map((e) => e.payload);
      expect(stock.length).to.be.greaterThan(0);
      expect(stock.reduce((n, e) => n + e.before! - e.after!, 0)).to.equal(2);
      for (const e of stock) {
        expect(e).to.include({ productId: product, stockcode: 'HT-CLV', source: 'checkout' });
        const [row] = await sqlRows<{ quantity: number }>(
          'select quantity from inventory where product_id = $1 and warehouse_id = $2',
          [product, e.warehouseId],
        );
        expect(row.quantity).to.equal(e.after);
      }
      const got = await rec.waitFor((r) => r.length >= 2);
      const bodies = got.map(
        (r) =>
          new Webhook(hook.body.secret).verify(r.body, r.headers) as {
            type: string;
            data: { orderId: number; total?: string; amount?: string };
          },
      );
      const mine = bodies.filter((b) => b.data.orderId === c.orderId);
      expect(mine.map((b) => b.type).sort()).to.deep.equal(['order.created', 'payment.recorded']);
      expect(mine.find((b) => b.type === 'order.created')!.data.total).to.equal(res.body.total);
      expect(mine.find((b) => b.type === 'payment.recorded')!.data.amount).to.equal(res.body.total);
    } finally {
      await a
        .post(`/en-us/account/dashboard/integrations/${hook.body.id}/delete`)
        .set({ Accept: 'application/json', 'X-CSRF-Token': token })
        .send({});
      await rec.close();
    }
  });
});
