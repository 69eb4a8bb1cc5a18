/**
 * POST /{locale}/shipping/estimate over HTTP against the seeded app: quotes for a product and for
 * the visitor's cart, in the channel's currency; 400 / 404 / 403 in the contract's error shape.
 */
import { expect } from 'chai';
import { agent, csrf, signIn, type Agent } from '../helpers/http.ts';
import { randomUUID } from 'node:crypto';
import { productIdByStockcode, sqlRows } from '../helpers/server.ts';
import { chooseShipping, newCustomer, place } from './checkout-helpers.ts';

const idOf = productIdByStockcode;

type Ctx = { a: Agent; token: string };
async function visitor(locale = 'en-us'): Promise<Ctx> {
  const a = await agent();
  return { a, token: await csrf(a, `/${locale}/`) };
}

const xhr = (c: Ctx, path: string) =>
  c.a
    .post(path)
    .set('X-Requested-With', 'XMLHttpRequest')
    .set('Accept', 'application/json')
    .set('X-CSRF-Token', c.token);

describe('shipping estimate (HTTP)', function () {
  this.timeout(60_000);
  let plate: number;

  before(async () => {
    plate = await idOf('DEMO-SEED-PLATE');
  });

  it('quotes a product to a US ZIP from every US warehouse with stock, cheapest first, with debug', async () => {
    const c = await visitor();
    const res = await xhr(c, '/en-us/shipping/estimate')
      .type('form')
      .send({ product_id: plate, quantity: 2, country: 'US', postal_code: '60601', residential: '1' });
    expect(res.status).to.equal(200);
    expect(res.body.quote).to.be.a('string').and.include('data-testid="shipping-quote"');
    expect(res.body.quote).to.include('UPS Ground');
    const d = res.body.debug;
    // 0.45 kg plates, 25 × 25 × 1 cm (0.125 kg dimensional): actual weight wins, times two.
    expect(d.billable_weight_kg).to.equal(0.9);
    expect(d.warehouse_ids).to.deep.equal([1, 2]); // the US channel prefers Des Moines, then Saskatoon
    expect(d.zones).to.deep.equal({ 1: 'domestic', 2: 'international' });
    expect(d.currency).to.equal('USD');
    expect(d.items).to.deep.equal([{ product_id: plate, quantity: 2 }]);

    const ups = d.rates.find((r: any) => r.warehouse_id === 1 && r.service === 'UPS Ground');
    // The seeded UPS Ground domestic row under 5 kg: $9.50 + $0.85/kg × 0.9 kg ($0.765, half away
    // from zero: $0.77) + $4.50 residential = $14.77.
    expect(ups.total).to.deep.equal({ value: '14.77', currency: 'USD' });
    expect(res.body.quote).to.include('$14.77');
    // Freight does not carry 0.9 kg (its bracket starts at 30 kg).
    expect(d.rates.map((r: any) => r.service)).not.to.include('LTL Freight');
    for (const id of [1, 2]) {
      const totals = d.rates.filter((r: any) => r.warehouse_id === id).map((r: any) => Number(r.total.value));
      expect(totals, `warehouse ${id} sorted`).to.deep.equal([...totals].sort((x, y) => x - y));
    }
  });

  it('uses the local zone near the warehouse and leaves the residential surcharge off for a business', async () => {
    const c = await visitor();
    const res = await xhr(c, '/en-us/shipping/estimate').send({
      product_id: plate,
      country: 'US',
      postal_code: '50309-1234',
    });
    expect(res.status).to.equal(200);
    expect(res.body.debug.zones['1']).to.equal('local');
    expect(res.body.debug.postal_code).to.equal('50309-1234');
    expect(res.body.debug.residential).to.equal(false);
    const ups = res.body.debug.rates.find((r: any) => r.warehouse_id === 1 && r.service === 'UPS Ground');
    // Local is 0.8 × domestic: $7.60 + $0.68/kg × 0.45 kg ($0.306: $0.31), no surcharge = $7.91.
    expect(ups.total.value).to.equal('7.91');
    // FedEx Express Saver takes exactly one business day locally; UPS Ground 1–2.
    expect(res.body.quote).to.include('1 business day');
    expect(res.body.quote).to.include('1–2 business days');
  });

  it('bills a bulky planter by its dimensional weight and offers only freight', async () => {
    const c = await visitor();
    const res = await xhr(c, '/en-us/shipping/estimate').send({
      product_id: await idOf('DEMO-CONFIG'),
      country: 'US',
      postal_code: '60601',
      residential: 'on',
    });
    expect(res.status).to.equal(200);
    // 560 × 330 × 190 cm / 5000 = 7022.4 kg > 2300 kg actual.
    expect(res.body.debug.billable_weight_kg).to.equal(7022.4);
    expect(new Set(res.body.debug.rates.map((r: any) => r.service))).to.deep.equal(new Set(['LTL Freight']));
  });

  it('answers 400 with the contract error shape for the postal code ABCDE', async () => {
    const c = await visitor();
    const res = await xhr(c, '/en-us/shipping/estimate')
      .type('form')
      .send({ product_id: plate, country: 'US', postal_code: 'ABCDE' });
    expect(res.status).to.equal(400);
    expect(res.body).to.have.keys('error');
    expect(res.body.error.code).to.equal('invalid_postal_code');
    expect(res.body.error.message).to.be.a('string').and.not.be.empty;
    expect(res.body.error.fields).to.have.property('postal_code');
  });

  it('answers 400 for a code that does not exist, a country without lanes, no country and a bad quantity', async () => {
    const c = await visitor();
    const send = (body: object) => xhr(c, '/en-us/shipping/estimate').send({ product_id: plate, ...body });
    expect((await send({ country: 'US', postal_code: '00000' })).status).to.equal(400);
    expect((await send({ country: 'CA', postal_code: 'D1A 1A1' })).status).to.equal(400);
    expect((await send({ country: 'FR', postal_code: '75001' })).status).to.equal(400);
    const noCountry = await send({ postal_code: '60601' });
    expect(noCountry.status).to.equal(400);
    expect(noCountry.body.error.message).to.equal('No country selected');
    const badQty = await send({ country: 'US', postal_code: '60601', quantity: '0' });
    expect(badQty.status).to.equal(400);
    expect(badQty.body.error.fields).to.have.property('quantity');
  });

  it('answers 404 for an unknown product', async () => {
    const c = await visitor();
    const res = await xhr(c, '/en-us/shipping/estimate').send({
      product_id: 987654,
      country: 'US',
      postal_code: '60601',
    });
    expect(res.status).to.equal(404);
    expect(res.body.error.code).to.equal('not_found');
  });

  it('refuses a request without the CSRF token with 403', async () => {
    const c = await visitor();
    const res = await c.a
      .post('/en-us/shipping/estimate')
      .set('X-Requested-With', 'XMLHttpRequest')
      .send({ product_id: plate, country: 'US', postal_code: '60601' });
    expect(res.status).to.equal(403);
    expect(res.body.error.code).to.equal('forbidden');
    const form = await c.a
      .post('/en-us/shipping/estimate')
      .type('form')
      .send({ product_id: plate, country: 'US', postal_code: '60601', _csrf: 'wrong' });
    expect(form.status).to.equal(403);
  });

  it('accepts the token as the _csrf form field too', async () => {
    const c = await visitor();
    const res = await c.a
      .post('/en-us/shipping/estimate')
      .set('X-Requested-With', 'XMLHttpRequest')
      .type('form')
      .send({ _csrf: c.token, product_id: plate, country: 'US', postal_code: '60601' });
    expect(res.status).to.equal(200);
  });

  it('prices in CAD on the Canadian channel (mid-market rate, rounded once) from Saskatoon first', async () => {
    const c = await visitor('en-ca');
    const res = await xhr(c, '/en-ca/shipping/estimate').send({
      product_id: plate,
      country: 'CA',
      postal_code: 's4p3y2',
      residential: 'true',
    });
    expect(res.status).to.equal(200);
    const d = res.body.debug;
    expect(d.channel).to.equal('CA');
    expect(d.currency).to.equal('CAD');
    expect(d.postal_code).to.equal('S4P 3Y2');
    expect(d.warehouse_ids).to.deep.equal([2, 1]);
    expect(d.zones).to.deep.equal({ 2: 'local', 1: 'international' });
    const post = d.rates.find((r: any) => r.warehouse_id === 2 && r.service === 'Expedited Parcel');
    // Canada Post local: $8.80 + $0.76/kg × 0.45 kg ($0.342: $0.34) + $3.75 residential = US$12.89;
    // × 1.37 CAD per USD = 17.6593, rounded once: CA$17.66.
    expect(post.total).to.deep.equal({ value: '17.66', currency: 'CAD' });
    for (const r of d.rates) expect(r.total.currency).to.equal('CAD');
    expect(res.body.quote).to.include('$17.66');
  });

  it('prices in MXN on the Mexican channel, in Spanish', async () => {
    const c = await visitor('es-mx');
    const res = await xhr(c, '/es-mx/shipping/estimate').send({
      product_id: plate,
      country: 'MX',
      postal_code: '44100',
    });
    expect(res.status).to.equal(200);
    expect(res.body.debug.currency).to.equal('MXN');
    expect(res.body.debug.zones).to.deep.equal({ 1: 'international' });
    expect(res.body.quote).to.include('Opciones de envío');
  });

  it("quotes the signed-in customer's cart when no product is given", async () => {
    const a = await agent();
    await signIn(a, 'customer@example.com');
    const c = { a, token: await csrf(a, '/en-us/') };
    const res = await xhr(c, '/en-us/shipping/estimate').send({
      country: 'US',
      postal_code: '60601',
      residential: '1',
    });
    expect(res.status).to.equal(200);
    expect(res.body.debug.items.length).to.be.greaterThan(0);
    expect(res.body.debug.billable_weight_kg).to.be.greaterThan(0);
  });

  it("shows the form on an anonymous visitor's cart page and quotes that cart", async () => {
    const c = await visitor();
    const add = await xhr(c, '/en-us/cart/add/inline').type('form').send({ product_id: plate, quantity: 4 });
    expect(add.status, JSON.stringify(add.body)).to.equal(200);
    const page = await c.a.get('/en-us/cart');
    expect(page.status).to.equal(200);
    expect(page.text).to.match(/data-behaviour="shipping-estimate" data-context="cart"/);
    expect(page.text).not.to.include('name="product_id"');
    const res = await xhr(c, '/en-us/shipping/estimate').send({
      country: 'US',
      postal_code: '60601',
      residential: '1',
    });
    expect(res.status).to.equal(200);
    expect(res.body.debug.items).to.deep.equal([{ product_id: plate, quantity: 4 }]);
    expect(res.body.debug.billable_weight_kg).to.equal(1.8);
  });

  it('says so when an anonymous visitor has no cart yet', async () => {
    const c = await visitor();
    const res = await xhr(c, '/en-us/shipping/estimate').send({ country: 'US', postal_code: '60601' });
    expect(res.status).to.equal(200);
    expect(res.body.debug.empty).to.equal('empty_cart');
    expect(res.body.quote).to.include('data-testid="shipping-quotes-empty"');
  });

  it('finds no warehouse for an out-of-stock product and says there are no options', async () => {
    const c = await visitor();
    const res = await xhr(c, '/en-us/shipping/estimate').send({
      product_id: await idOf('DEMO-OOS'),
      country: 'US',
      postal_code: '60601',
    });
    expect(res.status).to.equal(200);
    expect(res.body.debug.empty).to.equal('no_stock');
    expect(res.body.quote).to.include('No shipping options are available for these items.');
  });

  it('renders a result page for a plain form post (no script)', async () => {
    const c = await visitor();
    const res = await c.a
      .post('/en-us/shipping/estimate')
      .type('form')
      .send({ _csrf: c.token, product_id: plate, country: 'US', postal_code: '60601', residential: '1' });
    expect(res.status).to.equal(200);
    expect(res.headers['content-type']).to.match(/html/);
    expect(res.text).to.include('data-testid="shipping-quote"');
    expect(res.text).to.include('data-testid="shipping-estimate-form"');
    expect(res.text).to.include('value="60601"');
  });

  it('shows the form again with the message beside the postal code when a plain form post is refused', async () => {
    const c = await visitor();
    const res = await c.a.post('/en-us/shipping/estimate').type('form').send({
      _csrf: c.token,
      context: 'product',
      product_id: plate,
      country: 'US',
      postal_code: 'ABCDE',
      residential: '1',
    });
    expect(res.status).to.equal(400);
    expect(res.headers['content-type']).to.match(/html/);
    expect(res.text).to.include('data-testid="shipping-estimate-form"');
    expect(res.text).to.include('value="ABCDE"');
    expect(res.text).to.include('data-testid="form-error"');
    expect(res.text).to.match(/data-testid="field-error-postal_code">[^<]+</);
    expect(res.text).to.match(/aria-invalid="true" data-testid="shipping-postal-code"/);
    expect(res.text).not.to.include('data-testid="shipping-quote"');
    expect(res.text).to.include(`href="/en-us/products/${plate}"`);
    // what was typed is written back as text, never as markup
    const hostile = await c.a
      .post('/en-us/shipping/estimate')
      .type('form')
      .send({ _csrf: c.token, product_id: '1"><b>', country: 'US', postal_code: '"><i>x</i>' });
    expect(hostile.status).to.equal(400);
    expect(hostile.text).not.to.include('"><i>x</i>');
    expect(hostile.text).to.include('value="&#34;&gt;&lt;i&gt;x&lt;/i&gt;"');
    expect(hostile.text).to.include('href="/en-us/cart"');
  });

  it('a cart no single warehouse can fill but two can together: the estimate gives a price (split, as checkout ships it), and checkout places it', async () => {
    // Five safety chains: Des Moines holds 3, Saskatoon 3; neither alone has 5, together they have 6.
    const chain = await idOf('HT-SC-20');
    await sqlRows(
      `insert into inventory (warehouse_id, product_id, quantity, reserved) values (1, $1, 3, 0), (2, $1, 3, 0)
      on conflict (warehouse_id, product_id) do update set quantity = excluded.quantity, reserved = 0`,
      [chain],
    );
    const c = await visitor();
    const res = await xhr(c, '/en-us/shipping/estimate').send({
      product_id: chain,
      quantity: 5,
      country: 'US',
      postal_code: '50010',
      residential: '1',
    });
    expect(res.status, res.text).to.equal(200);
    expect(res.body.debug.empty).to.equal(undefined);
    expect(res.body.debug.warehouse_ids).to.deep.equal([1, 2]);
    expect(res.body.debug.split).to.equal(true);
    expect(res.body.quote).to.include('data-testid="shipping-quote"');

    // The same cart through checkout: one quote per warehouse of the split, and the order is placed.
    const buyer = await newCustomer(chain, 5);
    const cartEstimate = await xhr({ a: buyer.a, token: buyer.token }, '/en-us/shipping/estimate').send({
      country: 'US',
      postal_code: '50010',
      residential: '1',
    });
    expect(cartEstimate.status, cartEstimate.text).to.equal(200);
    expect(cartEstimate.body.debug.warehouse_ids).to.deep.equal([1, 2]);
    const { quotes, totals } = await chooseShipping(buyer.a, buyer.token, buyer.orderId, buyer.shipTo);
    expect(
      quotes.warehouses.map((w: { warehouseId: number; items: { quantity: number }[] }) => [
        w.warehouseId,
        w.items.map((i) => i.quantity),
      ]),
    ).to.deep.equal([
      [1, [3]],
      [2, [2]],
    ]);
    const placed = await place(buyer.a, buyer.token, randomUUID(), {
      order_id: buyer.orderId,
      payment_type: 2,
      check_number: '701',
      expected_total: totals.total,
    });
    expect(placed.status, placed.text).to.equal(201);

    // With 2 + 2 = 4 in all, five cannot ship: the estimate says no stock, as checkout would.
    await sqlRows('update inventory set quantity = 2, reserved = 0 where product_id = $1 and warehouse_id in (1, 2)', [
      chain,
    ]);
    const none = await xhr(c, '/en-us/shipping/estimate').send({
      product_id: chain,
      quantity: 5,
      country: 'US',
      postal_code: '50010',
      residential: '1',
    });
    expect(none.body.debug.empty).to.equal('no_stock');
  });
});
