/**
 * Reports over HTTP: totals equal a direct SQL sum over the seeded orders, the CSV carries the
 * screen's totals with formula cells neutralised, customers are refused, bad input is a 4xx.
 */
import { expect } from 'chai';
import { agent, signIn, type Agent } from '../helpers/http.ts';
import { testServer } from '../helpers/server.ts';

const query = async <T extends Record<string, unknown>>(text: string, params: unknown[] = []) =>
  (await (await testServer()).database.pool.query<T>(text, params)).rows;

type Totals = Record<
  'subtotal' | 'discount' | 'shipping' | 'tax' | 'total' | 'fees' | 'paid' | 'unpaid',
  string | null
> & { orders: number; groups: number };
type ReportJson = { rows: (Totals & { key: string })[]; totals: Totals; currency: string };

const cents = (v: string | null | undefined) => Math.round(Number(v ?? 0) * 100);

async function reportJson(a: Agent, qs: string): Promise<ReportJson> {
  const res = await a.get(`/en-us/account/dashboard/reports/orders?${qs}`).set('Accept', 'application/json');
  expect(res.status, res.text).to.equal(200);
  return res.body as ReportJson;
}

/** Parses the CSV this app writes (quoted cells with doubled quotes, CRLF lines). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const body = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < body.length; i++) {
    const ch = body[i];
    if (quoted) {
      if (ch === '"' && body[i + 1] === '"') (cell += '"'), i++;
      else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') row.push(cell), (cell = '');
    else if (ch === '\r' && body[i + 1] === '\n') row.push(cell), rows.push(row), (row = []), (cell = ''), i++;
    else cell += ch;
  }
  return rows;
}

describe('reports', function () {
  this.timeout(60_000);
  let staff: Agent;
  before(async () => {
    staff = await agent();
    await signIn(staff, 'staff@example.com');
  });

  it('reports main links to the order and survey reports', async () => {
    const res = await staff.get('/en-us/account/dashboard/reports');
    expect(res.status).to.equal(200);
    expect(res.text).to.include('data-testid="report-link-orders"');
    expect(res.text).to.include('data-testid="report-link-surveys"');
    expect(res.text).to.match(/data-nav="reports" aria-current="page"/);
  });

  describe('order report totals equal a direct sum over the orders', () => {
    it('US channel, first quarter of 2026, by month: amounts as the orders hold them', async () => {
      const r = await reportJson(staff, 'channel=US&from=01/01/26&to=03/31/26&group=month');
      // Fees are billed, paid is net of refunds, unpaid is total + fees − paid per order (never below 0); quotes are not sales.
      const [sql] = await query<{
        n: number;
        subtotal: string;
        total: string;
        tax: string;
        fees: string;
        paid: string;
        unpaid: string;
      }>(`
        select count(*)::int n, sum(x.subtotal) subtotal, sum(x.total) total, sum(x.tax) tax, sum(x.fees) fees, sum(x.paid) paid,
          sum(greatest(0, x.total + x.fees - x.paid)) unpaid
        from (select o.subtotal, o.total, o.tax,
            (select coalesce(sum(fe.amount), 0) from order_fees fe where fe.order_id = o.id) fees,
            (select coalesce(sum(p.total), 0) from payments p where p.order_id = o.id and p.successful)
              - (select coalesce(sum(r.amount), 0) from refunds r join payments p on p.id = r.payment_id where p.order_id = o.id) paid
          from orders o join channels c on c.id = o.channel_id
          where c.code = 'US' and o.status not in ('cart', 'quote', 'cancelled') and not o.quote
            and o.created_at >= '2026-01-01' and o.created_at < '2026-04-01') x`);
      expect(sql.n).to.be.greaterThan(0);
      expect(r.currency).to.equal('USD');
      expect(r.totals.orders).to.equal(sql.n);
      expect(cents(r.totals.total)).to.equal(cents(sql.total));
      expect(cents(r.totals.subtotal)).to.equal(cents(sql.subtotal));
      expect(cents(r.totals.tax)).to.equal(cents(sql.tax));
      expect(cents(r.totals.paid)).to.equal(cents(sql.paid));
      expect(cents(r.totals.fees)).to.equal(cents(sql.fees));
      expect(cents(r.totals.unpaid)).to.equal(cents(sql.unpaid));
      expect(r.rows.map((x) => x.key)).to.deep.equal(
        ['2026-01', '2026-02', '2026-03'].filter((k) => r.rows.some((x) => x.key === k)),
      );
      expect(r.rows.reduce((n, x) => n + cents(x.total), 0)).to.equal(cents(r.totals.total));
    });

    it('every channel over the default year, by day: each order converted to USD once', async () => {
      const r = await reportJson(staff, 'from=06/01/25&to=06/01/26&group=day&status=any');
      const [sql] = await query<{ n: number; total: string; discount: string; shipping: string }>(`
        select count(*)::int n, sum(round(o.total / c.mid_market_rate, 2)) total,
          sum(round(o.discount / c.mid_market_rate, 2)) discount, sum(round(o.shipping / c.mid_market_rate, 2)) shipping
        from orders o join channels c on c.id = o.channel_id
        where o.status <> 'cart' and o.created_at >= '2025-06-01' and o.created_at < '2026-06-02'`);
      expect(r.totals.orders).to.equal(sql.n);
      expect(cents(r.totals.total)).to.equal(cents(sql.total));
      expect(cents(r.totals.discount)).to.equal(cents(sql.discount));
      expect(cents(r.totals.shipping)).to.equal(cents(sql.shipping));
      // 50 groups a page: the totals cover every group, not only this page.
      expect(r.totals.groups).to.be.greaterThan(r.rows.length - 1);
    });

    it('Canada, shipped orders, by week: CAD amounts, weeks start on Sunday', async () => {
      const r = await reportJson(staff, 'channel=CA&status=shipped&from=2025-06-01&to=2026-06-01&group=week');
      const [sql] = await query<{ n: number; total: string }>(`
        select count(*)::int n, coalesce(sum(o.total), 0) total from orders o join channels c on c.id = o.channel_id
        where c.code = 'CA' and o.status = 'shipped' and o.created_at >= '2025-06-01' and o.created_at < '2026-06-02'`);
      expect(r.currency).to.equal('CAD');
      expect(r.totals.orders).to.equal(sql.n);
      expect(cents(r.totals.total)).to.equal(cents(sql.total));
      for (const row of r.rows) expect(new Date(`${row.key}T00:00:00Z`).getUTCDay(), row.key).to.equal(0);
    });
  });

  it('the CSV holds the screen totals and neutralises a cell that starts with "="', async () => {
    const [{ id: productId }] = await query<{ id: number }>(`
      insert into products (title, slug, stockcode, price, currency_id)
      values ('=HYPERLINK("http://evil.example","click")', 'csv-injection-test', 'CSV-INJECT', 10, (select id from currencies where code = 'USD'))
      returning id`);
    const [{ id: orderId }] = await query<{ id: number }>(`
      insert into orders (status, channel_id, currency_id, order_currency, subtotal, total, created_at)
      select 'completed', c.id, c.currency_id, 'USD', 10, 10, '2026-05-20T10:00:00Z' from channels c where c.code = 'US' returning id`);
    await query(
      `insert into order_line_items (order_id, line_type, product_id, title, quantity, currency_id, unit_price, total, total_discounted, unpaid_total)
      select $1, 0, $2, 'Injected', 1, currency_id, 10, 10, 10, 10 from orders where id = $1`,
      [orderId, productId],
    );

    const qs = 'channel=US&from=05/01/26&to=05/31/26&group=product';
    const screen = await reportJson(staff, qs);
    const res = await staff
      .get(`/en-us/account/dashboard/reports/orders.csv?${qs}`)
      .buffer(true)
      .parse((r, cb) => {
        let data = '';
        r.setEncoding('utf8');
        r.on('data', (c: string) => (data += c));
        r.on('end', () => cb(null, data));
      });
    expect(res.status).to.equal(200);
    expect(res.headers['content-type']).to.match(/^text\/csv/);
    expect(res.headers['content-disposition']).to.match(
      /attachment; filename="?orders-product-2026-05-01-2026-05-31-US\.csv"?/,
    );
    const rows = parseCsv(res.body as string);
    const injected = rows.find((r) => r[0].includes('HYPERLINK'));
    expect(injected, 'the product row').to.not.equal(undefined);
    expect(injected![0]).to.equal(`'=HYPERLINK("http://evil.example","click")`);
    const header = rows[0];
    const last = rows[rows.length - 1];
    const col = (name: string) => header.findIndex((h) => h.startsWith(name));
    expect(last[0]).to.equal('Totals');
    expect(cents(last[col('Total')])).to.equal(cents(screen.totals.total));
    expect(cents(last[col('Paid')])).to.equal(cents(screen.totals.paid));
    expect(rows.slice(1, -1).reduce((n, r) => n + cents(r[col('Total')]), 0)).to.equal(cents(screen.totals.total));
    await query('delete from orders where id = $1', [orderId]);
    await query('delete from products where id = $1', [productId]);
  });

  it('dashboard charts: tables in the page for the chosen channel; bad period or channel is a 400; no charts without reports.view', async () => {
    const res = await staff.get('/account/dashboard?period=730&channel=MX');
    expect(res.status).to.equal(200);
    for (const id of ['sales', 'status', 'products', 'outstanding', 'aov'])
      expect(res.text).to.include(`data-testid="chart-${id}"`);
    expect(res.text).to.match(/MX\$|MXN/);
    for (const q of ['period=7', 'channel=ZZ', 'channel=us', 'period[]=30'])
      expect((await staff.get(`/account/dashboard?${q}`)).status, q).to.equal(400);
    const wh = await agent();
    await signIn(wh, 'warehouse@example.com');
    const page = await wh.get('/account/dashboard');
    expect(page.status).to.equal(200);
    expect(page.text).not.to.include('data-testid="dashboard-insight"');
  });

  it('survey report counts answers per question with percentages', async () => {
    const res = await staff
      .get('/en-us/account/dashboard/reports/surveys?from=01/01/25&to=06/01/26')
      .set('Accept', 'application/json');
    expect(res.status).to.equal(200);
    const [{ n }] = await query<{ n: number }>(
      `select count(*)::int n from surveys where created_at >= '2025-01-01' and created_at < '2026-06-02'`,
    );
    expect(res.body.responses).to.equal(n);
    const byQuestion = new Map<string, number>();
    for (const c of res.body.counts as { question: string; percent: string }[])
      byQuestion.set(c.question, (byQuestion.get(c.question) ?? 0) + Number(c.percent));
    expect(byQuestion.size).to.be.greaterThan(0);
    for (const [q, sum] of byQuestion) expect(Math.abs(sum - 100), q).to.be.lessThan(0.2);
    const html = await staff.get('/fr-ca/account/dashboard/reports/surveys?from=01/01/25&to=06/01/26');
    expect(html.status).to.equal(200);
    expect(html.text).to.include('data-testid="survey-table"');
  });

  it('customers get 403 on every report (and the calendar); anonymous visitors are sent to sign in', async () => {
    const customer = await agent();
    await signIn(customer, 'buyer@acme.example'); // a customer (not customer@: the suite's other tests use its ten sign-ins a window)
    const paths = [
      '/en-us/account/dashboard/reports',
      '/en-us/account/dashboard/reports/orders',
      '/en-us/account/dashboard/reports/orders.csv',
      '/en-us/account/dashboard/reports/surveys',
      '/en-us/account/dashboard/calendar',
    ];
    for (const p of paths) {
      expect((await customer.get(p)).status, p).to.equal(403);
      expect((await customer.get(p).set('Accept', 'application/json')).body.error.code, p).to.equal('forbidden');
    }
    const anon = await agent();
    expect((await anon.get(paths[1]).set('Accept', 'application/json')).status).to.equal(401);
  });

  it('bad input is a 4xx with the message beside the field, never a 5xx', async () => {
    const html = await staff.get('/en-us/account/dashboard/reports/orders?from=13/45/26');
    expect(html.status).to.equal(400);
    expect(html.text).to.include('data-testid="field-error-from"');
    const cases = [
      'from=13/45/26',
      'to=12/31/2060',
      'from=06/01/26&to=01/01/26',
      'channel=ZZ',
      'group=year',
      'status=cart',
      'page=0',
      'product=abc',
      'warehouse=-3',
      'customer=' + 'x'.repeat(200),
      'from[]=1',
    ];
    for (const c of cases) {
      const res = await staff.get(`/en-us/account/dashboard/reports/orders?${c}`).set('Accept', 'application/json');
      expect(res.status, c).to.equal(400);
      expect(res.body.error.code, c).to.equal('invalid');
      const csv = await staff.get(`/en-us/account/dashboard/reports/orders.csv?${c}`);
      expect(csv.status, `csv ${c}`).to.be.within(400, 499);
    }
    const survey = await staff
      .get('/en-us/account/dashboard/reports/surveys?group=week')
      .set('Accept', 'application/json');
    expect(survey.status).to.equal(400);
  });
});
