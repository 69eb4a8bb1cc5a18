/**
 * Crash safety: an app process is killed with SIGKILL in the middle of a load of
 * checkouts; a new process over the same database must find every order the clients were told
 * about, no half-written order, and lines, payments, allocations and stock that add up. A retry
 * of an unanswered checkout with its Idempotency-Key gives exactly one order.
 *
 * PostgreSQL only: the embedded database belongs to the process that started it (its child
 * closes cleanly when the parent disappears, so SIGKILL there tests PGlite's shutdown, not ours).
 */
import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import pg from 'pg';
import { createTestDb, type TestDb } from '../helpers/db.ts';
import { killAppProcess, startAppProcess, type Child } from '../helpers/app-process.ts';
import { chooseShipping, newCustomer, place } from '../features/checkout-helpers.ts';

function startApp(db: TestDb, seed: 'demo' | 'none'): Promise<Child> {
  return startAppProcess(db, {
    SESSION_SECRET: 'crash-test-session-secret-0123456789abcdef',
    SEED: seed,
  });
}

const kill = killAppProcess;

describe('crash safety: SIGKILL in the middle of checkouts', function () {
  this.timeout(600_000);
  let db: TestDb;
  let client: pg.Client;
  const children: Child[] = [];

  before(async function () {
    if (!process.env.DATABASE_URL) return this.skip();
    db = await createTestDb('crash');
    client = new pg.Client({ connectionString: db.databaseUrl });
  });

  after(async () => {
    for (const c of children) await kill(c);
    await client?.end().catch(() => {});
    await db?.drop();
  });

  const rows = async <T>(text: string, params: unknown[] = []) => (await client.query(text, params)).rows as T[];

  it('loses no answered order, leaves no half-written one, and lines, payments, allocations and stock add up', async () => {
    const first = await startApp(db, 'demo');
    children.push(first);
    await client.connect();

    const [{ id: product }] = await rows<{ id: number }>(`select id from products where stockcode = 'TL-GAUGE'`);
    const [us] = await rows<{ id: number }>(
      `select id from warehouses where country_code = 'US' and active order by id limit 1`,
    );
    await client.query(
      'update inventory set quantity = case when warehouse_id = $2 then 40 else 0 end, reserved = 0 where product_id = $1',
      [product, us.id],
    );
    const [{ max: allocBefore }] = await rows<{ max: number }>(
      'select coalesce(max(s.line_item_id), 0)::int as max from stock_allocations s',
    );

    // Twelve new customers, each with a cart of 2 and shipping chosen, ready to place.
    const buyers = [];
    for (let i = 0; i < 12; i++) {
      const c = await newCustomer(product, 2, {}, first.url);
      const { totals } = await chooseShipping(c.a, c.token, c.orderId, c.shipTo);
      buyers.push({ ...c, key: randomUUID(), total: totals.total });
    }

    // All twelve place at once; the process dies as soon as the first answer comes back.
    const answered = new Map<number, number>();
    let killed: Promise<void> | undefined;
    await Promise.allSettled(
      buyers.map(async (b) => {
        const res = await place(b.a, b.token, b.key, {
          order_id: b.orderId,
          payment_type: 2,
          check_number: '77',
          expected_total: b.total,
        });
        answered.set(b.orderId, res.status);
        killed ??= kill(first);
      }),
    );
    await killed;
    expect(first.proc.signalCode).to.equal('SIGKILL');
    const told = [...answered].filter(([, s]) => s === 201).map(([id]) => id);
    expect(told.length, 'at least one checkout was answered before the kill').to.be.greaterThan(0);

    const second = await startApp(db, 'none');
    children.push(second);

    // Nothing the clients were told about is lost.
    const placed = await rows<{ id: number }>(`select id from orders where id = any($1) and status <> 'cart'`, [
      buyers.map((b) => b.orderId),
    ]);
    expect(placed.map((r) => r.id)).to.include.members(told);

    // No half-written order: every placed order has lines, one check payment (pending until it
    // clears) for its total, allocations that sum to the payment, and the stock its lines took.
    const audit = await rows<{
      id: number;
      lines: number;
      payments: number;
      paid: string;
      total: string;
      alloc: string;
      stock: number;
      qty: number;
      bad_lines: number;
    }>(
      `
      select o.id,
        (select count(*) from order_line_items l where l.order_id = o.id and l.line_type in (0, 2))::int as lines,
        (select count(*) from payments p where p.order_id = o.id)::int as payments,
        (select coalesce(sum(p.total), 0) from payments p where p.order_id = o.id)::text as paid,
        o.total::text as total,
        (select coalesce(sum(a.amount), 0) from payment_allocations a join payments p on p.id = a.payment_id where p.order_id = o.id)::text as alloc,
        (select coalesce(sum(s.quantity), 0) from stock_allocations s join order_line_items l on l.id = s.line_item_id where l.order_id = o.id)::int as stock,
        (select coalesce(sum(l.quantity), 0) from order_line_items l where l.order_id = o.id and l.product_id = $2)::int as qty,
        (select count(*) from order_line_items l where l.order_id = o.id and l.unpaid_total <> l.total_discounted - l.paid_total)::int as bad_lines
      from orders o where o.id = any($1) and o.status <> 'cart' order by o.id`,
      [buyers.map((b) => b.orderId), product],
    );
    for (const o of audit) {
      expect(o.lines, `order ${o.id} lines`).to.be.greaterThan(0);
      expect(o.payments, `order ${o.id} payments`).to.equal(1);
      expect(Number(o.alloc), `order ${o.id}: allocations sum to the payment`).to.equal(Number(o.paid));
      expect(Number(o.paid), `order ${o.id}: the payment is the order total`).to.equal(Number(o.total));
      expect(o.stock, `order ${o.id}: stock taken for its lines`).to.equal(o.qty);
      expect(o.bad_lines, `order ${o.id}: unpaid = total_discounted - paid on every line`).to.equal(0);
    }
    // Orders not placed took nothing: no payment, no stock.
    const [untouched] = await rows<{ n: number }>(
      `
      select count(*)::int as n from orders o where o.id = any($1) and o.status = 'cart'
        and (exists (select 1 from payments p where p.order_id = o.id)
          or exists (select 1 from stock_allocations s join order_line_items l on l.id = s.line_item_id where l.order_id = o.id))`,
      [buyers.map((b) => b.orderId)],
    );
    expect(untouched.n, 'carts left with a payment or stock taken').to.equal(0);
    // Stock on hand = 40 − what the placed orders took.
    const [stock] = await rows<{ q: number; taken: number }>(
      `
      select (select sum(quantity) from inventory where product_id = $1)::int as q,
        (select coalesce(sum(s.quantity), 0) from stock_allocations s join order_line_items l on l.id = s.line_item_id
          where l.product_id = $1 and s.line_item_id > $2)::int as taken`,
      [product, allocBefore],
    );
    expect(stock.q + stock.taken).to.equal(40);

    // A client that never got its answer retries with the same key: exactly one order each.
    const unanswered = buyers.filter((b) => answered.get(b.orderId) !== 201);
    for (const b of unanswered) {
      const again = await newCustomerAgentOn(second.url, b);
      const res = await place(again, b.token, b.key, {
        order_id: b.orderId,
        payment_type: 2,
        check_number: '77',
        expected_total: b.total,
      });
      expect(res.status, res.text).to.be.oneOf([200, 201]);
    }
    const [counts] = await rows<{ orders: number; payments: number }>(
      `
      select count(*)::int as orders, (select count(*) from payments p where p.order_id = any($1))::int as payments
      from orders where id = any($1) and status <> 'cart'`,
      [buyers.map((b) => b.orderId)],
    );
    expect(counts).to.deep.equal({ orders: 12, payments: 12 });
  });
});

/** The buyer's agent pointed at the restarted process (same cookies: sessions live in PostgreSQL). */
async function newCustomerAgentOn(url: string, b: { a: { jar?: unknown } }) {
  const supertest = (await import('supertest')).default;
  const a = supertest.agent(url);
  (a as unknown as { jar: unknown }).jar = (b.a as unknown as { jar: unknown }).jar;
  return a;
}
