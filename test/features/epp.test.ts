/** GET /{locale}/epp/service-data and paying an order by EPP over HTTP. */
import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import supertest from 'supertest';
import { toCents } from '../../src/domain/money.ts';
import { TEST_CARDS } from '../../src/providers/payments/index.ts';
import { csrf } from '../helpers/http.ts';
import { productIdByStockcode, sqlRows, testServer } from '../helpers/server.ts';
import { signedIn } from '../helpers/signed-in.ts';
import { addToCart, chooseShipping, newCustomer, place, tokenize, xhr } from './checkout-helpers.ts';

const URL = '/en-us/epp/service-data';
type Terms = {
  downPayment: string;
  total: string;
  schedule: { date: string; amount: string }[];
  downPaymentPercent: number;
  installmentCount: number;
  amountFinanced: string;
  financeCharge: string;
  totalOfPayments: string;
  apr: string;
  [k: string]: unknown;
};

/** downPayment + Σ schedule = total, and the Regulation Z identities, in cents. */
function expectAddsUp(t: Terms) {
  const sum = t.schedule.reduce((s, x) => s + toCents(x.amount), 0);
  expect(toCents(t.downPayment) + sum, JSON.stringify(t)).to.equal(toCents(t.total));
  expect(sum).to.equal(toCents(t.totalOfPayments));
  expect(toCents(t.amountFinanced) + toCents(t.financeCharge)).to.equal(toCents(t.totalOfPayments));
  expect(t.schedule).to.have.length(t.installmentCount);
}

/** A visitor whose requests ask for JSON, as the islands do. */
const anon = async () => {
  const a = supertest.agent((await testServer()).url);
  return {
    get: (path: string) => a.get(path).set('Accept', 'application/json').set('X-Requested-With', 'XMLHttpRequest'),
    agent: a,
  };
};
/** GET asking for JSON, as the islands do, with any agent. */
const jget = (a: { get: (p: string) => supertest.Test }, path: string) =>
  a.get(path).set('Accept', 'application/json').set('X-Requested-With', 'XMLHttpRequest');

describe('EPP service data', function () {
  this.timeout(120_000);
  let demoConfig: number;
  before(async () => {
    demoConfig = await productIdByStockcode('DEMO-CONFIG');
  });

  it('answers terms with every §3 field, the contract extras, the disclosure figures and the rules', async () => {
    const res = await (await anon()).get(`${URL}?demoTotal=20000.00`);
    expect(res.status, res.text).to.equal(200);
    const { terms, rules, translations } = res.body;
    for (const k of [
      'downPaymentPercent',
      'installmentCount',
      'eppFee',
      'eppFeePercent',
      'eppFeePercentCalculated',
      'hasPromos',
      'customEppFee',
      'eligibleItems',
      'downPayment',
      'total',
      'schedule',
      'amountFinanced',
      'financeCharge',
      'apr',
      'totalOfPayments',
    ]) {
      expect(terms, k).to.have.property(k);
    }
    expect(rules).to.deep.equal({
      percent_down: [10, 20, 30, 50],
      months: [6, 12, 18, 24],
      default_percent_down: 20,
      default_months: 12,
      fee_percent: '3.50',
      interest_rate: '9.90',
    });
    expect(terms.downPaymentPercent).to.equal(20);
    expect(terms.installmentCount).to.equal(12);
    expect(terms.downPayment).to.equal('4000.00');
    expect(terms.eppFee).to.equal('560.00');
    expect(terms.eppFeePercent).to.equal('3.50');
    expect(terms.apr).to.equal('16.12');
    expect(terms.schedule[0].date).to.match(/^\d{4}-\d{2}-\d{2}$/);
    expect(translations.title).to.equal('Extended Payment Program (EPP)');
    expectAddsUp(terms);
  });

  it('prices a product from the database (its channel price), with the promotional plan beside the standard one', async () => {
    const product = await (await anon()).get(`/en-us/products/${demoConfig}`).set('Accept', 'application/json');
    const res = await (await anon()).get(`${URL}?productId=${demoConfig}&percentDown=30&months=18`);
    expect(res.status, res.text).to.equal(200);
    expect(res.body.terms.price).to.equal(product.body.unit_price);
    expect(res.body.terms.hasPromos).to.equal(true);
    expect(res.body.terms.eligibleItems).to.have.length(1);
    expect(res.body.terms.eligibleItems[0].epp_promo).to.include({ code: 'PLANT-0-12', months: 12 });
    expect(res.body.plans.promo).to.include({
      apr: '0.00',
      installmentCount: 12,
      financeCharge: '0.00',
      downPaymentPercent: 30,
    });
    expect(res.body.plans.standard).to.include({ installmentCount: 18, downPaymentPercent: 30 });
    expectAddsUp(res.body.plans.promo);
    expectAddsUp(res.body.plans.standard);
    const promo = await (await anon()).get(`${URL}?productId=${demoConfig}&plan=promo`);
    expect(promo.body.terms.plan).to.equal('promo');
    expect(promo.body.terms.apr).to.equal('0.00');
    // A hitch is not in the promotion: asking for the promotional plan is refused.
    const hitch = await (await anon()).get(`${URL}?productId=${await productIdByStockcode('HT-CLV')}&plan=promo`);
    expect(hitch.status).to.equal(400);
    expect(hitch.body.error.fields).to.have.property('plan');
  });

  it("names the EPP promotion in the visitor's language, English where no translation exists", async () => {
    const names = async (locale: string) => {
      const res = await (await anon()).get(`/${locale}/epp/service-data?productId=${demoConfig}`);
      expect(res.status, res.text).to.equal(200);
      return [res.body.plans.promo.name, res.body.terms.eligibleItems[0].epp_promo.name];
    };
    expect(await names('en-us')).to.deep.equal([
      '0% APR for 12 months on planters',
      '0% APR for 12 months on planters',
    ]);
    expect(await names('fr-ca')).to.deep.equal([
      'TAP de 0 % pendant 12 mois sur les semoirs',
      'TAP de 0 % pendant 12 mois sur les semoirs',
    ]);
    expect(await names('es-mx')).to.deep.equal([
      'APR de 0 % durante 12 meses en sembradoras',
      'APR de 0 % durante 12 meses en sembradoras',
    ]);
  });

  it('schedule sums equal the total for a table of totals and terms (thirds, one cent, large totals)', async () => {
    const a = await anon();
    for (const total of [
      '0.01',
      '0.03',
      '1.00',
      '100.00',
      '333.33',
      '1000.00',
      '18500.00',
      '12345678.99',
      '9999999999.99',
    ]) {
      for (const [pd, m] of [
        [10, 6],
        [20, 12],
        [30, 18],
        [50, 24],
      ]) {
        const res = await a.get(`${URL}?demoTotal=${total}&percentDown=${pd}&months=${m}`);
        expect(res.status, res.text).to.equal(200);
        expect(res.body.terms.downPaymentPercent).to.equal(pd);
        expectAddsUp(res.body.terms);
        expect(toCents(res.body.terms.total)).to.equal(toCents(total) + toCents(res.body.terms.financeCharge));
      }
    }
  });

  it('refuses a non-admin percentDown or months outside the lists (400 naming the field); an EPP admin may choose them', async () => {
    const customer = await signedIn('customer@example.com');
    for (const a of [await anon(), { get: (p: string) => jget(customer.a, p) }]) {
      const pd = await a.get(`${URL}?demoTotal=1000&percentDown=25`);
      expect(pd.status).to.equal(400);
      expect(pd.body.error.code).to.equal('invalid');
      expect(pd.body.error.fields).to.have.keys('percentDown');
      const m = await a.get(`${URL}?demoTotal=1000&months=9`);
      expect(m.status).to.equal(400);
      expect(m.body.error.fields).to.have.keys('months');
      const fee = await a.get(`${URL}?demoTotal=1000&eppFee=1.00`);
      expect(fee.status).to.equal(400);
      expect(fee.body.error.fields).to.have.keys('eppFee');
    }
    const admin = await signedIn('admin@example.com');
    const ok = await jget(admin.a, `${URL}?demoTotal=1000&percentDown=25&months=9&eppFee=12.00`);
    expect(ok.status, ok.text).to.equal(200);
    expect(ok.body.admin).to.equal(true);
    expect(ok.body.terms).to.include({
      downPaymentPercent: 25,
      installmentCount: 9,
      downPayment: '250.00',
      eppFee: '12.00',
      customEppFee: true,
    });
    expectAddsUp(ok.body.terms);
    // Even an admin stays within the limits.
    const far = await jget(admin.a, `${URL}?demoTotal=1000&percentDown=100&months=500`);
    expect(far.status).to.equal(400);
    expect(far.body.error.fields).to.have.keys('percentDown', 'months');
  });

  it('bad or missing numbers are a 400 naming the field, never a 5xx', async () => {
    const a = await anon();
    const cases: [string, string][] = [
      ['demoTotal=abc', 'demoTotal'],
      ['demoTotal=12.345', 'demoTotal'],
      ['demoTotal=-5', 'demoTotal'],
      ['demoTotal=1e9', 'demoTotal'],
      ['demoTotal=100&percentDown=abc', 'percentDown'],
      ['demoTotal=100&months=Infinity', 'months'],
      ['demoTotal=100&months=12.5', 'months'],
      ['orderId=-1', 'orderId'],
      ['orderId=abc', 'orderId'],
      ['productId=99999999999', 'productId'],
      ['', 'orderId'],
      ['demoTotal=100&productId=1', 'orderId'],
      ['demoTotal=100&subtotalOnly=maybe', 'subtotalOnly'],
      ['demoTotal=100&percentDown=1&percentDown=2', 'percentDown'],
      ['demoTotal=100&plan=gold', 'plan'],
      ['demoTotal=100000000000', 'demoTotal'],
    ];
    for (const [q, field] of cases) {
      const res = await a.get(`${URL}?${q}`);
      expect(res.status, `${q}: ${res.text}`).to.equal(400);
      expect(res.body.error.fields, q).to.have.property(field);
    }
    const unknown = await a.get(`${URL}?productId=2147483000`);
    expect(unknown.status).to.equal(404);
  });

  it("a customer reads their own cart's EPP data; another customer's order is 404; staff may read any", async () => {
    const customer = await signedIn('customer@example.com');
    const [own] = await sqlRows<{ id: number; total: string; subtotal: string; discount: string }>(
      `select o.id, o.total::text, o.subtotal::text, o.discount::text from orders o join users u on u.id = o.user_id where u.email = 'customer@example.com' order by o.id limit 1`,
    );
    const [other] = await sqlRows<{ id: number }>(
      `select o.id from orders o join users u on u.id = o.user_id where u.email <> 'customer@example.com' order by o.id limit 1`,
    );
    const mine = await jget(customer.a, `${URL}?orderId=${own.id}`);
    expect(mine.status, mine.text).to.equal(200);
    expect(mine.body.terms.price).to.equal(own.total);
    expectAddsUp(mine.body.terms);
    const sub = await jget(customer.a, `${URL}?orderId=${own.id}&subtotalOnly=1`);
    expect(toCents(sub.body.terms.price)).to.equal(Math.max(0, toCents(own.subtotal) - toCents(own.discount)));
    const theirs = await jget(customer.a, `${URL}?orderId=${other.id}`);
    expect(theirs.status).to.equal(404);
    expect(theirs.body.error.code).to.equal('not_found');
    expect((await (await anon()).get(`${URL}?orderId=${own.id}`)).status).to.equal(404);
    const staff = await signedIn('staff@example.com');
    expect((await jget(staff.a, `${URL}?orderId=${other.id}`)).status).to.equal(200);
  });

  it('an anonymous visitor reads their own cart; ineligible items (a warranty) are paid with the down payment', async () => {
    const a = await anon();
    const token = await csrf(a.agent, '/en-us/products');
    await addToCart(a.agent, token, await productIdByStockcode('PL-2RC'), 1);
    await addToCart(a.agent, token, await productIdByStockcode('SV-WARR-2'), 1);
    const sync = await a.agent.get('/en-us/cart/synchronize').set(xhr(token));
    const orderId = sync.body.order_id ?? sync.body.id;
    expect(orderId, sync.text).to.be.a('number');
    const res = await a.get(`${URL}?orderId=${orderId}&percentDown=10&months=6`);
    expect(res.status, res.text).to.equal(200);
    const warranty = res.body.terms.ineligibleItems.find((i: { title: string }) => /Warranty/.test(i.title));
    expect(warranty, JSON.stringify(res.body.terms.ineligibleItems)).to.not.equal(undefined);
    const eligible = toCents(res.body.terms.price) - toCents(warranty.amount);
    expect(toCents(res.body.terms.downPayment)).to.equal(toCents(warranty.amount) + Math.round(eligible / 10));
    // Every financed item is a promoted planter: the promotional plan is offered, the warranty again paid up front.
    expect(res.body.plans.promo).to.include({ apr: '0.00', installmentCount: 12 });
    expect(toCents(res.body.plans.promo.downPayment)).to.equal(toCents(res.body.terms.downPayment));
    expectAddsUp(res.body.terms);
  });
});

describe('EPP: paying an order in checkout', function () {
  this.timeout(120_000);
  let planter: number;
  before(async () => {
    planter = await productIdByStockcode('PL-2RC');
    await sqlRows('update inventory set quantity = greatest(quantity, 50) where product_id = $1', [planter]);
  });

  it('charges the down payment now, stores the schedule with the order and shows it to staff', async () => {
    const c = await newCustomer(planter, 1);
    const { totals } = await chooseShipping(c.a, c.token, c.orderId, c.shipTo);
    const quote = await jget(c.a, `${URL}?orderId=${c.orderId}&percentDown=30&months=18`);
    expect(quote.status, quote.text).to.equal(200);
    const tok = await tokenize(c.a, c.token, TEST_CARDS.approved);
    // A non-admin choice outside the lists is refused and charges nothing.
    const bad = await place(c.a, c.token, randomUUID(), {
      order_id: c.orderId,
      payment_type: 1,
      token: tok,
      expected_total: totals.total,
      epp: 1,
      epp_percent_down: 25,
      epp_months: 18,
    });
    expect(bad.status, bad.text).to.equal(400);
    expect(bad.body.error.fields).to.have.property('epp_percent_down');
    expect((await sqlRows('select 1 from payments where order_id = $1', [c.orderId])).length).to.equal(0);

    const key = randomUUID();
    const body = {
      order_id: c.orderId,
      payment_type: 1,
      token: tok,
      expected_total: totals.total,
      epp: 1,
      epp_percent_down: 30,
      epp_months: 18,
    };
    const res = await place(c.a, c.token, key, body);
    expect(res.status, res.text).to.equal(201);
    expect(res.body.status).to.equal('processing');
    // The same key: the same answer, no second charge; another EPP choice under that key is another request (422).
    const again = await place(c.a, c.token, key, body);
    expect(again.status).to.equal(201);
    expect(again.headers['idempotent-replayed']).to.equal('true');
    expect((await place(c.a, c.token, key, { ...body, epp_months: 24 })).status).to.equal(422);
    expect((await sqlRows('select 1 from payments where order_id = $1', [c.orderId])).length).to.equal(1);
    const [pay] = await sqlRows<{ total: string; alloc: string }>(
      'select p.total::text, (select sum(amount)::text from payment_allocations where payment_id = p.id) as alloc from payments p where order_id = $1 and successful',
      [c.orderId],
    );
    expect(pay.total).to.equal(quote.body.terms.downPayment);
    expect(pay.alloc).to.equal(pay.total);
    const [plan] = await sqlRows<Record<string, string | number>>(
      'select kind, percent_down, months, down_payment::text, total::text, apr::text, total_of_payments::text from order_epp_plans where order_id = $1',
      [c.orderId],
    );
    expect(plan).to.include({
      kind: 'standard',
      percent_down: 30,
      months: 18,
      down_payment: quote.body.terms.downPayment,
      total: quote.body.terms.total,
      apr: quote.body.terms.apr,
    });
    const rows = await sqlRows<{ seq: number; due_date: string; amount: string }>(
      `select seq, to_char(due_date, 'YYYY-MM-DD') as due_date, amount::text from order_epp_installments where order_id = $1 order by seq`,
      [c.orderId],
    );
    expect(rows.map((r) => ({ date: r.due_date, amount: r.amount }))).to.deep.equal(quote.body.terms.schedule);
    const [order] = await sqlRows<{ epp_percent_down: number; epp_months: number; unpaid: string }>(
      'select epp_percent_down, epp_months, (select sum(unpaid_total)::text from order_line_items where order_id = o.id) as unpaid from orders o where id = $1',
      [c.orderId],
    );
    expect(order).to.deep.include({ epp_percent_down: 30, epp_months: 18 });
    expect(toCents(order.unpaid)).to.be.greaterThan(0);

    // The buyer's order page shows the plan and its schedule too.
    const confirmation = await c.a.get(res.body.redirect);
    expect(confirmation.status).to.equal(200);
    expect((confirmation.text.match(/data-testid="epp-installment"/g) ?? []).length).to.equal(18);

    const staff = await signedIn('staff@example.com');
    const page = await staff.a.get(`/admin/orders/detail/${c.orderId}`);
    expect(page.status).to.equal(200);
    expect(page.text).to.include('data-testid="epp-plan"').and.include('data-testid="epp-installment"');
    expect((page.text.match(/data-testid="epp-installment"/g) ?? []).length).to.equal(18);
    // The customer cannot read someone else's EPP order, and it is no longer a cart for anyone.
    const other = await newCustomer(planter, 1);
    expect((await jget(other.a, `${URL}?orderId=${c.orderId}`)).status).to.equal(404);
  });

  it('every demo EPP order carries its plan: the schedule adds up and staff see it', async () => {
    const plans = await sqlRows<{
      order_id: number;
      months: number;
      n: number;
      ok: boolean;
      down_ok: boolean;
    }>(`select p.order_id, p.months,
        (select count(*)::int from order_epp_installments i where i.order_id = p.order_id) as n,
        p.down_payment + (select sum(amount) from order_epp_installments i where i.order_id = p.order_id) = p.total as ok,
        p.down_payment = (select total from payments where id = p.down_payment_id) as down_ok
      from order_epp_plans p join orders o on o.id = p.order_id where o.epp_percent_down is not null and o.id < 1000 order by p.order_id`);
    const seeded = await sqlRows<{ n: number }>(
      'select count(*)::int as n from orders where epp_percent_down is not null and id < 1000 and id not in (select order_id from order_epp_plans)',
    );
    expect(seeded[0].n).to.equal(0);
    expect(plans.length).to.be.greaterThan(0);
    for (const p of plans) expect(p, JSON.stringify(p)).to.include({ n: p.months, ok: true, down_ok: true });
    const staff = await signedIn('staff@example.com');
    const page = await staff.a.get(`/admin/orders/detail/${plans[0].order_id}`);
    expect((page.text.match(/data-testid="epp-installment"/g) ?? []).length).to.equal(plans[0].months);
  });

  it('a line the program does not finance (a warranty) is paid in full by the down payment', async () => {
    const c = await newCustomer(planter, 1);
    await addToCart(c.a, c.token, await productIdByStockcode('SV-WARR-2'), 1);
    const { totals } = await chooseShipping(c.a, c.token, c.orderId, c.shipTo);
    const res = await place(c.a, c.token, randomUUID(), {
      order_id: c.orderId,
      payment_type: 1,
      token: await tokenize(c.a, c.token, TEST_CARDS.approved),
      expected_total: totals.total,
      epp: 1,
    });
    expect(res.status, res.text).to.equal(201);
    const lines = await sqlRows<{ title: string; total: string; paid: string; unpaid: string }>(
      'select p.title, l.total_discounted::text as total, l.paid_total::text as paid, l.unpaid_total::text as unpaid from order_line_items l join products p on p.id = l.product_id where l.order_id = $1 and l.line_type <> 5',
      [c.orderId],
    );
    const warranty = lines.find((l) => /Warranty/.test(l.title))!;
    expect(warranty.paid).to.equal(warranty.total);
    expect(warranty.unpaid).to.equal('0.00');
    const planterLine = lines.find((l) => /Planter/.test(l.title))!;
    expect(toCents(planterLine.unpaid)).to.be.greaterThan(0);
    const [plan] = await sqlRows<{ down_payment: string }>(
      'select down_payment::text from order_epp_plans where order_id = $1',
      [c.orderId],
    );
    expect(toCents(plan.down_payment)).to.be.greaterThan(toCents(warranty.total));
  });

  it('EPP needs the card for the down payment (a check is refused)', async () => {
    const c = await newCustomer(planter, 1);
    const { totals } = await chooseShipping(c.a, c.token, c.orderId, c.shipTo);
    const res = await place(c.a, c.token, randomUUID(), {
      order_id: c.orderId,
      payment_type: 2,
      check_number: '77',
      expected_total: totals.total,
      epp: 1,
    });
    expect(res.status, res.text).to.equal(400);
    expect(res.body.error.fields).to.have.property('payment_type');
  });
});
