/** Draft orders: staff find a person, open a draft the customer cannot see, and submit it. */
import { expect } from 'chai';
import { agent, apiToken, csrf, signIn, type Agent } from '../helpers/http.ts';
import { productIdByStockcode, sqlRows } from '../helpers/server.ts';

const query = sqlRows;

describe('draft orders /{locale}/admin/orders/create', () => {
  let staff: Agent;
  before(async () => {
    staff = await agent();
    await signIn(staff, 'staff@example.com');
  });

  /** The people a search lists: name, email and organisation of each row. */
  async function found(q: string) {
    const res = await staff.get(`/en-us/admin/orders/create?q=${encodeURIComponent(q)}`);
    expect(res.status, q).to.equal(200);
    return [
      ...res.text.matchAll(
        /<tr data-person-id="\d+">\s*<td>([^<]*?)\s*(?:<div[^>]*>[^<]*<\/div>)?<\/td>\s*<td class="hide-sm">([^<]*)<\/td>\s*<td class="hide-sm">([^<]*)<\/td>/g,
      ),
    ].map((m) => ({ name: m[1].trim(), email: m[2], organisation: m[3] }));
  }

  it('finds people by name, email, phone and organisation', async () => {
    // The demo customer is Casey Lindqvist, customer@example.com, 515-555-0143; Acme Farms'
    // people are Jordan Okafor (buyer@acme.example) and Will Harper.
    const byName = await found('Casey');
    expect(byName.map((p) => p.email)).to.include('customer@example.com');
    for (const p of byName) expect(p.name).to.match(/casey/i);
    const byEmail = await found('customer@example');
    expect(byEmail.map((p) => p.email)).to.include('customer@example.com');
    for (const p of byEmail) expect(p.email).to.include('customer@example');
    expect((await found('515-555-0143')).map((p) => p.email)).to.include('customer@example.com');
    const byOrg = await found('Acme');
    expect(byOrg.map((p) => p.email)).to.include.members(['buyer@acme.example', 'will.harper@acme.example']);
    expect(byOrg.find((p) => p.email === 'buyer@acme.example')).to.deep.equal({
      name: 'Jordan Okafor',
      email: 'buyer@acme.example',
      organisation: 'Acme Farms',
    });
    expect(byOrg.map((p) => p.email)).not.to.include('customer@example.com');
    expect(await found('zzzz-nobody')).to.deep.equal([]);
    expect((await staff.get('/en-us/admin/orders/create?q=zzzz-nobody')).text).to.include('data-testid="empty-state"');
  });

  it('opens the editor on a draft the customer cannot see until staff submit it', async () => {
    const [person] = await query<{ id: number }>(`select id from persons where email = 'customer@example.com'`);
    const token = await csrf(staff, '/en-us/admin/orders/create');
    const res = await staff
      .post('/en-us/admin/orders/create')
      .type('form')
      .send({ _csrf: token, person_id: String(person.id) });
    expect(res.status).to.equal(303);
    const id = Number(/\/admin\/orders\/detail\/(\d+)\/edit$/.exec(res.headers.location)![1]);
    expect((await staff.get(res.headers.location)).status).to.equal(200);

    const customer = await agent();
    await signIn(customer, 'customer@example.com');
    const ctoken = await apiToken(customer);
    expect(
      (await customer.get(`/en-us/api/orders/${id}/synchronize`).set('Authorization', `Bearer ${ctoken}`)).status,
    ).to.equal(404);
    expect((await customer.get('/en-us/account')).text).not.to.include(`/orders/${id}"`);

    // Submitting an empty draft is refused.
    const detailToken = await csrf(staff, `/admin/orders/detail/${id}`);
    expect(
      (
        await staff
          .post(`/admin/orders/detail/${id}/submit`)
          .type('form')
          .send({ _csrf: detailToken })
          .set('Accept', 'application/json')
      ).status,
    ).to.equal(409);
    // Without JavaScript: the order page again with the reason.
    const empty = await staff.post(`/admin/orders/detail/${id}/submit`).type('form').send({ _csrf: detailToken });
    expect(empty.status).to.equal(409);
    expect(empty.text)
      .to.include(`data-testid="admin-order" data-order-id="${id}"`)
      .and.not.include('data-testid="error-page"');
    expect(empty.text).to.include('data-testid="form-error">An order requires line items<');
    await staff.get('/fr-ca/');
    const fr = await staff.post(`/admin/orders/detail/${id}/submit`).type('form').send({ _csrf: detailToken });
    await staff.get('/en-us/');
    expect(fr.status).to.equal(409);
    expect(fr.text).to.include('data-testid="form-error">Une commande exige des lignes d’articles<');

    const staffToken = await apiToken(staff);
    const plate = await productIdByStockcode('DEMO-SEED-PLATE');
    const upd = await staff
      .post(`/en-us/api/orders/${id}/update`)
      .set('Authorization', `Bearer ${staffToken}`)
      .send({
        version: 1,
        line_items: [{ order_line_item_id: 'new-1', line_type: 0, product_id: plate, quantity: 2, currency_id: null }],
      });
    expect(upd.status, JSON.stringify(upd.body)).to.equal(200);
    expect(Number(upd.body.order.totals.subtotal)).to.be.greaterThan(0);

    const sub = await staff.post(`/admin/orders/detail/${id}/submit`).type('form').send({ _csrf: detailToken });
    expect(sub.status).to.equal(303);
    const sync = await customer.get(`/en-us/api/orders/${id}/synchronize`).set('Authorization', `Bearer ${ctoken}`);
    expect(sync.status).to.equal(200);
    expect(sync.body.draft).to.equal(false);
    expect(sync.body.submitted_at).to.be.a('string');
  });

  it('refuses bad input and the wrong user', async () => {
    const token = await csrf(staff, '/en-us/admin/orders/create');
    expect(
      (
        await staff
          .post('/en-us/admin/orders/create')
          .type('form')
          .set('Accept', 'application/json')
          .send({ _csrf: token, person_id: 'abc' })
      ).status,
    ).to.equal(400);
    expect(
      (
        await staff
          .post('/en-us/admin/orders/create')
          .type('form')
          .set('Accept', 'application/json')
          .send({ _csrf: token, person_id: '99999999' })
      ).status,
    ).to.equal(404);
    expect(
      (await staff.get(`/en-us/admin/orders/create?q=${'x'.repeat(101)}`).set('Accept', 'application/json')).status,
    ).to.equal(400);
    const customer = await agent();
    await signIn(customer, 'customer@example.com');
    expect((await customer.get('/en-us/admin/orders/create')).status).to.equal(403);
    const ctoken = await csrf(customer, '/en-us/account');
    expect(
      (await customer.post('/en-us/admin/orders/create').type('form').send({ _csrf: ctoken, person_id: '1' })).status,
    ).to.equal(403);
    expect((await customer.post('/admin/orders/detail/1/submit').type('form').send({ _csrf: ctoken })).status).to.equal(
      403,
    );
  });
});
