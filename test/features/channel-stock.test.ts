/**
 * The product page, the cart, the shipping estimate and checkout agree on stock, because
 * they all decide through src/domain/channel-stock.ts. One product of this test's own, stocked in
 * three warehouses of its own, sold in a channel of its own (nothing shared with other suites is
 * changed): with warehouses linked to the channel, with none linked, and with a linked one off.
 *
 * Stock of the product (quantity − reserved):  A: 5 − 1 = 4,  B: 3 − 0 = 3,  C: 10 − 0 = 10.
 */
import { expect } from 'chai';
import { testServer, sqlRows } from '../helpers/server.ts';
import type { Db } from '../../src/db/client.ts';
import { loadProductPage } from '../../src/features/product/service.ts';
import { sql } from 'drizzle-orm';
import { priceFromFacts, priceLine, pricingFactsFrom, pricingFactsJson } from '../../src/features/cart/pricing.ts';
import { estimate } from '../../src/features/shipping/service.ts';
import { planShipment } from '../../src/workflows/checkout/shipping.ts';
import type { ShipLine } from '../../src/workflows/checkout/queries.ts';

describe('channel stock: product page, cart, shipping estimate and checkout agree', function () {
  this.timeout(60_000);
  let db: Db;
  let productId: number;
  const house: Record<'A' | 'B' | 'C', number> = { A: 0, B: 0, C: 0 };
  const nameOf = (id: number) => Object.entries(house).find(([, v]) => v === id)?.[0] ?? `other ${id}`;
  let channel: { id: number; code: string; currency: string; currencyId: number; midMarketRate: string };
  const suffix = `${process.pid}${Date.now() % 100000}`;

  before(async () => {
    db = (await testServer()).database.db as Db;
    const [usd] = await sqlRows<{ id: number }>(`select id from currencies where code = 'USD'`);
    const [ch] = await sqlRows<{ id: number }>(
      `insert into channels (code, name, currency_id, mid_market_rate, zone_location, default_locale) values ($1, 'Stock test', $2, '1', 'America/Chicago', 'en-us') returning id`,
      [`ST${suffix}`, usd.id],
    );
    channel = { id: ch.id, code: `ST${suffix}`, currency: 'USD', currencyId: usd.id, midMarketRate: '1' };
    const [p] = await sqlRows<{ id: number }>(
      `insert into products (title, slug, stockcode, price, currency_id, status, weight, length, width, height)
       values ('Stock test bolt', $1, $2, '10.00', $3, 0, '1', '10', '10', '10') returning id`,
      [`stock-test-${suffix}`, `STK-${suffix}`, usd.id],
    );
    productId = p.id;
    const stock = { A: [5, 1], B: [3, 0], C: [10, 0] } as const;
    for (const name of ['A', 'B', 'C'] as const) {
      const [w] = await sqlRows<{ id: number }>(
        `insert into warehouses (code, name, address1, city, region_code, postal_code, country_code, zone)
         values ($1, $2, '1 Test Road', 'Des Moines', 'IA', '50315', 'US', 'America/Chicago') returning id`,
        [`ST-${name}-${suffix}`, `Stock test ${name}`],
      );
      house[name] = w.id;
      await sqlRows(
        `insert into shipping_rates (warehouse_id, carrier, service, service_type, zone, min_weight, max_weight, base_price, per_kg, min_days, max_days, residential_surcharge)
        select $1, carrier, service, service_type, zone, min_weight, max_weight, base_price, per_kg, min_days, max_days, residential_surcharge
        from shipping_rates where warehouse_id = (select id from warehouses where code = 'US-DSM')`,
        [w.id],
      );
      await sqlRows(`insert into inventory (warehouse_id, product_id, quantity, reserved) values ($1, $2, $3, $4)`, [
        w.id,
        productId,
        stock[name][0],
        stock[name][1],
      ]);
    }
  });

  after(async () => {
    await sqlRows(`delete from channels where id = $1`, [channel.id]);
    await sqlRows(`delete from products where id = $1`, [productId]);
    await sqlRows(`delete from warehouses where id = any($1::int[])`, [Object.values(house)]);
  });

  async function setup(links: ('A' | 'B' | 'C')[], inactive: ('A' | 'B' | 'C')[] = []) {
    await sqlRows(`delete from channel_warehouses where channel_id = $1`, [channel.id]);
    for (const [i, name] of links.entries()) {
      await sqlRows(`insert into channel_warehouses (channel_id, warehouse_id, priority) values ($1, $2, $3)`, [
        channel.id,
        house[name],
        i,
      ]);
    }
    await sqlRows(`update warehouses set active = not (id = any($1::int[])) where id = any($2::int[])`, [
      inactive.map((n) => house[n]),
      Object.values(house),
    ]);
  }

  const line = (quantity: number): ShipLine => ({
    lineId: 1,
    productId,
    title: 'Stock test bolt',
    quantity,
    lineType: 1,
    isPhysical: true,
    needsStock: true,
    weightKg: 1,
    lengthCm: 10,
    widthCm: 10,
    heightCm: 10,
  });

  /** What each part of the shop says about the product in the channel. */
  async function observe() {
    const page = await loadProductPage(db, productId, channel, new Date());
    const cart = await priceLine(db, channel, { productId, quantity: 1 }, { enforce: false });
    // The cart's one read before a write carries the same facts as one JSON column (cart-read.ts).
    const { rows } = await db.execute(sql`select ${pricingFactsJson(channel, productId)} as pricing`);
    const facts = pricingFactsFrom((rows[0] as { pricing: Parameters<typeof pricingFactsFrom>[0] }).pricing, channel);
    const cartWrite = priceFromFacts(
      facts.product,
      facts.options,
      channel,
      { productId, quantity: 1 },
      { enforce: false },
    );
    const quote = await estimate(db, {
      channel,
      productId,
      quantity: 1,
      country: 'US',
      postalCode: '60601',
      residential: false,
    });
    const pageUnits = page.stockOnHand;
    const fits = await planShipment(db, channel.id, [line(pageUnits)]);
    const over = await planShipment(db, channel.id, [line(pageUnits + 1)]);
    return {
      page: pageUnits,
      pageEnabled: page.initial.state.enabled,
      cart: cart.availability.stockOnHand,
      cartWrite: cartWrite.availability.stockOnHand,
      estimateFrom: quote.warehouses.map((w) => nameOf(w.warehouseId)).sort(),
      checkoutShortAtPage: fits.plan.short,
      checkoutShortAbovePage: over.plan.short.map((s) => s.missing),
      checkoutFrom: fits.plan.warehouses.map((w) => nameOf(w.warehouseId)).sort(),
    };
  }

  it('with warehouses linked: only the linked active ones count (A 4 + B 3 = 7)', async () => {
    await setup(['A', 'B']);
    expect(await observe()).to.deep.equal({
      page: 7,
      pageEnabled: true,
      cart: 7,
      cartWrite: 7,
      estimateFrom: ['A', 'B'],
      checkoutShortAtPage: [],
      checkoutShortAbovePage: [1],
      checkoutFrom: ['A', 'B'],
    });
  });

  it('with none linked: every active warehouse counts (4 + 3 + 10 = 17), at checkout too', async () => {
    await setup([]);
    expect(await observe()).to.deep.equal({
      page: 17,
      pageEnabled: true,
      cart: 17,
      cartWrite: 17,
      estimateFrom: ['A', 'B', 'C'],
      checkoutShortAtPage: [],
      checkoutShortAbovePage: [1],
      checkoutFrom: ['A', 'B', 'C'],
    });
  });

  it('with a linked warehouse switched off: it counts nowhere (A 4 + C 10 = 14)', async () => {
    await setup(['A', 'B', 'C'], ['B']);
    expect(await observe()).to.deep.equal({
      page: 14,
      pageEnabled: true,
      cart: 14,
      cartWrite: 14,
      estimateFrom: ['A', 'C'],
      checkoutShortAtPage: [],
      checkoutShortAbovePage: [1],
      checkoutFrom: ['A', 'C'],
    });
  });
});
