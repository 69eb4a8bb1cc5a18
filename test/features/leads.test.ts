/**
 * Leads over HTTP: the form, the bot check, field errors that store nothing, staff entry, the
 * account-exists lookup (staff only: 401/403 for anonymous visitors and customers), the lead list.
 */
import { expect } from 'chai';
import { agent, csrf, signIn, type Agent } from '../helpers/http.ts';
import { testServer } from '../helpers/server.ts';

const leadCount = async (email: string) =>
  Number(
    (
      await (
        await testServer()
      ).database.pool.query('select count(*)::int as n from leads where lower(email) = lower($1)', [email])
    ).rows[0].n,
  );

async function formOf(a: Agent, locale = 'en-us') {
  const res = await a.get(`/${locale}/leads/new`);
  const token = /<meta name="csrf-token" content="([^"]+)"/.exec(res.text)![1];
  const captcha = /data-captcha-token="([^"]+)"/.exec(res.text)?.[1];
  return { token, captcha, html: res.text };
}
const valid = {
  firstName: 'Dana',
  lastName: 'Holt',
  email: 'dana.holt@example.net',
  phone: '515-555-0199',
  company: 'Holt Acres',
  country: 'US',
  region: 'IA',
  message: 'Quote for a 6-row.',
};
const xhr = (a: Agent, path: string, token: string) =>
  a
    .post(path)
    .type('form')
    .set('Accept', 'application/json')
    .set('X-Requested-With', 'XMLHttpRequest')
    .set('X-CSRF-Token', token);

describe('leads (HTTP)', function () {
  it('the form lists countries US, CA first and the channel country regions; the offline bot check issues a token', async () => {
    const { html, captcha } = await formOf(await agent());
    expect(html).to.contain('data-testid="lead-form"');
    const codes = [...html.matchAll(/<option value="([A-Z]{2})"/g)].map((m) => m[1]);
    expect(codes.slice(0, 2)).to.deep.equal(['US', 'CA']);
    expect(html).to.contain('<option value="IA">Iowa</option>');
    expect(captcha).to.be.a('string');
    expect(html).not.to.contain('data-account-exists'); // visitors do not get the account check
  });

  it('a visitor with a valid challenge token stores a lead; the same token cannot be replayed', async () => {
    const a = await agent();
    const { token, captcha } = await formOf(a);
    const email = 'visitor.lead@example.net';
    const res = await xhr(a, '/en-us/leads/new', token).send({
      ...valid,
      email,
      recaptchaToken: captcha,
      recaptchaKey: 'offline',
    });
    expect(res.status).to.equal(201);
    expect(await leadCount(email)).to.equal(1);
    const replay = await xhr(a, '/en-us/leads/new', token).send({
      ...valid,
      email,
      recaptchaToken: captcha,
      recaptchaKey: 'offline',
    });
    expect(replay.status).to.equal(400);
    expect(replay.body.error.code).to.equal('bot_check');
    expect(await leadCount(email)).to.equal(1);
  });

  it('without a token, with a forged token or with the honeypot filled, nothing is stored', async () => {
    const a = await agent();
    const { token, captcha } = await formOf(a);
    const email = 'bot.lead@example.net';
    for (const extra of [
      {},
      { recaptchaToken: `${captcha}x`, recaptchaKey: 'offline' },
      { recaptchaToken: captcha, recaptchaKey: 'offline', website: 'http://spam.example' },
    ]) {
      const res = await xhr(a, '/en-us/leads/new', token).send({ ...valid, email, ...extra });
      expect(res.status).to.equal(400);
    }
    expect(await leadCount(email)).to.equal(0);
  });

  it('bad fields get field errors and are not stored (JSON and plain form posts)', async () => {
    const a = await agent();
    const { token, captcha } = await formOf(a);
    const res = await xhr(a, '/en-us/leads/new', token).send({
      firstName: '',
      lastName: 'X',
      email: 'not-an-email',
      country: 'US',
      recaptchaToken: captcha,
      recaptchaKey: 'offline',
    });
    expect(res.status).to.equal(400);
    expect(res.body.error.fields).to.include.keys('firstName', 'email');
    const region = await xhr(a, '/en-us/leads/new', token).send({
      ...valid,
      email: 'wrong.region@example.net',
      region: 'SK',
      recaptchaToken: (await formOf(a)).captcha,
      recaptchaKey: 'offline',
    });
    expect(region.status).to.equal(400);
    expect(region.body.error.fields.region).to.equal('Choose a region of the selected country.');
    const plain = await a
      .post('/en-us/leads/new')
      .type('form')
      .send({
        _csrf: token,
        ...valid,
        email: 'plain@',
        recaptchaToken: (await formOf(a)).captcha,
        recaptchaKey: 'offline',
      });
    expect(plain.status).to.equal(400);
    expect(plain.text).to.contain('data-testid="field-error-email"').and.to.contain('value="Holt Acres"');
    const past = await xhr(a, '/en-us/leads/new', token).send({
      ...valid,
      email: 'past.visit@example.net',
      visitOn: '01/02/20',
      recaptchaToken: (await formOf(a)).captcha,
      recaptchaKey: 'offline',
    });
    expect(past.status).to.equal(400);
    expect(past.body.error.fields.visitOn).to.equal('Choose today or a later date.');
    const month13 = await xhr(a, '/en-us/leads/new', token).send({
      ...valid,
      email: 'past.visit@example.net',
      visitOn: '13/13/30',
      recaptchaToken: (await formOf(a)).captcha,
      recaptchaKey: 'offline',
    });
    expect(month13.body.error.fields.visitOn).to.equal('Enter a date such as 05/13/27.');
    expect(await leadCount('past.visit@example.net')).to.equal(0);
    expect(await leadCount('wrong.region@example.net')).to.equal(0);
    expect(await leadCount('plain@')).to.equal(0);
  });

  describe('account exists', () => {
    const ask = async (a: Agent, email: string) =>
      xhr(a, '/en-us/admin/settings/person/accountexists', await csrf(a, '/en-us/leads/new')).send({ email });

    it('answers 401 to anonymous visitors and 403 to customers', async () => {
      expect((await ask(await agent(), 'customer@example.com')).status).to.equal(401);
      const customer = await agent();
      await signIn(customer, 'buyer@acme.example'); // a customer: other suites sign in as customer@example.com, and sign-ins are limited to ten per email in five minutes
      const res = await ask(customer, 'customer@example.com');
      expect(res.status).to.equal(403);
      expect(res.body).to.not.have.property('exists');
      const distributor = await agent();
      await signIn(distributor, 'distributor@example.com');
      expect((await ask(distributor, 'customer@example.com')).status).to.equal(403);
    });

    it('tells staff whether an account exists, with its url and name (any case); bad input is 400', async () => {
      const a = await agent();
      await signIn(a, 'staff@example.com');
      const yes = await ask(a, 'Customer@Example.com');
      expect(yes.status).to.equal(200);
      expect(yes.body.exists).to.equal(true);
      expect(yes.body.name).to.match(/\S+ \S+/);
      expect(yes.body.url).to.contain('/account/dashboard/customers');
      const no = await ask(a, 'nobody@example.net');
      expect(no.body).to.deep.equal({ exists: false, url: null, name: null });
      expect((await ask(a, '')).status).to.equal(400);
      expect((await a.get('/en-us/leads/new')).text).to.contain(
        'data-account-exists="/en-us/admin/settings/person/accountexists"',
      );
    });
  });

  it('a lead sent from the dealer finder records its dealer; the staff list shows it and filters by it (dealer in the URL)', async () => {
    const pool = (await testServer()).database.pool;
    const dealer = (await pool.query("select id from dealers where name = 'Prairie State Equipment'")).rows[0]
      .id as number;
    const a = await agent();
    const form = await formOf(a, `en-us`);
    const chosen = (await a.get(`/en-us/leads/new?dealer=${dealer}`)).text;
    expect(chosen)
      .to.contain('Your request goes to Prairie State Equipment, Urbana, IL.')
      .and.to.contain(`name="dealer" value="${dealer}"`);
    expect((await a.get('/en-us/leads/new?dealer=99999999')).text).not.to.contain('name="dealer"'); // an unknown dealer: the form for our own team
    const email = 'dealer.lead@example.net';
    const sent = await xhr(a, '/en-us/leads/new', form.token).send({
      ...valid,
      email,
      dealer: String(dealer),
      recaptchaToken: form.captcha,
      recaptchaKey: 'offline',
    });
    expect(sent.status).to.equal(201);
    expect((await pool.query('select dealer_id from leads where id = $1', [sent.body.id])).rows[0].dealer_id).to.equal(
      dealer,
    );
    const team = await formOf(a);
    expect(
      (
        await xhr(a, '/en-us/leads/new', team.token).send({
          ...valid,
          email: 'team.lead@example.net',
          recaptchaToken: team.captcha,
          recaptchaKey: 'offline',
        })
      ).status,
    ).to.equal(201);
    // A dealer that does not exist (any more) is a 400 naming the field, in the visitor's language; nothing is stored.
    const fr = await agent();
    const frForm = await formOf(fr, 'fr-ca');
    const gone = await xhr(fr, '/fr-ca/leads/new', frForm.token).send({
      ...valid,
      email: 'gone.dealer@example.net',
      dealer: '99999999',
      recaptchaToken: frForm.captcha,
      recaptchaKey: 'offline',
    });
    expect(gone.status).to.equal(400);
    expect(gone.body.error.fields.dealer).to.equal(
      'Choisissez un concessionnaire avec la recherche de concessionnaires.',
    );
    expect(await leadCount('gone.dealer@example.net')).to.equal(0);

    const staff = await agent();
    await signIn(staff, 'staff@example.com');
    const list = await staff.get(`/en-us/admin/leads?dealer=${dealer}`);
    expect(list.status).to.equal(200);
    expect(list.text)
      .to.contain(email)
      .and.to.contain(`<option value="${dealer}" selected>Prairie State Equipment</option>`);
    expect(list.text).to.match(
      new RegExp(`href="/en-us/admin/leads\\?dealer=${dealer}" data-testid="lead-dealer">Prairie State Equipment</a>`),
    );
    expect(list.text).not.to.contain('team.lead@example.net'); // our own team's lead is filtered out…
    const all = (await staff.get('/en-us/admin/leads?q=team.lead')).text;
    expect(all).to.contain('team.lead@example.net').and.to.contain('Our team'); // …and listed without the filter
    const other = (
      await pool.query("select id from dealers where name <> 'Prairie State Equipment' order by id limit 1")
    ).rows[0].id as number;
    expect((await staff.get(`/en-us/admin/leads?dealer=${other}&q=dealer.lead`)).text).to.contain(
      'data-testid="empty-state"',
    );
  });

  it('staff enter leads without a challenge, list them with filters, and move them on; customers cannot see the list', async () => {
    const a = await agent();
    await signIn(a, 'staff@example.com');
    const { token } = await formOf(a);
    const created = await xhr(a, '/en-us/leads/new', token).send({
      ...valid,
      email: 'staff.entered@example.net',
      visitOn: '3/9/2035',
    });
    expect(created.status).to.equal(201);
    const stored = await (await testServer()).database.pool.query(
      "select visit_on::text as v, created_by from leads where email = 'staff.entered@example.net'",
    );
    expect(stored.rows[0].v).to.equal('2035-03-09');
    expect(stored.rows[0].created_by).to.be.a('number');
    const list = await a.get('/en-us/admin/leads?q=staff.entered');
    expect(list.status).to.equal(200);
    expect(list.text).to.contain('staff.entered@example.net').and.to.contain('data-testid="admin-nav"');
    expect((list.text.match(/data-testid="lead-row"/g) ?? []).length).to.equal(1);
    const put = await xhr(a, `/en-us/admin/leads/${created.body.id}`, token).send({
      _method: 'put',
      status: 'contacted',
    });
    expect(put.status).to.equal(200);
    expect((await a.get('/en-us/admin/leads?status=contacted&q=staff.entered')).text).to.contain(
      'staff.entered@example.net',
    );
    expect(
      (await xhr(a, `/en-us/admin/leads/${created.body.id}`, token).send({ _method: 'put', status: 'won' })).status,
    ).to.equal(400);
    expect(
      (await xhr(a, '/en-us/admin/leads/99999999', token).send({ _method: 'put', status: 'closed' })).status,
    ).to.equal(404);
    const empty = await a.get('/en-us/admin/leads?q=zzzz-nobody');
    expect(empty.text).to.contain('data-testid="empty-state"');
    const customer = await agent();
    await signIn(customer, 'buyer@acme.example'); // a customer: other suites sign in as customer@example.com, and sign-ins are limited to ten per email in five minutes
    expect((await customer.get('/en-us/admin/leads')).status).to.equal(403);
    expect((await (await agent()).get('/en-us/admin/leads').redirects(0)).status).to.equal(302);
  });
});
