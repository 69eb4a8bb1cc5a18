/**
 * Orders keep what was sold: the ship-to and bill-to are copied onto the order when it is
 * placed; editing or deleting the address afterwards changes the address book only. Shipping quoted
 * before the ship-to changed cannot place the order (409); a cart reads the live address book.
 */
import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { agent, apiToken, csrf, signIn, type Agent } from '../helpers/http.ts';
import { productIdByStockcode, sqlRows } from '../helpers/server.ts';
import { chooseShipping, newCustomer, place, xhr } from './checkout-helpers.ts';

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
// newCustomer's ship-to: Pat Lee, 12 Main Street, Ames IA 50010 US.
const OMAHA = {
  firstName: 'Robin',
  lastName: 'Hale',
  address1: '700 Farnam Street',
  city: 'Omaha',
  country: 'US',
  region: 'NE',
  postalcode: '68102',
};

async function editAddress(a: Agent, token: string, id: number, fields: Record<string, string>) {
  const res = await a.post(`/en-us/account/addresses/${id}`).set(xhr(token)).send(fields);
  expect(res.status, res.text).to.equal(200);
  return res;
}

describe('orders keep their addresses', function () {
  this.timeout(120_000);
  let product: number;
  let staff: Agent;
  let staffToken: string;
  before(async () => {
    product = await productIdByStockcode('HT-CLV');
    await sqlRows(`update inventory set quantity = greatest(quantity, 50) where product_id = $1`, [product]);
    staff = await agent();
    await signIn(staff, 'staff@example.com');
    staffToken = await apiToken(staff);
  });

  it('a placed order keeps the ship-to it was placed with when the address is edited, then deleted: pages, API, admin; tax and shipping unchanged', async () => {
    const c = await newCustomer(product, 1);
    const { totals } = await chooseShipping(c.a, c.token, c.orderId, c.shipTo);
    const placed = await place(c.a, c.token, randomUUID(), {
      order_id: c.orderId,
      payment_type: 2,
      check_number: '2001',
      expected_total: totals.total,
    });
    expect(placed.status, placed.text).to.equal(201);
    const [atPlacement] = await sqlRows<{ tax: string; shipping: string; total: string }>(
      `select tax::text, shipping::text, total::text from orders where id = $1`,
      [c.orderId],
    );
    const customerToken = await apiToken(c.a);

    const check = async (step: string) => {
      const page = await c.a.get(`/en-us/orders/${c.orderId}`);
      expect(page.status, step).to.equal(200);
      expect(page.text, step)
        .to.include('12 Main Street')
        .and.include('Ames IA 50010')
        .and.not.include('700 Farnam Street');
      for (const token of [customerToken, staffToken]) {
        const api = await staff.get(`/en-us/api/orders/${c.orderId}/synchronize`).set(bearer(token));
        expect(api.status, step).to.equal(200);
        expect(api.body.ship_to, step).to.include({
          id: c.shipTo,
          firstName: 'Pat',
          lastName: 'Lee',
          address1: '12 Main Street',
          city: 'Ames',
          postalcode: '50010',
          country: 'US',
        });
        expect(api.body.ship_to.region, step).to.deep.equal({ code: 'IA' });
        expect(api.body.bill_to, step).to.include({ address1: '12 Main Street', city: 'Ames' });
        expect(
          api.body.tax_breakdown.map((t: { name: string }) => t.name),
          step,
        ).to.deep.equal(['Iowa sales tax', 'Local option tax']);
        expect(
          { tax: api.body.totals.tax, shipping: api.body.totals.shipping, total: api.body.totals.total },
          step,
        ).to.deep.equal(atPlacement);
      }
      const admin = await staff.get(`/admin/orders/detail/${c.orderId}`);
      expect(admin.status, step).to.equal(200);
      expect(admin.text, step)
        .to.include('12 Main Street')
        .and.include('Ames, IA 50010')
        .and.not.include('700 Farnam Street');
    };
    await check('placed');

    await editAddress(c.a, c.token, c.shipTo, OMAHA);
    const [book] = await sqlRows<{ address1: string }>(`select address1 from addresses where id = $1`, [c.shipTo]);
    expect(book.address1).to.equal('700 Farnam Street'); // the book did change
    await check('after the address was edited');

    // No route deletes an address-book row today; a person's deletion does (cascade). The order must not care.
    await sqlRows(`delete from addresses where id = $1`, [c.shipTo]);
    const [order] = await sqlRows<{ ship_to_address_id: number | null }>(
      `select ship_to_address_id from orders where id = $1`,
      [c.orderId],
    );
    expect(order.ship_to_address_id).to.equal(null);
    await check('after the address was deleted');
  });

  it('an address changed between the quote and placing is refused (409, choose shipping again); after a new quote the order keeps the changed address', async () => {
    const c = await newCustomer(product, 1);
    const first = await chooseShipping(c.a, c.token, c.orderId, c.shipTo);
    // Another street in the same town: the tax stays Iowa's, so only the quote's address is wrong.
    await editAddress(c.a, c.token, c.shipTo, {
      firstName: 'Pat',
      lastName: 'Lee',
      address1: '400 Elm Street',
      city: 'Ames',
      country: 'US',
      region: 'IA',
      postalcode: '50014',
    });
    const [before] = await sqlRows<{ status: string; ship_to: unknown }>(
      `select status, ship_to from orders where id = $1`,
      [c.orderId],
    );
    const stale = await place(c.a, c.token, randomUUID(), {
      order_id: c.orderId,
      payment_type: 2,
      check_number: '2002',
      expected_total: first.totals.total,
    });
    expect(stale.status, stale.text).to.equal(409);
    expect(stale.body.error.code).to.equal('shipping_changed');
    expect(stale.body.error.message).to.equal(
      'Your shipping address changed after shipping was quoted. Please review your order and choose your shipping method again.',
    );
    expect(await sqlRows(`select status, ship_to from orders where id = $1`, [c.orderId])).to.deep.equal([before]);
    expect(before).to.deep.equal({ status: 'cart', ship_to: null });

    await editAddress(c.a, c.token, c.shipTo, OMAHA);
    // A cart reads the live address book.
    const cart = await staff.get(`/en-us/api/orders/${c.orderId}/synchronize`).set(bearer(staffToken));
    expect(cart.body.status).to.equal('cart');
    expect(cart.body.ship_to).to.include({ address1: '700 Farnam Street', city: 'Omaha' });

    const again = await chooseShipping(c.a, c.token, c.orderId, c.shipTo);
    const placed = await place(c.a, c.token, randomUUID(), {
      order_id: c.orderId,
      payment_type: 2,
      check_number: '2002',
      expected_total: again.totals.total,
    });
    expect(placed.status, placed.text).to.equal(201);
    const [row] = await sqlRows<{
      ship_to: Record<string, unknown>;
      bill_to: Record<string, unknown>;
      tax_breakdown: { name: string }[];
    }>(`select ship_to, bill_to, tax_breakdown from orders where id = $1`, [c.orderId]);
    const omaha = {
      id: c.shipTo,
      personId: row.ship_to.personId,
      firstName: 'Robin',
      lastName: 'Hale',
      company: null,
      address1: '700 Farnam Street',
      address2: null,
      city: 'Omaha',
      regionCode: 'NE',
      postalCode: '68102',
      countryCode: 'US',
      phone: null,
    };
    expect(row.ship_to).to.deep.equal(omaha);
    expect(row.bill_to).to.deep.equal(omaha);
    // Tax was computed for the address the order keeps: Nebraska's, not Iowa's.
    expect(row.tax_breakdown.map((t) => t.name)).to.not.include('Iowa sales tax');
  });

  it('the demo orders and a staff draft carry copies of their addresses; carts do not', async () => {
    // Demo order 2: customer@example.com's second (farm) address.
    const [two] = await sqlRows<{ ship_to: Record<string, unknown> }>(`select ship_to from orders where id = 2`);
    expect(two.ship_to).to.include({
      firstName: 'Casey',
      lastName: 'Lindqvist',
      address1: '28750 County Road 12',
      address2: 'Machine shed',
      city: 'Seward',
      regionCode: 'NE',
      postalCode: '68434',
      countryCode: 'US',
      phone: '402-555-0178',
    });
    const [counts] = await sqlRows<{
      carts: number;
      placed_without: number;
    }>(`select count(*) filter (where status = 'cart' and ship_to is not null)::int as carts,
      count(*) filter (where status <> 'cart' and ship_to_address_id is not null and ship_to is null)::int as placed_without from orders`);
    expect(counts).to.deep.equal({ carts: 0, placed_without: 0 });

    // The migration's hand-written backfill copies the book onto placed orders that have no copies.
    const migration = readFileSync(new URL('../../migrations/0016_order_address_copies.sql', import.meta.url), 'utf8');
    const backfill = migration.slice(migration.indexOf('-- ==== HAND-WRITTEN'));
    await sqlRows(`update orders set ship_to = null, bill_to = null where id = 2`);
    await sqlRows(backfill);
    expect(await sqlRows(`select ship_to from orders where id = 2`)).to.deep.equal([two]);
    expect(
      (
        await sqlRows<{ n: number }>(
          `select count(*)::int as n from orders where status = 'cart' and (ship_to is not null or bill_to is not null)`,
        )
      )[0].n,
    ).to.equal(0);

    // A draft made by staff for customer@example.com keeps the default (home) address.
    const [person] = await sqlRows<{ id: number }>(`select id from persons where email = 'customer@example.com'`);
    const token = await csrf(staff, '/en-us/admin/orders/create');
    const res = await staff
      .post('/en-us/admin/orders/create')
      .type('form')
      .send({ _csrf: token, person_id: String(person.id) });
    expect(res.status).to.equal(303);
    const id = Number(/\/admin\/orders\/detail\/(\d+)\/edit$/.exec(res.headers.location)![1]);
    const [draft] = await sqlRows<{ ship_to: Record<string, unknown>; bill_to: Record<string, unknown> }>(
      `select ship_to, bill_to from orders where id = $1`,
      [id],
    );
    // The home address as the book holds it now (other suites edit it: the copy is of the row, whatever its text).
    const [home] = await sqlRows<{
      id: number;
      address1: string;
      city: string;
      region_code: string;
      postal_code: string;
    }>(
      `select a.id, a.address1, a.city, a.region_code, a.postal_code from addresses a join persons p on p.id = a.person_id where p.email = 'customer@example.com' order by a.id limit 1`,
    );
    expect(draft.ship_to).to.include({
      id: home.id,
      address1: home.address1,
      city: home.city,
      regionCode: home.region_code,
      postalCode: home.postal_code,
    });
    expect(draft.bill_to).to.include({ address1: home.address1 });
  });
});
