/**
 * The demo seed against a real database of its own (PostgreSQL with DATABASE_URL, else the
 * embedded PGlite): the contract's "Demo data" rows, consistent money, and determinism.
 */
import { createHash } from 'node:crypto';
import argon2 from 'argon2';
import { expect } from 'chai';
import { openDatabase, type Database } from '../../src/db/client.ts';
import { applyMigrations } from '../../src/db/migrate.ts';
import {
  DEMO_PASSWORD,
  DEMO_WAREHOUSE_KEYS,
  isDatabaseEmpty,
  seed,
  type SeedSummary,
} from '../../src/db/seed/index.ts';
import { PERMISSION_KEYS } from '../../src/db/schema/constants.ts';
import { createTestDb, type TestDb } from '../helpers/db.ts';
import { orderArithmetic, orderDisagreements, type Query } from '../helpers/order-figures.ts';
import { toCents } from '../../src/domain/money.ts';

type Row = Record<string, any>;

describe('db/seed: demo data', function () {
  this.timeout(180_000);
  let testDb: TestDb;
  let database: Database;
  let summary: SeedSummary;
  const q = async (text: string, params: unknown[] = []): Promise<Row[]> =>
    (await database.pool.query(text, params)).rows;
  const one = async (text: string, params: unknown[] = []): Promise<Row> => (await q(text, params))[0];
  const count = async (text: string, params: unknown[] = []) => Number(Object.values(await one(text, params))[0]);

  /** Every table except connect-pg-simple's, emptied without resetting sequences (ids must not depend on them). */
  const emptyAll = async () => {
    const tables = (
      await q(`select tablename from pg_tables where schemaname = 'public' and tablename <> 'session'`)
    ).map((r) => `"${r.tablename}"`);
    await q(`truncate ${tables.join(', ')} cascade`);
  };
  const snapshot = async () => ({
    products: await q('select * from products order by id'),
    options: await q('select * from option_choices order by id'),
    prices: await q('select * from channel_prices order by id'),
    inventory: await q('select * from inventory order by id'),
    orders: await q('select * from orders order by id'),
    quoteRequests: await q('select * from quotes order by id'),
    quoteMessages: await q('select * from quote_messages order by id'),
    lines: await q('select * from order_line_items order by id'),
    lineOptions: await q('select * from line_item_options order by id'),
    payments: await q('select * from payments order by id'),
    allocations: await q('select * from payment_allocations order by id'),
    quotes: await q('select * from shipment_quotes order by id'),
    translations: await q('select id, field, language, country, value, version from translations order by id'),
  });

  before(async () => {
    testDb = await createTestDb('seed');
    database = await openDatabase({ databaseUrl: testDb.databaseUrl, dataDir: testDb.dataDir, poolMax: 2 });
    await applyMigrations(database.db);
    expect(await isDatabaseEmpty(database.db)).to.equal(true);
    summary = await seed(database.db);
  });

  after(async () => {
    await database?.close();
    await testDb?.drop();
  });

  // How long it takes is for `npm run bench`, not a test (no timed assertions).
  it('every demo order (organisation discounts, promotions, shipping, tax, exemption, EPP) is priced as the order editor prices it', async () => {
    const { count, out } = await orderDisagreements(q as Query, `status not in ('cart', 'quote')`);
    expect(count).to.be.greaterThan(40);
    expect(out).to.deep.equal([]);
  });

  it('every demo order adds up: line = unit × quantity, subtotal = Σ lines, discount = Σ discounts, total = subtotal − discount + shipping + tax', async () => {
    const { count, out } = await orderArithmetic(q as Query, `status not in ('cart')`);
    expect(count).to.be.greaterThan(40);
    expect(out).to.deep.equal([]);
  });

  it('the demo seed charges the EPP fee on the amount financed, as checkout does', async () => {
    // 3.50 % of (total − down payment): the fee row must match the plan the EPP screen shows.
    const rows = (await q(
      `select o.total, o.epp_percent_down as percent_down, f.amount as fee from orders o join order_fees f on f.order_id = o.id and f.name = 'EPP fee' where o.epp_percent_down is not null order by o.id limit 5`,
    )) as { total: string; percent_down: number; fee: string }[];
    expect(rows.length).to.be.greaterThan(0);
    for (const r of rows) {
      const total = toCents(r.total);
      const financed = total - Math.round((total * r.percent_down) / 100);
      expect(toCents(r.fee), `order total ${r.total}, ${r.percent_down} % down`).to.equal(Math.round(financed * 0.035));
    }
  });

  it('reports what it wrote', async () => {
    expect(summary).to.include({ users: 16, products: 52, orders: 64 });
    expect(await isDatabaseEmpty(database.db)).to.equal(false);
  });

  it('has the six contract accounts with their roles and the demo password', async () => {
    const users =
      await q(`select u.id, u.email, u.role, u.password_hash, o.name as org, o.tax_exempt_id, w.code as warehouse
      from users u left join organisations o on o.id = u.organisation_id left join warehouses w on w.id = u.warehouse_id order by u.id`);
    const byEmail = Object.fromEntries(users.map((u) => [u.email, u]));
    expect(users.slice(0, 6).map((u) => [u.id, u.email, u.role])).to.deep.equal([
      [1, 'admin@example.com', 'admin'],
      [2, 'staff@example.com', 'staff'],
      [3, 'customer@example.com', 'customer'],
      [4, 'buyer@acme.example', 'customer'],
      [5, 'distributor@example.com', 'distributor'],
      [6, 'warehouse@example.com', 'warehouse'],
    ]);
    expect(byEmail['buyer@acme.example']).to.include({ org: 'Acme Farms', tax_exempt_id: 'TX-EX-448812' });
    // Pay on terms: Acme Farms is on net 30 with a 25,000.00 credit limit; the others have no terms.
    expect(
      await count(
        `select count(*) from organisations where name = 'Acme Farms' and net_terms_days = 30 and credit_limit = 25000`,
      ),
    ).to.equal(1);
    expect(await count(`select count(*) from organisations where net_terms_days is not null`)).to.equal(1);
    // Spending limits: the Acme buyer has a 2,500.00 per-order limit and no period limit; Will Harper approves.
    expect(
      await count(
        `select count(*) from member_limits m join users u on u.id = m.user_id where u.email = 'buyer@acme.example' and m.per_order_limit = 2500 and m.per_period_limit is null`,
      ),
    ).to.equal(1);
    expect(await count(`select count(*) from member_limits`)).to.equal(1);
    expect(
      await count(
        `select count(*) from user_permissions p join users u on u.id = p.user_id where u.email = 'will.harper@acme.example' and p.permission_key = 'organisation.users' and p.granted`,
      ),
    ).to.equal(1);
    expect(byEmail['distributor@example.com'].org).to.equal('Prairie Supply');
    // Quotes: the distributor's quote order waits for staff's counter-offer, with its message.
    expect(
      await q(`select q.status, o.status as order_status, u.email, (select count(*)::int from quote_messages m where m.quote_id = q.id and m.author = 'buyer' and m.kind = 'request') as messages
      from quotes q join orders o on o.id = q.order_id join users u on u.id = q.requested_by`),
    ).to.deep.equal([{ status: 'requested', order_status: 'quote', email: 'distributor@example.com', messages: 1 }]);
    expect(byEmail['warehouse@example.com'].warehouse).to.equal('US-DSM');
    expect(
      await count(
        `select count(*) from distributors d join organisations o on o.id = d.organisation_id where o.name = 'Prairie Supply'`,
      ),
    ).to.equal(1);
    expect(await argon2.verify(byEmail['customer@example.com'].password_hash, DEMO_PASSWORD)).to.equal(true);
    expect(new Set(users.map((u) => u.password_hash)).size, 'hashed once').to.equal(1);
  });

  it('grants admin every permission and staff the order, customer and product ones only', async () => {
    const keys = async (role: string) =>
      (await q('select permission_key from role_permissions where role = $1 order by 1', [role])).map(
        (r) => r.permission_key,
      );
    expect(await keys('admin')).to.have.members([...PERMISSION_KEYS]);
    const staff = await keys('staff');
    expect(staff).to.include.members([
      'orders.view',
      'orders.edit',
      'orders.pay',
      'customers.view',
      'customers.edit',
      'products.edit',
    ]);
    expect(staff).not.to.include.members(['permissions.edit']);
    expect(staff).not.to.include('epp.admin');
    expect(await keys('warehouse')).to.have.members(['dashboard.view', 'inventory.edit']);
    expect(await keys('customer')).to.deep.equal([]);
  });

  it('gives the returning customer two saved US addresses, past orders and a two-line cart', async () => {
    const addresses = await q(`select country_code, is_default from addresses where user_id = 3 order by id`);
    expect(addresses.map((a) => a.country_code)).to.deep.equal(['US', 'US']);
    expect(addresses.filter((a) => a.is_default)).to.have.length(1);
    expect(await one('select user_id, status from orders where id = 1')).to.deep.equal({
      user_id: 3,
      status: 'completed',
    });
    expect(
      await count(`select count(*) from orders where user_id = 3 and status not in ('cart', 'quote')`),
    ).to.be.at.least(2);
    const carts = await q(`select id from orders where user_id = 3 and status = 'cart'`);
    expect(carts).to.have.length(1);
    expect(await count('select count(*) from order_line_items where order_id = $1', [carts[0].id])).to.equal(2);
  });

  it('has US, CA and MX with their regions, in the spec order, and a channel each', async () => {
    const regions = await q(
      `select c.code, count(r.id)::int as n from countries c left join regions r on r.country_id = c.id group by c.code`,
    );
    const n = Object.fromEntries(regions.map((r) => [r.code, r.n]));
    expect(n).to.include({ US: 51, CA: 13, MX: 32 });
    const order = (await q('select code from countries order by sort, name')).map((r) => r.code);
    expect(order.slice(0, 2)).to.deep.equal(['US', 'CA']);
    expect(order.length).to.be.at.least(10);
    const channels = await q(`select ch.code, cu.code as currency, ch.mid_market_rate, ch.tax_exempt_available,
      array_agg(m.method order by m.sort) as methods from channels ch join currencies cu on cu.id = ch.currency_id
      join channel_payment_methods m on m.channel_id = ch.id group by ch.id, cu.code order by ch.id`);
    expect(channels.map((c) => [c.code, c.currency, c.mid_market_rate, c.tax_exempt_available])).to.deep.equal([
      ['US', 'USD', '1.000000', true],
      ['CA', 'CAD', '1.370000', false],
      ['MX', 'MXN', '17.200000', false],
    ]);
    for (const c of channels) expect(c.methods).to.include.members(['card', 'check']);
  });

  it('has a US and a Canadian warehouse with API keys, stock for every product and rates (and one closed depot)', async () => {
    const warehouses = await q(
      'select id, code, country_code, active, api_key_hash, api_key_last4 from warehouses order by id',
    );
    expect(warehouses.map((w) => [w.country_code, w.active])).to.deep.equal([
      ['US', true],
      ['CA', true],
      ['CA', false],
    ]);
    for (const w of warehouses) {
      const key = DEMO_WAREHOUSE_KEYS[w.code as keyof typeof DEMO_WAREHOUSE_KEYS];
      expect(w.api_key_hash).to.equal(createHash('sha256').update(key).digest('hex'));
      expect(w.api_key_last4).to.equal(key.slice(-4));
    }
    // Every product has a row in each active warehouse; only the closeout disc is stocked in the closed one.
    expect(
      await count('select count(*) from inventory i join warehouses w on w.id = i.warehouse_id where w.active'),
    ).to.equal(2 * (await count('select count(*) from products')));
    expect(
      (
        await q(
          `select p.stockcode from inventory i join warehouses w on w.id = i.warehouse_id join products p on p.id = i.product_id where not w.active and i.quantity > 0`,
        )
      ).map((r) => r.stockcode),
    ).to.deep.equal(['MK-DSC-16W']);
    expect(await count('select count(distinct warehouse_id) from shipping_rates')).to.equal(2);
  });

  it('has at least 40 products in several categories with images, and every DEMO-* case', async () => {
    expect(await count('select count(*) from products')).to.be.at.least(40);
    expect(await count('select count(distinct category_id) from product_categories')).to.be.at.least(6);
    expect(
      await count(`select count(*) from products where primary_image is null or jsonb_array_length(images) < 2`),
    ).to.equal(0);
    const demo = Object.fromEntries(
      (
        await q(
          `select stockcode, availability, is_kit, resupply_date::text as resupply from products where stockcode like 'DEMO-%'`,
        )
      ).map((r) => [r.stockcode, r]),
    );
    expect(Object.keys(demo)).to.have.members([
      'DEMO-CONFIG',
      'DEMO-OOS',
      'DEMO-SOON',
      'DEMO-CALL',
      'DEMO-FUTURE',
      'DEMO-KIT',
      'DEMO-SEED-PLATE',
    ]);
    expect(demo['DEMO-OOS'].availability).to.equal('out_of_stock');
    expect(demo['DEMO-SOON'].availability).to.equal('coming_soon');
    expect(demo['DEMO-CALL'].availability).to.equal('call');
    expect(demo['DEMO-FUTURE']).to.include({ availability: 'in_stock', resupply: '2027-03-15' });
    expect(
      await count(
        `select sum(i.quantity) from inventory i join products p on p.id = i.product_id where p.stockcode = 'DEMO-FUTURE'`,
      ),
    ).to.equal(0);
    expect(demo['DEMO-KIT'].is_kit).to.equal(true);
    // Channel prices are the USD price at the channel rate, in the channel currency.
    const off =
      await count(`select count(*) from channel_prices cp join products p on p.id = cp.product_id join channels ch on ch.id = cp.channel_id
      where cp.price <> round(p.price * ch.mid_market_rate, 2)`);
    expect(off).to.equal(0);
    // One product is priced in CAD and has no channel price rows (every channel converts it).
    expect(
      await q(`select p.stockcode, c.code, (select count(*)::int from channel_prices cp where cp.product_id = p.id) as rows
      from products p join currencies c on c.id = p.currency_id where c.code <> 'USD'`),
    ).to.deep.equal([{ stockcode: 'TL-BRUSH-CA', code: 'CAD', rows: 0 }]);
  });

  it('nests DEMO-CONFIG options: 8 rows reveals the spacing option; one option takes quantities', async () => {
    const options = await q(`select o.id, o.name, o.option_type, pc.name as parent_choice from product_options o
      join products p on p.id = o.product_id left join option_choices pc on pc.id = o.parent_choice_id where p.stockcode = 'DEMO-CONFIG' order by o.id`);
    expect(options.find((o) => o.name === 'Row unit spacing')?.parent_choice).to.equal('8 rows');
    expect(options.filter((o) => o.option_type === 1)).to.have.length(1);
    const defaults = await q(
      `select option_id, count(*) filter (where is_default)::int as n from option_choices
      where option_id = any($1) group by option_id`,
      [options.map((o) => o.id)],
    );
    expect(
      defaults.every((d) => d.n === 1),
      'one default choice per option',
    ).to.equal(true);
  });

  it('has a parts diagram with at least six callouts, each listing purchasable parts', async () => {
    const callouts = await q(`select c.callout, count(*)::int as parts, bool_and(p.status = 0) as listed,
      bool_and(c.x2 <= d.width and c.y2 <= d.height) as inside from diagram_components c
      join parts_diagrams d on d.id = c.diagram_id join products p on p.id = c.product_id where d.id = 1 group by c.callout`);
    expect(callouts.length).to.be.at.least(6);
    expect(callouts.every((c) => c.listed && c.inside)).to.equal(true);
  });

  it('has at least eight dealers across the US and Canada with coordinates', async () => {
    const dealers = await q('select country_code, lat, lng from dealers');
    expect(dealers.length).to.be.at.least(8);
    expect(new Set(dealers.map((d) => d.country_code))).to.deep.equal(new Set(['US', 'CA']));
    expect(dealers.every((d) => d.lat !== null && d.lng !== null)).to.equal(true);
  });

  it('has at least 60 orders across statuses and customers, with payments, fees, promotions and tax exemption', async () => {
    expect(await count('select count(*) from orders')).to.be.at.least(60);
    expect(await count('select count(distinct status) from orders')).to.equal(8);
    expect(await count('select count(distinct person_id) from orders')).to.be.at.least(8);
    expect(await count('select count(*) from payments where successful')).to.be.at.least(10);
    expect(await count('select count(*) from payments where payment_type = 2')).to.be.at.least(1);
    expect(await count('select count(*) from order_fees where paid')).to.be.at.least(1);
    expect(await count('select count(*) from order_fees where not paid')).to.be.at.least(1);
    expect(await count('select count(*) from payment_allocations where type = 1')).to.be.at.least(1);
    expect(await count('select count(*) from order_line_items where line_type = 5')).to.be.at.least(1);
    expect(await count(`select count(*) from orders where tax_exempt_id is not null and tax = 0`)).to.be.at.least(2);
    expect(await count('select count(*) from promotions')).to.be.at.least(3);
    const epp = await one(
      'select percent_down, months, default_percent_down, default_months, fee_percent from epp_rules where active',
    );
    expect(epp).to.deep.equal({
      percent_down: [10, 20, 30, 50],
      months: [6, 12, 18, 24],
      default_percent_down: 20,
      default_months: 12,
      fee_percent: '3.50',
    });
  });

  it('keeps every order total consistent with its lines, payments and allocations', async () => {
    const bad = await one(`
      with l as (
        select order_id,
          coalesce(sum(unit_price * quantity) filter (where line_type in (0, 1, 2)), 0) as gross,
          coalesce(sum(discount) filter (where line_type in (0, 1, 2)), 0) as line_discount,
          coalesce(-sum(total) filter (where line_type = 5), 0) as promo
        from order_line_items group by order_id)
      select
        count(*) filter (where o.subtotal <> l.gross) as subtotal,
        count(*) filter (where o.discount <> l.line_discount + l.promo) as discount,
        count(*) filter (where o.total <> greatest(0, o.subtotal + o.shipping + o.tax - o.discount)) as total,
        count(*) filter (where o.tax <> coalesce((select sum((t->>'amount')::numeric) from jsonb_array_elements(o.tax_breakdown) t), 0)) as tax
      from orders o join l on l.order_id = o.id`);
    expect(Object.values(bad).map(Number)).to.deep.equal([0, 0, 0, 0]);
    expect(
      await count('select count(*) from order_line_items where total <> unit_price * quantity - discount'),
    ).to.equal(0);
    expect(
      await count('select count(*) from order_line_items where paid_total + unpaid_total <> total_discounted'),
    ).to.equal(0);
    expect(
      await count(`select count(*) from order_line_items li where li.paid_total <>
      coalesce((select sum(a.amount) from payment_allocations a join payments p on p.id = a.payment_id where a.line_item_id = li.id and p.successful), 0)`),
    ).to.equal(0);
    expect(
      await count(`select count(*) from orders o where o.shipment_quote_id is not null and
      o.shipping <> (select q.total from shipment_quotes q where q.id = o.shipment_quote_id)`),
    ).to.equal(0);
  });

  it('has interface text in every language, en-CA overrides and keys with several versions', async () => {
    const languages = await q(
      `select language, country, count(*)::int as n from translations group by 1, 2 order by 1, 2`,
    );
    expect(languages.map((l) => `${l.language}-${l.country}`)).to.include.members(['en-', 'en-CA', 'es-', 'fr-']);
    expect(
      await count(`select count(*) from translations where field not like 'ui:%' and field not like 'cat:%'`),
    ).to.equal(0);
    expect(await count('select count(*) from translations where version >= 2')).to.be.at.least(3);
    expect(
      await count(
        `select count(*) from translations t where t.version <> (select count(*) from translation_versions v where v.translation_id = t.id)`,
      ),
    ).to.equal(0);
    expect(
      await count(`select count(*) from instructionals i where i.video_url is not null
      and exists (select 1 from instructional_tools it where it.instructional_id = i.id)`),
    ).to.be.at.least(3);
    for (const table of ['calendar_events', 'webhooks', 'logs', 'leads', 'surveys', 'media']) {
      expect(await count(`select count(*) from ${table}`), table).to.be.at.least(1);
    }
  });

  it('carries the demo catalogue in French and Spanish: every category, product, option, choice, promotion, channel and diagram', async () => {
    for (const [table, entity, column] of [
      ['categories', 'category', 'name'],
      ['categories', 'category', 'description'],
      ['products', 'product', 'title'],
      ['products', 'product', 'description'],
      ['product_options', 'option', 'name'],
      ['option_choices', 'choice', 'name'],
      ['promotions', 'promotion', 'name'],
      ['channels', 'channel', 'name'],
      ['parts_diagrams', 'diagram', 'title'],
    ]) {
      for (const language of ['fr', 'es']) {
        const missing = await q(
          `select e.id from ${table} e where not exists (select 1 from translations t
          where t.field = 'cat:${entity}.' || e.id || '.${column}' and t.language = $1 and t.country = '' and t.value <> '')`,
          [language],
        );
        expect(missing, `${table}.${column} without ${language}`).to.deep.equal([]);
      }
    }
    const fr = await one(
      `select t.value from translations t join products p on t.field = 'cat:product.' || p.id || '.title' where p.stockcode = 'DEMO-CONFIG' and t.language = 'fr'`,
    );
    expect(fr.value).to.equal('Semoir pneumatique sur mesure — À configurer');
  });

  it('leaves sequences past the seeded ids', async () => {
    const row = await one(
      `insert into categories (slug, name) values ('sequence-check', 'Sequence check') returning id`,
    );
    expect(row.id).to.equal((await count('select max(id) from categories where slug <> $1', ['sequence-check'])) + 1);
    await q(`delete from categories where id = $1`, [row.id]);
  });

  it('writes identical data when seeded again (ids do not depend on sequences)', async () => {
    const before = await snapshot();
    await emptyAll();
    await seed(database.db);
    expect(await snapshot()).to.deep.equal(before);
  });

  it('makes any number of orders on request, order 1 still the customer’s', async () => {
    await emptyAll();
    const result = await seed(database.db, { orders: 500 });
    expect(result.orders).to.equal(500);
    expect(await count('select count(*) from orders')).to.equal(500);
    expect(await one('select user_id from orders where id = 1')).to.deep.equal({ user_id: 3 });
    expect(
      await count('select count(*) from orders where total <> greatest(0, subtotal + shipping + tax - discount)'),
    ).to.equal(0);
  });
});
