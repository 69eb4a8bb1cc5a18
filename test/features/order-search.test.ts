/** Back-office order search: filters kept in the URL, sort, keyset pagination, guards and bad input. */
import { expect } from 'chai';
import { agent, signIn, type Agent } from '../helpers/http.ts';
import { cloneOrder, sqlRows } from '../helpers/server.ts';

const ids = (html: string) =>
  [...html.matchAll(/<tr data-href="\/admin\/orders\/detail\/(\d+)" data-order-id="\d+">/g)].map((m) => Number(m[1]));
const next = (html: string) => /href="([^"]+)" rel="next"/.exec(html)?.[1]?.replace(/&amp;/g, '&');
const prev = (html: string) => /href="([^"]+)" rel="prev"/.exec(html)?.[1]?.replace(/&amp;/g, '&');
const query = sqlRows;

describe('order search /{locale}/account/dashboard/orders', () => {
  let staff: Agent;
  before(async () => {
    staff = await agent();
    await signIn(staff, 'staff@example.com');
  });

  it('lists submitted orders machine-down first, then newest first, in the back-office frame, without carts', async () => {
    const res = await staff.get('/en-us/account/dashboard/orders');
    expect(res.status).to.equal(200);
    expect(res.text).to.match(/data-nav="orders" aria-current="page"/);
    const got = ids(res.text);
    expect(got).to.have.length(25);
    const expected = await query<{ id: number }>(
      `select id from orders where status <> 'cart' order by machine_down desc, created_at desc, id desc limit 25`,
    );
    expect(got).to.deep.equal(expected.map((r) => r.id));
  });

  // Orders made here, with figures chosen by hand, so each filter's answer is known without asking the database.
  describe('on orders made for the test', () => {
    let made: { older: number; newer: number; cancelled: number; paid: number };
    before(async () => {
      const [source] = await query<{ id: number }>(
        `select o.id from orders o join channels c on c.id = o.channel_id where c.code = 'US' and o.status = 'processing' and not o.quote order by o.id limit 1`,
      );
      const [person] = await query<{ id: number }>(
        `insert into persons (first_name, last_name, email) values ('Hana', 'Searchwell', 'hana.searchwell@example.net') returning id`,
      );
      const copy = async (status: string, po: string, day: string, total: string) => {
        const id = await cloneOrder(source.id);
        await query(
          `update orders set person_id = $2, status = $3, po_number = $4, created_at = ($5::date + time '09:00') at time zone 'UTC', total = $6 where id = $1`,
          [id, person.id, status, po, day, total],
        );
        return id;
      };
      made = {
        older: await copy('processing', 'HW-2231-A', '2024-02-10', '120.00'),
        newer: await copy('processing', 'hw-2231-b', '2024-02-12', '80.00'),
        cancelled: await copy('cancelled', 'HW-9', '2024-02-11', '50.00'),
        paid: await copy('completed', 'HX-1', '2024-02-09', '70.00'),
      };
      await query('insert into payments (order_id, payment_type, successful, total) values ($1, 2, true, 70.00)', [
        made.paid,
      ]);
    });

    it('finds orders by the start of their PO number, any case, and keeps the filter in the form and the links', async () => {
      const res = await staff.get('/en-us/account/dashboard/orders?po=hw-2231');
      expect(ids(res.text)).to.deep.equal([made.newer, made.older]);
      expect(res.text).to.include('value="hw-2231"');
      expect(res.text).to.match(/href="[^"]*po=[^"]*" data-sort="total"/);
      expect(ids((await staff.get('/en-us/account/dashboard/orders?po=HW')).text)).to.deep.equal([
        made.newer,
        made.cancelled,
        made.older,
      ]);
    });

    it('filters by customer name or email, status, date range and unpaid balance together', async () => {
      const all = '/en-us/account/dashboard/orders?customer=searchwell';
      expect(ids((await staff.get(all)).text)).to.deep.equal([made.newer, made.cancelled, made.older, made.paid]);
      expect(
        ids((await staff.get(`${all.replace('searchwell', 'hana.searchwell%40example')}&status=processing`)).text),
      ).to.deep.equal([made.newer, made.older]);
      expect(ids((await staff.get(`${all}&from=2024-02-10&to=2024-02-11`)).text)).to.deep.equal([
        made.cancelled,
        made.older,
      ]);
      expect(ids((await staff.get(`${all}&channel=US&sort=total&dir=asc`)).text)).to.deep.equal([
        made.cancelled,
        made.paid,
        made.newer,
        made.older,
      ]);
      // Owing: the two processing orders; the cancelled one owes nothing and the completed one is paid.
      expect(ids((await staff.get(`${all}&unpaid=1&sort=id&dir=asc`)).text)).to.deep.equal([made.older, made.newer]);
    });
  });

  it('finds by order number and by ERP id', async () => {
    expect(ids((await staff.get('/en-us/account/dashboard/orders?order=2')).text)).to.deep.equal([2]);
    const [o] = await query<{ id: number; erp_id: string }>(
      `select id, erp_id from orders where erp_id is not null order by id limit 1`,
    );
    expect(ids((await staff.get(`/en-us/account/dashboard/orders?erp=${o.erp_id}`)).text)).to.deep.equal([o.id]);
  });

  it('pages with keyset links: every order once, and back again', async () => {
    const [{ n }] = await query<{ n: number }>(`select count(*)::int as n from orders where status <> 'cart'`);
    const seen: number[] = [];
    let url: string | undefined = '/en-us/account/dashboard/orders?sort=total&dir=asc';
    const pages: number[][] = [];
    while (url) {
      const res = await staff.get(url);
      expect(res.status).to.equal(200);
      pages.push(ids(res.text));
      seen.push(...ids(res.text));
      url = next(res.text);
    }
    expect(new Set(seen).size).to.equal(n);
    expect(seen.length).to.equal(n);
    const totals = await query<{ id: number }>(
      `select id from orders where status <> 'cart' order by total asc, id asc`,
    );
    expect(seen).to.deep.equal(totals.map((r) => r.id));
    // From page 2, the previous link shows page 1 again.
    const page2 = await staff.get(next((await staff.get('/en-us/account/dashboard/orders?sort=total&dir=asc')).text)!);
    const back = await staff.get(prev(page2.text)!);
    expect(ids(back.text)).to.deep.equal(pages[0]);
  });

  it('lists carts by total when asked for by status (carts have no placed total)', async () => {
    const res = await staff.get('/en-us/account/dashboard/orders?status=cart&sort=total&dir=desc');
    expect(res.status).to.equal(200);
    const want = await query<{ id: number }>(
      `select id from orders where status = 'cart' order by total desc, id desc limit 25`,
    );
    expect(want.length).to.be.greaterThan(1);
    expect(ids(res.text)).to.deep.equal(want.map((r) => r.id));
  });

  it('sorts by any column both ways', async () => {
    for (const [sort, dir, sql] of [
      ['status', 'asc', 'status asc, id asc'],
      ['id', 'asc', 'id asc'],
      ['customer', 'desc', `coalesce(lower(p.last_name || ' ' || p.first_name), '') desc, o.id desc`],
    ] as const) {
      const got = ids((await staff.get(`/en-us/account/dashboard/orders?sort=${sort}&dir=${dir}`)).text);
      const want = await query<{ id: number }>(
        `select o.id from orders o left join persons p on p.id = o.person_id where o.status <> 'cart' order by ${sql.replace(/^status/, 'o.status').replace(/^id/, 'o.id')} limit 25`,
      );
      expect(got, sort).to.deep.equal(want.map((r) => r.id));
    }
  });

  it('shows an empty state when nothing matches', async () => {
    const res = await staff.get('/en-us/account/dashboard/orders?po=NO-SUCH-PO-XYZ');
    expect(res.status).to.equal(200);
    expect(res.text).to.include('data-testid="empty-state"');
    expect(ids(res.text)).to.deep.equal([]);
  });

  it('refuses bad filters with a 400 and treats a junk cursor as the first page', async () => {
    for (const q of [
      'status=bogus',
      'from=2026-13-45',
      'from=2026-05-02&to=2026-05-01',
      'order=abc',
      'status[]=pending',
      'sort=password',
      `po=${'x'.repeat(61)}`,
    ]) {
      const res = await staff.get(`/en-us/account/dashboard/orders?${q}`).set('Accept', 'application/json');
      expect(res.status, q).to.equal(400);
      expect(res.body.error.code, q).to.equal('invalid');
    }
    const junk = await staff.get('/en-us/account/dashboard/orders?after=%27%3B%20drop%20table%20orders');
    expect(junk.status).to.equal(200);
    expect(ids(junk.text)).to.have.length(25);
  });

  it('is refused to customers (403) and to visitors (sign-in)', async () => {
    const customer = await agent();
    await signIn(customer, 'customer@example.com');
    expect((await customer.get('/en-us/account/dashboard/orders')).status).to.equal(403);
    const visitor = await agent();
    const res = await visitor.get('/en-us/account/dashboard/orders');
    expect(res.status).to.equal(302);
    expect(res.headers.location).to.equal('/en-us/login');
  });
});
