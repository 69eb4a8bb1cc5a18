/**
 * Money is real or absent, and the provider is charged outside the stock lock.
 *
 * Its own database and app (a card provider the test controls: slow, or changing the order while
 * it charges), then apps over the same database in production mode with and without
 * PAYMENTS_SANDBOX, and with small abuse limits. Runs on PostgreSQL and on the embedded database.
 */
import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import supertest from 'supertest';
import { start, type Running } from '../../src/server.ts';
import { loadConfig, type Config } from '../../src/config.ts';
import {
  OfflinePaymentProvider,
  TEST_CARDS,
  type Charge,
  type ChargeRequest,
} from '../../src/providers/payments/index.ts';
import { recoverAttempts } from '../../src/workflows/checkout/payment-jobs.ts';
import { createTestDb, type TestDb } from '../helpers/db.ts';
import { csrf } from '../helpers/http.ts';
import { addToCart, chooseShipping, newCustomer, place, tokenize, xhr } from './checkout-helpers.ts';

/** The offline sandbox with hooks around each charge. */
class ControlledProvider extends OfflinePaymentProvider {
  before?: (req: ChargeRequest) => Promise<void>;
  after?: (c: Charge) => Promise<void>;
  override async charge(req: ChargeRequest): Promise<Charge> {
    await this.before?.(req);
    const c = await super.charge(req);
    await this.after?.(c);
    return c;
  }
}

const gate = () => {
  let open!: () => void;
  const opened = new Promise<void>((r) => (open = r));
  return { open, opened };
};

/** Polls until the condition holds (no fixed sleeps): at most `ms`. */
async function until<T>(what: string, f: () => Promise<T | undefined | false>, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await f();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('checkout payment safety', function () {
  this.timeout(300_000);
  let db: TestDb;
  let app: Running;
  const provider = new ControlledProvider();
  let product: number;
  const base = (): Partial<Config> => ({
    env: 'test',
    port: 0,
    databaseUrl: db.databaseUrl,
    dataDir: db.dataDir,
    seed: 'demo',
    logLevel: 'silent',
    sessionSecret: 'pay-safety-session-secret-0123456789',
    payments: { ...loadConfig({}).payments, checkoutAccountsPerHour: 100_000, cardTokensPer10Min: 100_000 },
    webhooks: { ...loadConfig({}).webhooks, pollMs: 100 },
  });
  const sql = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
    (await app.database.pool.query(text, params)).rows as T[];

  before(async () => {
    db = await createTestDb('paysafety');
    app = await start(base(), { payments: provider });
    [{ id: product }] = await sql<{ id: number }>(`select id from products where stockcode = 'TL-GAUGE'`);
    const [us] = await sql<{ id: number }>(
      `select id from warehouses where country_code = 'US' and active order by id limit 1`,
    );
    await sql(
      'update inventory set quantity = case when warehouse_id = $2 then 30 else 0 end, reserved = 0 where product_id = $1',
      [product, us.id],
    );
  });

  after(async () => {
    await app?.stop();
    await db?.drop();
  });

  const buyer = async () => {
    const c = await newCustomer(product, 1, {}, app.url);
    const { totals } = await chooseShipping(c.a, c.token, c.orderId, c.shipTo);
    return { ...c, total: totals.total };
  };

  it('a slow card provider does not hold the stock: another checkout of the same product completes while the first is charging', async () => {
    const a = await buyer();
    const b = await buyer();
    const card = await tokenize(a.a, a.token, TEST_CARDS.approved);
    const charging = gate();
    const release = gate();
    provider.before = async () => {
      charging.open();
      await release.opened;
    };
    let aDone = false;
    const first = place(a.a, a.token, randomUUID(), {
      order_id: a.orderId,
      payment_type: 1,
      token: card,
      expected_total: a.total,
    }).then((r) => ((aDone = true), r));
    await charging.opened;
    // While the provider holds the first checkout, its stock is reserved, not locked.
    const [held] = await sql<{ r: number }>('select sum(reserved)::int as r from inventory where product_id = $1', [
      product,
    ]);
    expect(held.r).to.equal(1);
    const second = await Promise.race([
      place(b.a, b.token, randomUUID(), {
        order_id: b.orderId,
        payment_type: 2,
        check_number: '12',
        expected_total: b.total,
      }).then((r) => r),
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error("the second checkout waited for the first one's payment")), 20_000),
      ),
    ]);
    expect(second.status, second.text).to.equal(201);
    expect(aDone, 'the first checkout is still charging').to.equal(false);
    release.open();
    provider.before = undefined;
    const done = await first;
    expect(done.status, done.text).to.equal(201);
    const [stock] = await sql<{ q: number; r: number }>(
      'select sum(quantity)::int as q, sum(reserved)::int as r from inventory where product_id = $1',
      [product],
    );
    expect(stock).to.deep.equal({ q: 28, r: 0 });
  });

  it('a decline releases the reservation and the cart can be placed again', async () => {
    const c = await buyer();
    const bad = await tokenize(c.a, c.token, TEST_CARDS.declined);
    const res = await place(c.a, c.token, randomUUID(), {
      order_id: c.orderId,
      payment_type: 1,
      token: bad,
      expected_total: c.total,
    });
    expect(res.status, res.text).to.equal(402);
    expect(res.body.error.message).to.equal('Your card was declined.');
    const [held] = await sql<{ r: number }>('select sum(reserved)::int as r from inventory where product_id = $1', [
      product,
    ]);
    expect(held.r).to.equal(0);
    const [cart] = await sql<{ status: string; ship_to: unknown; bill_to: unknown }>(
      'select status, ship_to, bill_to from orders where id = $1',
      [c.orderId],
    );
    expect(cart, 'still a cart, reading the address book: no copies kept').to.deep.equal({
      status: 'cart',
      ship_to: null,
      bill_to: null,
    });
    const good = await tokenize(c.a, c.token, TEST_CARDS.approved);
    const again = await place(c.a, c.token, randomUUID(), {
      order_id: c.orderId,
      payment_type: 1,
      token: good,
      expected_total: c.total,
    });
    expect(again.status, again.text).to.equal(201);
  });

  it('a charge whose order cannot be confirmed is refunded by a job: the order is not paid, charges minus refunds = 0', async () => {
    const c = await buyer();
    const card = await tokenize(c.a, c.token, TEST_CARDS.approved);
    let charged: Charge | undefined;
    // The buyer changes the cart in another tab while the card is charged: the confirm must refuse.
    provider.after = async (ch) => {
      charged = ch;
      await sql('update order_line_items set quantity = quantity + 1 where order_id = $1 and line_type = 0', [
        c.orderId,
      ]);
    };
    const res = await place(c.a, c.token, randomUUID(), {
      order_id: c.orderId,
      payment_type: 1,
      token: card,
      expected_total: c.total,
    });
    provider.after = undefined;
    expect(res.status, res.text).to.equal(409);
    expect(res.body.error.code).to.equal('order_changed');
    expect(charged, 'the card was charged').to.not.equal(undefined);
    const attempt = await until('the refund job', async () => {
      const [a] = await sql<{ status: string; refund_ref: string | null; amount_cents: number }>(
        'select status, refund_ref, amount_cents from payment_attempts where order_id = $1 order by id desc limit 1',
        [c.orderId],
      );
      return a?.status === 'refunded' && a;
    });
    expect(attempt.refund_ref).to.match(/^re_offline_/);
    const ledger = provider.lookup(charged!.ref)!;
    expect(ledger.capturedCents - ledger.refundedCents, 'charges minus refunds').to.equal(0);
    const [order] = await sql<{ status: string; payments: number }>(
      'select status, (select count(*) from payments p where p.order_id = o.id)::int as payments from orders o where o.id = $1',
      [c.orderId],
    );
    expect(order).to.deep.equal({ status: 'cart', payments: 0 });
    const [held] = await sql<{ r: number }>('select sum(reserved)::int as r from inventory where product_id = $1', [
      product,
    ]);
    expect(held.r).to.equal(0);
    const [logged] = await sql<{ n: number }>(
      `select count(*)::int as n from logs where action = 'payment.refund' and entity_id = $1`,
      [c.orderId],
    );
    expect(logged.n).to.equal(1);
  });

  it('an attempt whose request never finished is confirmed by recovery once its lease runs out: one charge, one paid order', async () => {
    const c = await buyer();
    const card = await tokenize(c.a, c.token, TEST_CARDS.approved);
    const stuck = gate();
    const charged = gate();
    let hang = true;
    // The provider charges, then the request never hears back (a process that stalls or dies here).
    provider.after = async () => {
      if (!hang) return;
      hang = false;
      charged.open();
      await stuck.opened;
    };
    const charges = provider.chargeCount;
    const pending = place(c.a, c.token, randomUUID(), {
      order_id: c.orderId,
      payment_type: 1,
      token: card,
      expected_total: c.total,
    }).then((r) => r);
    await charged.opened;
    await sql(
      `update payment_attempts set lease_until = now() - interval '1 second' where order_id = $1 and status in ('reserved', 'charged')`,
      [c.orderId],
    );
    const seen = await recoverAttempts({ db: app.services.db, provider, logger: app.logger, leaseMs: 60_000 });
    expect(seen.confirmed).to.equal(1);
    const [order] = await sql<{ status: string; paid: string; total: string }>(
      'select status, (select sum(total) from payments p where p.order_id = o.id)::text as paid, total::text from orders o where o.id = $1',
      [c.orderId],
    );
    expect(order.status).to.equal('processing');
    expect(order.paid).to.equal(order.total);
    stuck.open();
    provider.after = undefined;
    const res = await pending;
    expect(res.status, res.text).to.equal(201);
    expect(provider.chargeCount - charges, 'one charge').to.equal(1);
  });

  describe('production: real or absent', () => {
    let prod: Running;
    let staging: Running;
    const prodConfig = (sandbox: boolean): Partial<Config> => ({
      ...base(),
      env: 'production',
      seed: 'demo',
      payments: { ...base().payments!, sandbox },
    });

    before(async () => {
      prod = await start(prodConfig(false), { database: app.database, prepare: false });
      staging = await start(prodConfig(true), { database: app.database, prepare: false });
    });
    after(async () => {
      await prod?.stop();
      await staging?.stop();
    });

    it('without a provider nor PAYMENTS_SANDBOX: no card or bank is offered, and a made-up card token is refused with nothing written', async () => {
      const c = await newCustomer(product, 1, {}, prod.url);
      const { totals } = await chooseShipping(c.a, c.token, c.orderId, c.shipTo);
      const methods = await c.a.get('/en-us/order/payment-methods').set(xhr(c.token));
      expect(methods.status).to.equal(200);
      expect(methods.body.map((m: { method: string }) => m.method)).to.deep.equal(['check']);
      const page = await c.a.get('/en-us/cart/checkout');
      expect(page.text).to.not.contain('"method":"card"');
      const tok = await c.a
        .post('/payments/tokens')
        .set(xhr(c.token))
        .send({ number: TEST_CARDS.approved, exp_month: 12, exp_year: 2040, cvc: '123' });
      expect(tok.status).to.equal(422);
      const [me] = await sql<{ id: number }>('select id from users where email = $1', [c.email]);
      const link = await c.a.get(`/api/plaid/link-token?user_id=${me.id}`).set(xhr(c.token));
      expect(link.status, link.text).to.equal(422);
      expect(link.body.error.message).to.equal('Bank payments are not available in this shop.');
      const res = await place(c.a, c.token, randomUUID(), {
        order_id: c.orderId,
        payment_type: 1,
        token: 'pm_card_visa',
        expected_total: totals.total,
      });
      expect(res.status, res.text).to.equal(422);
      expect(res.body.error).to.deep.include({
        code: 'payment_unavailable',
        message: 'Card payments are not available in this shop.',
      });
      const [order] = await sql<{ status: string; payments: number; attempts: number }>(
        `select status, (select count(*) from payments p where p.order_id = o.id)::int as payments,
        (select count(*) from payment_attempts a where a.order_id = o.id)::int as attempts from orders o where o.id = $1`,
        [c.orderId],
      );
      expect(order).to.deep.equal({ status: 'cart', payments: 0, attempts: 0 });
      // A check still works.
      const check = await place(c.a, c.token, randomUUID(), {
        order_id: c.orderId,
        payment_type: 2,
        check_number: '4411',
        expected_total: totals.total,
      });
      expect(check.status, check.text).to.equal(201);
    });

    it('with PAYMENTS_SANDBOX=1 the sandbox takes cards as in development', async () => {
      const c = await newCustomer(product, 1, {}, staging.url);
      const { totals } = await chooseShipping(c.a, c.token, c.orderId, c.shipTo);
      const methods = await c.a.get('/en-us/order/payment-methods').set(xhr(c.token));
      expect(methods.body.map((m: { method: string }) => m.method)).to.deep.equal(['card', 'check']);
      const res = await place(c.a, c.token, randomUUID(), {
        order_id: c.orderId,
        payment_type: 1,
        token: 'pm_card_visa',
        expected_total: totals.total,
      });
      expect(res.status, res.text).to.equal(201);
    });

    it('a payment type the channel has not enabled is refused, whatever the type', async () => {
      const c = await newCustomer(product, 1, {}, staging.url);
      const { totals } = await chooseShipping(c.a, c.token, c.orderId, c.shipTo);
      await sql(
        `update channel_payment_methods set enabled = false where method in ('check', 'card') and channel_id = (select id from channels where code = 'US')`,
      );
      try {
        for (const body of [
          { payment_type: 2, check_number: '9' },
          { payment_type: 1, token: 'pm_card_visa' },
        ]) {
          const res = await place(c.a, c.token, randomUUID(), {
            order_id: c.orderId,
            expected_total: totals.total,
            ...body,
          });
          expect(res.status, res.text).to.equal(422);
          expect(res.body.error.code).to.equal('payment_method_not_offered');
        }
      } finally {
        await sql(
          `update channel_payment_methods set enabled = true where method in ('check', 'card') and channel_id = (select id from channels where code = 'US')`,
        );
      }
    });
  });

  describe('abuse limits', () => {
    let limited: Running;
    before(async () => {
      limited = await start(
        { ...base(), payments: { ...base().payments!, checkoutAccountsPerHour: 3, cardTokensPer10Min: 3 } },
        { database: app.database, prepare: false },
      );
      await sql(`delete from rate_limits where key like '%checkoutaccount%' or key like '%cardtokens%'`);
    });
    after(async () => limited?.stop());

    it('checkout\'s new-account step answers "already has an account" at most 3 times an hour per address, then 429', async () => {
      const a = supertest.agent(limited.url);
      const token = await csrf(a, '/en-us/products');
      await addToCart(a, token, product, 1);
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        const res = await a.post('/en-us/order/customer-info').set(xhr(token)).type('form').send({
          email: 'customer@example.com',
          accountType: 'personal',
          subscribe: '1',
          'tax-exempt': 'false',
          'shipping-firstName': 'Pat',
          'shipping-lastName': 'Lee',
          'shipping-address1': '12 Main Street',
          'shipping-city': 'Ames',
          'shipping-country': 'US',
          'shipping-region': 'IA',
          'shipping-postalcode': '50010',
        });
        statuses.push(res.status);
      }
      expect(statuses).to.deep.equal([409, 409, 409, 429]);
    });

    it('the card tokeniser takes 3 cards per 10 minutes per visitor, then 429', async () => {
      const a = supertest.agent(limited.url);
      const token = await csrf(a, '/en-us/products');
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++)
        statuses.push(
          (
            await a
              .post('/payments/tokens')
              .set(xhr(token))
              .send({ number: TEST_CARDS.approved, exp_month: 12, exp_year: 2040, cvc: '123' })
          ).status,
        );
      expect(statuses).to.deep.equal([201, 201, 201, 429]);
    });
  });
});

describe('offline tokeniser: bounded', () => {
  it('keeps at most maxTokens one-time tokens, each for tokenTtlMs', async () => {
    const p = new OfflinePaymentProvider(undefined, { maxTokens: 3, tokenTtlMs: 300 });
    const tokens: string[] = [];
    for (let i = 0; i < 5; i++)
      tokens.push((await p.tokenize({ number: TEST_CARDS.approved, exp_month: 12, exp_year: 2040, cvc: '123' })).token);
    expect(p.tokenCount).to.equal(3);
    expect(await p.describe(tokens[0]), 'the oldest went first').to.equal(null);
    expect(await p.describe(tokens[4])).to.not.equal(null);
    await until('the token to expire', async () => (await p.describe(tokens[4])) === null, 5_000);
    expect(p.tokenCount).to.equal(0);
  });
});
