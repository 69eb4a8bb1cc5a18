/** Back-office order search: filters kept in the URL, sort, keyset pagination, guards and bad input. */
import { expect } from 'chai';
import { agent, signIn, type Agent } from '../helpers/http.ts';
import { sqlRows } from '../helpers/server.ts';

const ids = (html: string) => [...html.matchAll(/<tr data-href="\/admin\/orders\/detail\/(\d+)" data-order-id="\d+">/g)].map((m) => Number(m[1]));
const next = (html: string) => /href="([^"]+)" rel="next"/.exec(html)?.[1]?.replace(/&amp;/g, '&');
const prev = (html: string) => /href="([^"]+)" rel="prev"/.exec(html)?.[1]?.replace(/&amp;/g, '&');
const query = sqlRows;

describe('order search /{locale}/account/dashboard/orders', () => {
  let staff: Agent;
  before(async () => {
    staff = await agent();
    await signIn(staff, 'staff@example.com');
  });

  it('lists submitted orders newest first in the back-office frame, without carts', async () => {
    const res = await staff.get('/en-us/account/dashboard/orders');
    expect(res.status).to.equal(200);
    expect(res.text).to.match(/data-nav="orders" aria-current="page"/);
    const got = ids(res.text);
    expect(got).to.have.length(25);
    const expected = await query<{ id: number }>(`select id from orders where status <> 'cart' order by created_at desc, id desc limit 25`);
    expect(got).to.deep.equal(expected.map((r) => r.id));
  });

  it('finds an order by the start of its PO number, any case, and keeps the filter in the form and the links', async () => {
    const [o] = await query<{ id: number; po_number: string }>(`select id, po_number from orders where po_number is not null order by id limit 1`);
    const typed = o.po_number.toLowerCase();
    const res = await staff.get(`/en-us/account/dashboard/orders?po=${encodeURIComponent(typed)}`);
    expect(ids(res.text)).to.include(o.id);
    const all = await query<{ id: number }>(`select id from orders where lower(po_number) like $1 and status <> 'cart'`, [`${typed}%`]);
    expect(ids(res.text).sort()).to.deep.equal(all.map((r) => r.id).sort());
    expect(res.text).to.include(`value="${typed}"`);
    expect(res.text).to.match(/href="[^"]*po=[^"]*" data-sort="total"/);
  });

  it('filters by customer email, status, channel, date range and unpaid balance together', async () => {
    const res = await staff.get('/en-us/account/dashboard/orders?customer=buyer%40acme&status=completed&channel=US&from=2025-01-01&to=2026-12-31');
    const got = ids(res.text);
    const expected = await query<{ id: number }>(`select o.id from orders o join persons p on p.id = o.person_id join channels c on c.id = o.channel_id
      where lower(p.email) like 'buyer@acme%' and o.status = 'completed' and c.code = 'US' and o.created_at >= '2025-01-01' and o.created_at < '2027-01-01' order by o.created_at desc, o.id desc`);
    expect(expected.length).to.be.greaterThan(0);
    expect(got).to.deep.equal(expected.map((r) => r.id));

    const unpaid = ids((await staff.get('/en-us/account/dashboard/orders?unpaid=1&sort=id&dir=asc')).text);
    expect(unpaid.length).to.be.greaterThan(0);
    // Owing (issue 33): a sale (not a cart, quote or cancelled order) whose total + fees − successful payments + refunds is above 0.
    const owing = await query<{ id: number }>(`select o.id from orders o where o.status in ('pending', 'processing', 'on_hold', 'shipped', 'completed') and not o.quote
      and o.total + (select coalesce(sum(f.amount), 0) from order_fees f where f.order_id = o.id)
        - (select coalesce(sum(p.total), 0) from payments p where p.order_id = o.id and p.successful)
        + (select coalesce(sum(r.amount), 0) from refunds r join payments p on p.id = r.payment_id where p.order_id = o.id) > 0 order by o.id limit 25`);
    expect(unpaid).to.deep.equal(owing.map((r) => r.id));
  });

  it('finds by order number and by ERP id', async () => {
    expect(ids((await staff.get('/en-us/account/dashboard/orders?order=2')).text)).to.deep.equal([2]);
    const [o] = await query<{ id: number; erp_id: string }>(`select id, erp_id from orders where erp_id is not null order by id limit 1`);
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
    const totals = await query<{ id: number }>(`select id from orders where status <> 'cart' order by total asc, id asc`);
    expect(seen).to.deep.equal(totals.map((r) => r.id));
    // From page 2, the previous link shows page 1 again.
    const page2 = await staff.get(next((await staff.get('/en-us/account/dashboard/orders?sort=total&dir=asc')).text)!);
    const back = await staff.get(prev(page2.text)!);
    expect(ids(back.text)).to.deep.equal(pages[0]);
  });

  it('lists carts by total when asked for by status (carts have no placed total)', async () => {
    const res = await staff.get('/en-us/account/dashboard/orders?status=cart&sort=total&dir=desc');
    expect(res.status).to.equal(200);
    const want = await query<{ id: number }>(`select id from orders where status = 'cart' order by total desc, id desc limit 25`);
    expect(want.length).to.be.greaterThan(1);
    expect(ids(res.text)).to.deep.equal(want.map((r) => r.id));
  });

  it('sorts by any column both ways', async () => {
    for (const [sort, dir, sql] of [['status', 'asc', 'status asc, id asc'], ['id', 'asc', 'id asc'], ['customer', 'desc', `coalesce(lower(p.last_name || ' ' || p.first_name), '') desc, o.id desc`]] as const) {
      const got = ids((await staff.get(`/en-us/account/dashboard/orders?sort=${sort}&dir=${dir}`)).text);
      const want = await query<{ id: number }>(`select o.id from orders o left join persons p on p.id = o.person_id where o.status <> 'cart' order by ${sql.replace(/^status/, 'o.status').replace(/^id/, 'o.id')} limit 25`);
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
    for (const q of ['status=bogus', 'from=2026-13-45', 'from=2026-05-02&to=2026-05-01', 'order=abc', 'status[]=pending', 'sort=password', `po=${'x'.repeat(61)}`]) {
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
