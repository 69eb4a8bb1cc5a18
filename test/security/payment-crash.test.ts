/**
 * An app process killed (SIGKILL) between the card charge and the order's confirm. A
 * Stripe double in this process (it outlives the app, as Stripe would) records every charge and
 * refund; the app is killed the moment the first charge is taken, before it hears the answer.
 * After a restart, the recovery job must leave every charge either with a paid order or refunded,
 * and no paid card order without its charge.
 *
 * PostgreSQL only: the embedded database belongs to the process that started it (see crash.test.ts).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import pg from 'pg';
import { createTestDb, type TestDb } from '../helpers/db.ts';
import { killAppProcess, startAppProcess, type Child } from '../helpers/app-process.ts';
import { chooseShipping, newCustomer, place } from '../features/checkout-helpers.ts';

type Intent = { id: string; amount: number; currency: string; refunded: number };

/** Just enough of Stripe's API for the adapter: payment methods, payment intents (idempotent), refunds. */
function stripeDouble(onCharge: (pi: Intent) => Promise<'answer' | 'drop'>) {
  const intents = new Map<string, Intent>();
  const byKey = new Map<string, unknown>();
  let n = 0;
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', async () => {
      const form = new URLSearchParams(body);
      const key = req.headers['idempotency-key'] as string | undefined;
      const send = (o: unknown) => res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(o));
      if (key && byKey.has(key)) return send(byKey.get(key));
      if (req.method === 'GET' && req.url!.startsWith('/v1/payment_methods/'))
        return send({ id: 'pm_card_visa', card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034 } });
      if (req.method === 'POST' && req.url === '/v1/payment_intents') {
        const pi: Intent = {
          id: `pi_double_${++n}`,
          amount: Number(form.get('amount')),
          currency: String(form.get('currency')),
          refunded: 0,
        };
        intents.set(pi.id, pi);
        const answer = {
          id: pi.id,
          status: 'succeeded',
          amount: pi.amount,
          currency: pi.currency,
          payment_method: { id: 'pm_card_visa', card: { brand: 'visa', last4: '4242' } },
        };
        if (key) byKey.set(key, answer);
        if ((await onCharge(pi)) === 'drop') return void req.socket.destroy();
        return send(answer);
      }
      if (req.method === 'POST' && req.url === '/v1/refunds') {
        const pi = intents.get(String(form.get('payment_intent')));
        if (!pi) return res.writeHead(404).end('{}');
        const amount = Number(form.get('amount') || pi.amount - pi.refunded);
        pi.refunded += amount;
        const answer = { id: `re_double_${++n}`, amount };
        if (key) byKey.set(key, answer);
        return send(answer);
      }
      res.writeHead(404).end('{}');
    });
  });
  return { server, intents };
}

function startApp(db: TestDb, seed: 'demo' | 'none', stripeUrl: string): Promise<Child> {
  return startAppProcess(db, {
    SESSION_SECRET: 'pay-crash-session-secret-0123456789abcdef',
    SEED: seed,
    STRIPE_SECRET_KEY: 'sk_test_double',
    STRIPE_API_URL: stripeUrl,
    PAYMENT_ATTEMPT_LEASE_MS: '1000',
    CHECKOUT_ACCOUNTS_PER_HOUR: '1000',
    JOBS_POLL_MS: '200',
  });
}

const kill = killAppProcess;

describe('payment crash safety: SIGKILL between the charge and the confirm', function () {
  this.timeout(600_000);
  let db: TestDb;
  let client: pg.Client;
  const children: Child[] = [];
  let first: Child | undefined;
  let killing: Promise<void> | undefined;
  const double = stripeDouble(async () => {
    if (!first) return 'answer';
    const dying = first;
    first = undefined;
    killing = kill(dying);
    await killing; // the money is taken; the app never hears it
    return 'drop';
  });

  before(async function () {
    if (!process.env.DATABASE_URL) return this.skip();
    db = await createTestDb('paycrash');
    client = new pg.Client({ connectionString: db.databaseUrl });
    await new Promise<void>((r) => double.server.listen(0, '127.0.0.1', r));
  });

  after(async () => {
    for (const c of children) await kill(c);
    await client?.end().catch(() => {});
    double.server.close();
    await db?.drop();
  });

  const rows = async <T>(text: string, params: unknown[] = []) => (await client.query(text, params)).rows as T[];

  it('after a restart every charge has a paid order or a refund, and every paid card order its charge', async () => {
    const stripeUrl = `http://127.0.0.1:${(double.server.address() as AddressInfo).port}`;
    const app = await startApp(db, 'demo', stripeUrl);
    children.push(app);
    await client.connect();
    const [{ id: product }] = await rows<{ id: number }>(`select id from products where stockcode = 'TL-GAUGE'`);
    const [us] = await rows<{ id: number }>(
      `select id from warehouses where country_code = 'US' and active order by id limit 1`,
    );
    await client.query(
      'update inventory set quantity = case when warehouse_id = $2 then 40 else 0 end, reserved = 0 where product_id = $1',
      [product, us.id],
    );

    const buyers = [];
    for (let i = 0; i < 6; i++) {
      const c = await newCustomer(product, 1, {}, app.url);
      const { totals } = await chooseShipping(c.a, c.token, c.orderId, c.shipTo);
      buyers.push({ ...c, total: totals.total });
    }
    first = app; // the next charge kills it
    const results = await Promise.allSettled(
      buyers.map((b) =>
        place(b.a, b.token, randomUUID(), {
          order_id: b.orderId,
          payment_type: 1,
          token: 'pm_card_visa',
          expected_total: b.total,
        }).then((r) => r),
      ),
    );
    await killing; // the clients' sockets may close before the process's exit is reported
    expect(
      app.proc.signalCode,
      JSON.stringify(results.map((r) => (r.status === 'fulfilled' ? r.value.text : String(r.reason)))),
    ).to.equal('SIGKILL');
    expect(double.intents.size, 'a charge was taken before the kill').to.be.greaterThan(0);
    const [open] = await rows<{ n: number }>(
      `select count(*)::int as n from payment_attempts where status in ('reserved', 'charged')`,
    );
    expect(open.n, 'attempts the dead process left open').to.be.greaterThan(0);

    const second = await startApp(db, 'none', stripeUrl);
    children.push(second);
    // Recovery runs at start (and every minute): wait until nothing is in flight.
    const end = Date.now() + 120_000;
    for (;;) {
      const [left] = await rows<{ n: number }>(
        `select count(*)::int as n from payment_attempts where status in ('reserved', 'charged', 'refunding')`,
      );
      if (left.n === 0) break;
      if (Date.now() > end) throw new Error(`${left.n} payment attempts still open after recovery`);
      await new Promise((r) => setTimeout(r, 100));
    }

    const paid = await rows<{ order_id: number; provider_ref: string; cents: number }>(
      `select p.order_id, p.provider_ref, (p.total * 100)::int as cents from payments p
      where p.order_id = any($1) and p.payment_type = 1`,
      [buyers.map((b) => b.orderId)],
    );
    // Every charge: a paid order for its amount, or refunded in full.
    for (const pi of double.intents.values()) {
      const order = paid.find((p) => p.provider_ref === pi.id);
      if (order) {
        expect(pi.refunded, `${pi.id} paid order ${order.order_id} and was refunded`).to.equal(0);
        expect(order.cents).to.equal(pi.amount);
      } else {
        expect(pi.refunded, `${pi.id}: a charge with neither an order nor a refund`).to.equal(pi.amount);
      }
    }
    // Every paid card order: its charge at the provider.
    for (const p of paid)
      expect(double.intents.has(p.provider_ref), `order ${p.order_id} paid without a charge`).to.equal(true);
    const placed = await rows<{ id: number }>(`select id from orders where id = any($1) and status <> 'cart'`, [
      buyers.map((b) => b.orderId),
    ]);
    expect(placed.length, 'placed orders have their card payment').to.equal(paid.length);
    const [held] = await rows<{ r: number }>('select sum(reserved)::int as r from inventory where product_id = $1', [
      product,
    ]);
    expect(held.r, 'nothing left reserved').to.equal(0);
  });
});
