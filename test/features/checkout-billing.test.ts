/**
 * Checkout's customer info (spec §4, §5, §9): a billing address that differs from the shipping
 * address, kept on the placed order; and the server's words for a missing country.
 */
import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { agent, csrf, signIn } from '../helpers/http.ts';
import { productIdByStockcode, sqlRows } from '../helpers/server.ts';
import { addToCart, chooseShipping, newCustomer, place, xhr } from './checkout-helpers.ts';

const bank = {
  billingAddressId: 'add-new',
  'billing-firstName': 'Acct',
  'billing-lastName': 'Payable',
  'billing-address1': '400 Locust Street',
  'billing-city': 'Des Moines',
  'billing-country': 'US',
  'billing-region': 'IA',
  'billing-postalcode': '50309',
};

describe('checkout: billing address and missing country', function () {
  this.timeout(120_000);
  let product: number;
  before(async () => {
    product = await productIdByStockcode('HT-CLV');
    await sqlRows(`update inventory set quantity = greatest(quantity, 50) where product_id = $1`, [product]);
  });

  it('billing follows shipping unless a new billing address is given; the order keeps the copy of each', async () => {
    const same = await newCustomer(product, 1);
    const [s] = await sqlRows<{ ship: number; bill: number }>(
      'select ship_to_address_id as ship, bill_to_address_id as bill from orders where id = $1',
      [same.orderId],
    );
    expect(s.bill).to.equal(s.ship);

    const c = await newCustomer(product, 1, bank);
    const [o] = await sqlRows<{ ship: number; bill: number }>(
      'select ship_to_address_id as ship, bill_to_address_id as bill from orders where id = $1',
      [c.orderId],
    );
    expect(o.bill).not.to.equal(o.ship);
    const { totals } = await chooseShipping(c.a, c.token, c.orderId, c.shipTo);
    const res = await place(c.a, c.token, randomUUID(), {
      order_id: c.orderId,
      payment_type: 2,
      check_number: '2210',
      expected_total: totals.total,
    });
    expect(res.status, res.text).to.equal(201);
    const [placed] = await sqlRows<{ ship_to: Record<string, unknown>; bill_to: Record<string, unknown> }>(
      'select ship_to, bill_to from orders where id = $1',
      [c.orderId],
    );
    expect(placed.ship_to).to.include({
      address1: '12 Main Street',
      city: 'Ames',
      regionCode: 'IA',
      postalCode: '50010',
    });
    expect(placed.bill_to).to.include({
      firstName: 'Acct',
      lastName: 'Payable',
      address1: '400 Locust Street',
      city: 'Des Moines',
      regionCode: 'IA',
      postalCode: '50309',
      countryCode: 'US',
    });
  });

  it("a returning buyer bills to another saved address, or back to the ship-to; a stranger's address is refused", async () => {
    const a = await agent();
    await signIn(a, 'will.harper@acme.example');
    const token = await csrf(a, '/en-us/cart');
    await addToCart(a, token, product, 1);
    const [shop] = await sqlRows<{ id: number }>(
      `select a.id from addresses a join users u on u.id = a.user_id where u.email = 'will.harper@acme.example' and a.address1 = '4410 FM 1585'`,
    );
    const [foreign] = await sqlRows<{ id: number }>(
      `select a.id from addresses a join users u on u.id = a.user_id where u.email = 'customer@example.com' limit 1`,
    );
    const newShip = {
      returning: 'true',
      shippingAddressId: 'add-new',
      'new-shipping-firstName': 'Will',
      'new-shipping-lastName': 'Harper',
      'new-shipping-address1': '9 Barn Lane',
      'new-shipping-city': 'Ames',
      'new-shipping-country': 'US',
      'new-shipping-region': 'IA',
      'new-shipping-postalcode': '50010',
    };
    const other = await a
      .post('/en-us/order/customer-info')
      .set(xhr(token))
      .send({ ...newShip, billingAddressId: shop.id });
    expect(other.status, other.text).to.equal(200);
    expect(other.body.bill_to).to.equal(shop.id);
    expect(other.body.ship_to).not.to.equal(shop.id);
    const refused = await a
      .post('/en-us/order/customer-info')
      .set(xhr(token))
      .send({ ...newShip, billingAddressId: foreign.id });
    expect(refused.status, refused.text).to.equal(400);
    expect(refused.body.error.fields).to.deep.equal({ billingAddressId: 'Choose one of your saved addresses.' });
    const newBill = await a
      .post('/en-us/order/customer-info')
      .set(xhr(token))
      .send({
        ...newShip,
        billingAddressId: 'add-new',
        'new-billing-firstName': 'Acme',
        'new-billing-lastName': 'Farms',
        'new-billing-address1': '1 Co-op Road',
        'new-billing-city': 'Fargo',
        'new-billing-country': 'US',
        'new-billing-region': 'ND',
        'new-billing-postalcode': '58102',
      });
    expect(newBill.status, newBill.text).to.equal(200);
    const [row] = await sqlRows<{ city: string; region_code: string }>(
      'select city, region_code from addresses where id = $1',
      [newBill.body.bill_to],
    );
    expect(row).to.deep.equal({ city: 'Fargo', region_code: 'ND' });
    const back = await a
      .post('/en-us/order/customer-info')
      .set(xhr(token))
      .send({ returning: 'true', shippingAddressId: newBill.body.ship_to });
    expect(back.status, back.text).to.equal(200);
    expect(back.body.bill_to).to.equal(newBill.body.ship_to);
  });

  it('a missing country is answered with the screen\'s words, "No country selected", on the field; a bad one is named too', async () => {
    const a = await agent();
    const token = await csrf(a, '/en-us/products');
    await addToCart(a, token, product, 1);
    const base = {
      email: `nocountry-${Date.now()}@example.test`,
      accountType: 'personal',
      'shipping-firstName': 'Pat',
      'shipping-lastName': 'Lee',
      'shipping-address1': '12 Main Street',
      'shipping-city': 'Ames',
      'shipping-region': 'IA',
      'shipping-postalcode': '50010',
    };
    for (const country of [undefined, '', '  ']) {
      const res = await a
        .post('/en-us/order/customer-info')
        .set(xhr(token))
        .send(country === undefined ? base : { ...base, 'shipping-country': country });
      expect(res.status, res.text).to.equal(400);
      expect(res.body.error.message).to.equal('No country selected');
      expect(res.body.error.fields).to.deep.equal({ 'shipping-country': 'No country selected' });
    }
    const bad = await a
      .post('/en-us/order/customer-info')
      .set(xhr(token))
      .send({ ...base, 'shipping-country': 'Narnia' });
    expect(bad.status, bad.text).to.equal(400);
    expect(bad.body.error.fields).to.deep.equal({ 'shipping-country': 'Choose a country from the list.' });
    const billing = await a
      .post('/en-us/order/customer-info')
      .set(xhr(token))
      .send({ ...base, 'shipping-country': 'US', ...bank, 'billing-country': '' });
    expect(billing.status, billing.text).to.equal(400);
    expect(billing.body.error.fields).to.deep.equal({ 'billing-country': 'No country selected' });
  });
});
