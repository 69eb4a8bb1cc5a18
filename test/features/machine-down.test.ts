/**
 * "Machine down" over HTTP: the box on the buyer's cart, the shipping it offers (each
 * warehouse's fastest only, priced by the server), the flag kept on the order, and the staff's list.
 *
 * Figures by hand from the seed's rate table (src/db/seed/inventory.ts): one Drawbar Clevis
 * (HT-CLV, 3.4 kg, 20×10×8 cm → 0.32 kg by volume, so 3.4 kg billed) from Des Moines (503xx) to
 * Ames (50010) is the "local" zone (× 0.8), to a residence:
 *   UPS Ground           7.60 + 0.68 × 3.4 = 2.31 → 9.91 + 4.50 = 14.41, 1–2 days
 *   FedEx Express Saver 19.20 + 1.76 × 3.4 = 5.98 → 25.18 + 5.25 = 30.43, 1 day   ← fastest
 */
import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { agent, signIn } from '../helpers/http.ts';
import { productIdByStockcode, sqlRows, testServer } from '../helpers/server.ts';
import { newCustomer, place, xhr } from './checkout-helpers.ts';

type Rate = { quote_id: number; description: string; total: { value: string }; min_days: number; max_days: number };
type Reply = { warehouses: { rates: Rate[] }[]; machineDown?: boolean };

const rows = (html: string) =>
  [...html.matchAll(/<tr data-href="\/admin\/orders\/detail\/(\d+)" data-order-id="\d+">([\s\S]*?)<\/tr>/g)].map(
    (m) => ({ id: Number(m[1]), html: m[2] }),
  );

describe('machine down at checkout', function () {
  this.timeout(120_000);
  let product: number;
  before(async () => {
    await testServer();
    product = await productIdByStockcode('HT-CLV');
    await sqlRows('update inventory set quantity = greatest(quantity, 50) where product_id = $1', [product]);
  });

  const offered = (r: Reply) =>
    r.warehouses.flatMap((w) => w.rates.map((x) => `${x.description} ${x.total.value} ${x.min_days}-${x.max_days}`));

  it('offers the fastest shipping only, refuses the quotes offered before, and keeps the flag on the placed order', async () => {
    const c = await newCustomer(product, 1);
    const plain = await c.a.get(`/en-us/order/shipping-method?addressId=${c.shipTo}`).set(xhr(c.token));
    expect(plain.status, plain.text).to.equal(200);
    expect(offered(plain.body)).to.include.members(['UPS Ground 14.41 1-2', 'FedEx Express Saver 30.43 1-1']);
    const cheapest = (plain.body as Reply).warehouses[0].rates.find((r) => r.description === 'UPS Ground')!;

    const on = await c.a
      .post('/en-us/order/machine-down')
      .set(xhr(c.token))
      .send({ order_id: c.orderId, machine_down: true });
    expect(on.status, on.text).to.equal(200);
    expect(on.body.machine_down).to.equal(true);
    expect(on.body.shipping.machineDown).to.equal(true);
    expect(offered(on.body.shipping)).to.deep.equal(['FedEx Express Saver 30.43 1-1']);
    // The shipping chosen before is gone with its quotes: the totals carry no shipping until one is chosen.
    expect(on.body.totals.shipping).to.equal('0.00');

    // Asking again offers the same one quote.
    const again = await c.a.get(`/en-us/order/shipping-method?addressId=${c.shipTo}`).set(xhr(c.token));
    expect(offered(again.body)).to.deep.equal(['FedEx Express Saver 30.43 1-1']);
    expect(again.body.machineDown).to.equal(true);

    // The cheaper quote offered before cannot be chosen now (a script posting its id).
    const stale = await c.a
      .post('/en-us/order/shipping-method')
      .set(xhr(c.token))
      .send({ order_id: c.orderId, selected_methods: [cheapest.quote_id] });
    expect(stale.status, stale.text).to.equal(400);
    expect(stale.body.error.code).to.equal('quote_invalid');

    const fastest = (again.body as Reply).warehouses[0].rates[0];
    const chosen = await c.a
      .post('/en-us/order/shipping-method')
      .set(xhr(c.token))
      .send({ order_id: c.orderId, selected_methods: [fastest.quote_id] });
    expect(chosen.status, chosen.text).to.equal(200);
    expect(chosen.body.totals.shipping).to.equal('30.43');

    const placed = await place(c.a, c.token, randomUUID(), {
      order_id: c.orderId,
      payment_type: 2,
      check_number: '5150',
      expected_total: chosen.body.totals.total,
    });
    expect(placed.status, placed.text).to.equal(201);
    const [order] = await sqlRows<{ machine_down: boolean; marked: boolean; shipping: string }>(
      'select machine_down, machine_down_at is not null as marked, shipping::text from orders where id = $1',
      [c.orderId],
    );
    expect(order).to.deep.equal({ machine_down: true, marked: true, shipping: '30.43' });
    const page = await c.a.get(placed.body.redirect);
    expect(page.text).to.include('data-testid="order-machine-down"').and.include('Machine down:');
    // The confirmation mail says it too.
    const mailer = (await testServer()).services.mailer as unknown as { list(): Promise<{ content: string }[]> };
    const mail = (await mailer.list()).find(
      (m) => m.content.includes(`Order #${c.orderId}`) && m.content.includes(c.email),
    );
    expect(mail?.content.replace(/=\r?\n/g, '')).to.include('Machine down: your order ships by the fastest way');
  });

  it('unticked, both quotes are offered again and the flag is cleared', async () => {
    const c = await newCustomer(product, 1);
    const post = (machine_down: boolean) =>
      c.a.post('/en-us/order/machine-down').set(xhr(c.token)).send({ order_id: c.orderId, machine_down });
    expect((await post(true)).status).to.equal(200);
    const off = await post(false);
    expect(off.status, off.text).to.equal(200);
    expect(offered(off.body.shipping)).to.include.members(['UPS Ground 14.41 1-2', 'FedEx Express Saver 30.43 1-1']);
    const [order] = await sqlRows<{ machine_down: boolean; machine_down_at: Date | null }>(
      'select machine_down, machine_down_at from orders where id = $1',
      [c.orderId],
    );
    expect(order).to.deep.equal({ machine_down: false, machine_down_at: null });
  });

  it('refuses a box that is neither ticked nor unticked, in the visitor’s language, writing nothing', async () => {
    const c = await newCustomer(product, 1);
    const bad = await c.a
      .post('/fr-ca/order/machine-down')
      .set(xhr(c.token))
      .send({ order_id: c.orderId, machine_down: 'perhaps' });
    expect(bad.status, bad.text).to.equal(400);
    expect(bad.body.error.fields.machine_down).to.equal('Indiquez si votre machine est en panne.');
    const other = await c.a
      .post('/en-us/order/machine-down')
      .set(xhr(c.token))
      .send({ order_id: c.orderId + 100000, machine_down: true });
    expect(other.status, other.text).to.equal(400);
    expect(other.body.error.fields.order_id).to.equal('That is not your open order.');
    const [order] = await sqlRows<{ machine_down: boolean }>('select machine_down from orders where id = $1', [
      c.orderId,
    ]);
    expect(order.machine_down).to.equal(false);
  });

  it('a visitor who is not signed in cannot mark a cart', async () => {
    const a = await agent();
    const res = await a
      .post('/en-us/order/machine-down')
      .set({ 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' })
      .send({ order_id: 1, machine_down: true });
    expect([401, 403]).to.include(res.status);
  });
});

describe('machine down for the staff', function () {
  this.timeout(120_000);
  let marked: number;
  before(async () => {
    await testServer();
    const [o] = await sqlRows<{ id: number }>(
      `select id from orders where status = 'processing' and not machine_down order by created_at limit 1`,
    );
    marked = o.id;
    await sqlRows('update orders set machine_down = true, machine_down_at = now() where id = $1', [marked]);
  });
  after(async () => {
    await sqlRows('update orders set machine_down = false, machine_down_at = null where id = $1', [marked]);
  });

  it('lists machine-down orders first with their badge, and ?machine_down=1 lists only them', async () => {
    const staff = await agent();
    await signIn(staff, 'staff@example.com');
    const list = await staff.get('/en-us/account/dashboard/orders');
    expect(list.status).to.equal(200);
    const first = rows(list.text);
    const flagged = await sqlRows<{ id: number }>(
      `select id from orders where machine_down and status <> 'cart' order by created_at desc, id desc`,
    );
    // Every machine-down order comes before the others (the oldest processing order included).
    expect(first.slice(0, flagged.length).map((r) => r.id)).to.deep.equal(flagged.map((r) => r.id).slice(0, 25));
    expect(first.find((r) => r.id === marked)?.html).to.include('data-testid="order-machine-down"');
    expect(first.filter((r) => !r.html.includes('order-machine-down')).length).to.equal(first.length - flagged.length);

    const only = await staff.get('/en-us/account/dashboard/orders?machine_down=1');
    expect(rows(only.text).every((r) => r.html.includes('order-machine-down'))).to.equal(true);
    expect(only.text).to.match(/name="machine_down" value="1" checked/);

    const detail = await staff.get(`/admin/orders/detail/${marked}`);
    expect(detail.text).to.include('data-testid="order-machine-down-note"');

    // A forged cursor of the default list is its first page.
    const forged = Buffer.from(JSON.stringify(['1|not a time', 5])).toString('base64url');
    const junk = await staff.get(`/en-us/account/dashboard/orders?after=${forged}`);
    expect(junk.status).to.equal(200);
    expect(rows(junk.text)[0].id).to.equal(first[0].id);

    const bad = await staff.get('/en-us/account/dashboard/orders?machine_down=yes');
    expect(bad.status).to.equal(400);

    // The dashboard counts the open ones (pending, processing, on hold) and links to the filtered list.
    const [open] = await sqlRows<{ n: number }>(
      `select count(*)::int as n from orders where machine_down and status in ('pending', 'processing', 'on_hold')`,
    );
    expect(open.n).to.be.greaterThan(0);
    const home = await staff.get('/account/dashboard');
    const tile = /href="([^"]+)" data-testid="stat-machine-down">(\d+)</.exec(home.text);
    expect(tile?.[1]).to.match(/\/account\/dashboard\/orders\?machine_down=1$/);
    expect(Number(tile?.[2])).to.equal(open.n);
  });
});
