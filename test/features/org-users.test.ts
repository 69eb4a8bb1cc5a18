/**
 * Organisation users: an organisation administrator (organisation.users) lists its
 * organisation's users, invites one by mail (a single-use, expiring link stored hashed that lands
 * on register with the organisation attached), removes users and sets who may buy tax exempt.
 * Another organisation's users are a 404; everyone else is refused by the route table.
 */
import { expect } from 'chai';
import supertest from 'supertest';
import { csrf, type Agent } from '../helpers/http.ts';
import { signedIn } from '../helpers/signed-in.ts';
import { productIdByStockcode, sqlRows, testServer } from '../helpers/server.ts';
import { addToCart, xhr } from './checkout-helpers.ts';
import { makeOrganisation, makeUser, signedInAs, type TestUser } from '../helpers/users.ts';
import type { FileMailer } from '../../src/providers/mail/index.ts';
import { sha256 } from '../../src/features/auth/crypto.ts';

const LIST = '/en-us/account/organization/users';

async function post(a: Agent, token: string, path: string, body: Record<string, unknown>) {
  return a.post(path).set('X-CSRF-Token', token).set('X-Requested-With', 'XMLHttpRequest').send(body);
}

/** The invitation link of the newest mail to `to` (the file mailer writes .eml files). */
async function inviteLinkTo(to: string): Promise<string> {
  const mails = await ((await testServer()).services.mailer as FileMailer).list();
  const mail = mails.find((m) => m.content.includes(`To: ${to}`));
  if (!mail) throw new Error(`no mail to ${to}`);
  const text = mail.content.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const m = /(https?:\/\/\S+\/register\?invite=[\w%-]+)/.exec(text);
  if (!m) throw new Error('no invitation link in the mail');
  return m[1];
}

describe('organisation users', function () {
  this.timeout(60_000);
  let org: number;
  let orgAdmin: TestUser;
  let member: TestUser;
  let ad: { a: Agent; token: string };

  before(async () => {
    await testServer();
    org = await makeOrganisation('Orgusers Farms');
    orgAdmin = await makeUser({ organisationId: org, prefix: 'org-admin' });
    member = await makeUser({ organisationId: org, prefix: 'org-member' });
    await sqlRows(
      `insert into user_permissions (user_id, permission_key, granted, reason) values ($1, 'organisation.users', true, 'test')`,
      [orgAdmin.id],
    );
    const a = await signedInAs(orgAdmin.email);
    ad = { a, token: await csrf(a, '/en-us/') };
  });

  it("lists only the administrator's own organisation", async () => {
    const res = await ad.a.get(LIST).set('Accept', 'application/json');
    expect(res.status).to.equal(200);
    expect(res.body.users.map((u: { email: string }) => u.email).sort()).to.deep.equal(
      [orgAdmin.email, member.email].sort(),
    );
    const page = await ad.a.get(LIST);
    expect(page.text).to.include(`data-email="${member.email}"`);
    expect(page.text).not.to.include('buyer@acme.example');
    // The Acme buyer administers Acme (demo data) and sees its people, not ours.
    const acme = await (await signedIn('buyer@acme.example')).a.get(LIST);
    expect(acme.status).to.equal(200);
    expect(acme.text).to.include('will.harper@acme.example');
    expect(acme.text).not.to.include(member.email);
  });

  it("refuses everyone without the key, and 404s for another organisation's user", async () => {
    for (const email of ['customer@example.com', 'staff@example.com', 'distributor@example.com']) {
      expect((await (await signedIn(email)).a.get(LIST)).status, email).to.equal(403);
    }
    const plain = await signedInAs(member.email);
    expect((await plain.get(LIST)).status, 'a member who is not its administrator').to.equal(403);
    const anon = await supertest((await testServer()).url)
      .get(LIST)
      .redirects(0);
    expect(anon.status).to.equal(302);

    const outsider = (await sqlRows<{ id: number }>(`select id from users where email = 'will.harper@acme.example'`))[0]
      .id;
    expect((await ad.a.get(`${LIST}/${outsider}/remove`)).status).to.equal(404);
    expect((await post(ad.a, ad.token, `${LIST}/${outsider}/remove`, {})).status).to.equal(404);
    expect((await post(ad.a, ad.token, `${LIST}/${outsider}/tax-exempt`, { allowed: 'false' })).status).to.equal(404);
    const [acmeUser] = await sqlRows<{ organisation_id: number; tax_exempt_allowed: boolean }>(
      `select organisation_id, tax_exempt_allowed from users where id = $1`,
      [outsider],
    );
    expect(acmeUser.tax_exempt_allowed).to.equal(true);
    expect(acmeUser.organisation_id).to.not.equal(null);
  });

  it('sets who may buy tax exempt, and checkout honours it', async () => {
    expect((await post(ad.a, ad.token, `${LIST}/${member.id}/tax-exempt`, { allowed: 'false' })).status).to.equal(200);
    expect(
      (await sqlRows<{ t: boolean }>(`select tax_exempt_allowed as t from users where id = $1`, [member.id]))[0].t,
    ).to.equal(false);
    expect(
      (await sqlRows(`select 1 from logs where action = 'organisation.tax_exempt' and entity_id = $1`, [member.id]))
        .length,
    ).to.equal(1);
    expect((await post(ad.a, ad.token, `${LIST}/${member.id}/tax-exempt`, { allowed: 'maybe' })).status).to.equal(400);
    // without scripts, a refused switch is the list again with the message, not an error page
    const plain = await ad.a
      .post(`${LIST}/${member.id}/tax-exempt`)
      .type('form')
      .send({ _csrf: ad.token, allowed: 'maybe' });
    expect(plain.status).to.equal(400);
    expect(plain.text).to.include(
      '<div class="form-error" role="alert" data-testid="form-error">Choose allow or do not allow.</div>',
    );
    expect(plain.text).to.include(`data-email="${member.email}"`);

    // The member's checkout: a tax exempt purchase is refused while the organisation does not allow it.
    const buyer = await signedInAs(member.email);
    const token = await csrf(buyer, '/en-us/cart');
    await addToCart(buyer, token, await productIdByStockcode('DEMO-SEED-PLATE'), 1);
    const info = () =>
      buyer.post('/en-us/order/customer-info').set(xhr(token)).send({
        returning: 'true',
        shippingAddressId: 'add-new',
        'new-shipping-firstName': 'Test',
        'new-shipping-lastName': 'Member',
        'new-shipping-address1': '1 Main Street',
        'new-shipping-city': 'Ames',
        'new-shipping-country': 'US',
        'new-shipping-region': 'IA',
        'new-shipping-postalcode': '50010',
        'tax-exempt': 'true',
        'biz-type': 'agricultural_producer',
        signature: 'Test Member',
        title: 'Buyer',
      });
    const refused = await info();
    expect(refused.status, refused.text).to.equal(400);
    expect(refused.body.error.fields).to.have.property('tax-exempt');
    expect((await post(ad.a, ad.token, `${LIST}/${member.id}/tax-exempt`, { allowed: 'true' })).status).to.equal(200);
    const allowed = await info();
    expect(allowed.status, allowed.text).to.equal(200);
  });

  it('invites by mail: a single-use, expiring link, stored hashed, that registers into the organisation', async () => {
    const email = `invited-${Date.now()}@test.example`;
    const res = await post(ad.a, ad.token, `${LIST}/add`, { email: email.toUpperCase() });
    expect(res.status, res.text).to.equal(201);
    const link = await inviteLinkTo(email);
    const token = decodeURIComponent(new URL(link).searchParams.get('invite')!);
    const [row] = await sqlRows<{ token_hash: string; expires_at: Date }>(
      `select token_hash, expires_at from organisation_invites where email = $1`,
      [email],
    );
    expect(row.token_hash).to.equal(sha256(token));
    expect(row.token_hash).not.to.include(token);
    expect(new Date(row.expires_at).getTime()).to.be.greaterThan(Date.now() + 6 * 24 * 3600_000);
    expect((await ad.a.get(LIST)).text).to.include(`data-email="${email}"`); // waiting

    const visitor = supertest.agent((await testServer()).url);
    const page = await visitor.get(`/en-us/register?invite=${encodeURIComponent(token)}`);
    expect(page.status).to.equal(200);
    expect(page.text).to.include('data-testid="invite-notice"');
    expect(page.text).to.include('Orgusers Farms');
    const csrfToken = /<meta name="csrf-token" content="([^"]+)"/.exec(page.text)![1];
    // Registrations per IP are limited per hour and the suite shares one IP: start this count afresh.
    await sqlRows(`delete from rate_limits where key like 'register:ip:%'`);
    const body = { firstName: 'Ivy', lastName: 'Invited', password: 'a-long-password-1', invite: token };
    const wrong = await visitor
      .post('/en-us/register')
      .set('X-CSRF-Token', csrfToken)
      .set('Accept', 'application/json')
      .send({ ...body, email: `other-${email}` });
    expect(wrong.status).to.equal(400);
    expect(wrong.body.error.fields).to.have.property('email');
    const ok = await visitor
      .post('/en-us/register')
      .set('X-CSRF-Token', csrfToken)
      .set('Accept', 'application/json')
      .send({ ...body, email });
    expect(ok.status, ok.text).to.equal(201);
    const [u] = await sqlRows<{ organisation_id: number; account_type: string }>(
      `select organisation_id, account_type from users where email = $1`,
      [email],
    );
    expect(u).to.deep.equal({ organisation_id: org, account_type: 'organization' });
    expect(
      (await ad.a.get(LIST).set('Accept', 'application/json')).body.users.map((x: { email: string }) => x.email),
    ).to.include(email);

    // Once only.
    const again = supertest.agent((await testServer()).url);
    const p2 = await again.get(`/en-us/register?invite=${encodeURIComponent(token)}`);
    expect(p2.status).to.equal(400);
    expect(p2.text).to.include('data-testid="invite-invalid"');
  });

  it('refuses an expired invitation, an invitation for an existing account and bad input', async () => {
    const email = `late-${Date.now()}@test.example`;
    expect((await post(ad.a, ad.token, `${LIST}/add`, { email })).status).to.equal(201);
    const token = decodeURIComponent(new URL(await inviteLinkTo(email)).searchParams.get('invite')!);
    await sqlRows(`update organisation_invites set expires_at = now() - interval '1 minute' where email = $1`, [email]);
    expect(
      (await supertest((await testServer()).url).get(`/en-us/register?invite=${encodeURIComponent(token)}`)).status,
    ).to.equal(400);

    const taken = await post(ad.a, ad.token, `${LIST}/add`, { email: 'customer@example.com' });
    expect(taken.status).to.equal(409);
    expect(taken.body.error.fields).to.have.property('email');
    for (const bad of [{}, { email: 'not-an-email' }, { email: ['a@b.c'] }]) {
      const res = await post(ad.a, ad.token, `${LIST}/add`, bad);
      expect(res.status, JSON.stringify(bad)).to.equal(400);
      expect(res.body.error).to.have.all.keys('code', 'message', 'fields');
    }
    expect(
      (await ad.a.post(`${LIST}/add`).set('X-Requested-With', 'XMLHttpRequest').send({ email: 'x@test.example' }))
        .status,
      'no CSRF token',
    ).to.equal(403);
  });

  it('sends at most 20 invitations an hour per organisation', async () => {
    const other = await makeOrganisation('Busy Farms');
    const boss = await makeUser({ organisationId: other, prefix: 'org-busy' });
    await sqlRows(
      `insert into user_permissions (user_id, permission_key, granted, reason) values ($1, 'organisation.users', true, 'test')`,
      [boss.id],
    );
    await sqlRows(
      `insert into organisation_invites (organisation_id, email, token_hash, expires_at) select $1, 'bulk' || g || '@test.example', md5(random()::text || g), now() + interval '1 day' from generate_series(1, 19) g`,
      [other],
    );
    const a = await signedInAs(boss.email);
    const token = await csrf(a, '/en-us/');
    expect((await post(a, token, `${LIST}/add`, { email: `twentieth-${Date.now()}@test.example` })).status).to.equal(
      201,
    );
    const over = await post(a, token, `${LIST}/add`, { email: `one-too-many-${Date.now()}@test.example` });
    expect(over.status).to.equal(429);
    expect(over.body.error.code).to.equal('rate_limited');
  });

  it('removes a user after a confirmation page, never itself', async () => {
    const leaving = await makeUser({ organisationId: org, prefix: 'org-leaving' });
    const confirm = await ad.a.get(`${LIST}/${leaving.id}/remove`);
    expect(confirm.status).to.equal(200);
    expect(confirm.text).to.include('data-testid="org-user-remove-confirm"');
    expect((await post(ad.a, ad.token, `${LIST}/${leaving.id}/remove`, {})).status).to.equal(200);
    const [u] = await sqlRows<{ organisation_id: number | null; account_type: string }>(
      `select organisation_id, account_type from users where id = $1`,
      [leaving.id],
    );
    expect(u).to.deep.equal({ organisation_id: null, account_type: 'personal' });
    expect(
      (await sqlRows(`select 1 from logs where action = 'organisation.remove_user' and entity_id = $1`, [leaving.id]))
        .length,
    ).to.equal(1);
    expect((await post(ad.a, ad.token, `${LIST}/${leaving.id}/remove`, {})).status, 'no longer ours').to.equal(404);
    expect((await post(ad.a, ad.token, `${LIST}/${orgAdmin.id}/remove`, {})).status).to.equal(400);
    // Without JavaScript: the confirmation again with the reason, in the visitor's language.
    const self = await ad.a.post(`${LIST}/${orgAdmin.id}/remove`).type('form').send({ _csrf: ad.token });
    expect(self.status).to.equal(400);
    expect(self.text).to.include('data-testid="org-user-remove"').and.not.include('data-testid="error-page"');
    expect(self.text).to.include('data-testid="form-error">You cannot remove yourself from your organisation.<');
    const fr = await ad.a
      .post(`${LIST.replace('/en-us/', '/fr-ca/')}/${orgAdmin.id}/remove`)
      .type('form')
      .send({ _csrf: ad.token });
    expect(fr.status).to.equal(400);
    expect(fr.text).to.include('data-testid="form-error">Vous ne pouvez pas vous retirer de votre organisation.<');
    expect((await post(ad.a, ad.token, `${LIST}/abc/remove`, {})).status).to.equal(400);
  });
  describe('nobody changes their own tax exemption or spending limits', () => {
    const LOCALES = ['en-us', 'en-ca', 'fr-ca', 'es-mx'] as const;
    const OWN_TAX: Record<(typeof LOCALES)[number], string> = {
      'en-us': 'You cannot change your own tax exemption: ask another administrator.',
      'en-ca': 'You cannot change your own tax exemption: ask another administrator.',
      'fr-ca': 'Vous ne pouvez pas modifier votre propre exemption de taxes : demandez à un autre administrateur.',
      'es-mx': 'No puede cambiar su propia exención de impuestos: pídaselo a otro administrador.',
    };
    const OWN_LIMITS: Record<(typeof LOCALES)[number], string> = {
      'en-us': 'You cannot change your own spending limits: ask another administrator.',
      'en-ca': 'You cannot change your own spending limits: ask another administrator.',
      'fr-ca': 'Vous ne pouvez pas modifier vos propres limites de dépenses : demandez à un autre administrateur.',
      'es-mx': 'No puede cambiar sus propios límites de gasto: pídaselo a otro administrador.',
    };
    let second: { a: Agent; token: string };
    let staff: TestUser;
    let st: { a: Agent; token: string };
    const logCount = async (action: string, userId: number) =>
      (
        await sqlRows<{ n: number }>(`select count(*)::int as n from logs where action = $1 and entity_id = $2`, [
          action,
          userId,
        ])
      )[0].n;
    const limitsOf = async (userId: number) =>
      sqlRows(`select per_order_limit, per_period_limit, period from member_limits where user_id = $1`, [userId]);

    before(async () => {
      const other = await makeUser({ organisationId: org, prefix: 'org-admin2' });
      staff = await makeUser({ organisationId: org, prefix: 'org-staff', role: 'staff' });
      await sqlRows(
        `insert into user_permissions (user_id, permission_key, granted, reason) values ($1, 'organisation.users', true, 'test'), ($2, 'organisation.users', true, 'test')`,
        [other.id, staff.id],
      );
      const a = await signedInAs(other.email);
      second = { a, token: await csrf(a, '/en-us/') };
      const b = await signedInAs(staff.email);
      st = { a: b, token: await csrf(b, '/en-us/') };
    });

    it('an administrator cannot allow their own tax exemption again after another one stopped it: 403 in every language, nothing written or audited', async () => {
      expect(
        (await post(second.a, second.token, `${LIST}/${orgAdmin.id}/tax-exempt`, { allowed: 'false' })).status,
      ).to.equal(200);
      expect(await logCount('organisation.tax_exempt', orgAdmin.id)).to.equal(1);
      for (const locale of LOCALES) {
        const res = await post(ad.a, ad.token, `/${locale}/account/organization/users/${orgAdmin.id}/tax-exempt`, {
          allowed: 'true',
        });
        expect(res.status, `${locale}: ${res.text}`).to.equal(403);
        expect(res.body).to.deep.equal({ error: { code: 'forbidden', message: OWN_TAX[locale], fields: {} } });
      }
      // a crafted value is refused the same way: whose account it is decides first
      expect((await post(ad.a, ad.token, `${LIST}/${orgAdmin.id}/tax-exempt`, { allowed: 'maybe' })).status).to.equal(
        403,
      );
      // without scripts: the list again with the message, not the error page
      const plain = await ad.a
        .post(`/fr-ca/account/organization/users/${orgAdmin.id}/tax-exempt`)
        .type('form')
        .send({ _csrf: ad.token, allowed: 'true' });
      expect(plain.status).to.equal(403);
      expect(plain.text).to.include(
        '<div class="form-error" role="alert" data-testid="form-error">Vous ne pouvez pas modifier votre propre exemption de taxes : demandez à un autre administrateur.</div>',
      );
      expect(plain.text).to.include(`data-email="${member.email}"`);
      expect(
        (await sqlRows<{ t: boolean }>(`select tax_exempt_allowed as t from users where id = $1`, [orgAdmin.id]))[0].t,
      ).to.equal(false);
      expect(await logCount('organisation.tax_exempt', orgAdmin.id)).to.equal(1);
      // the list offers no switch on one's own row
      const page = await ad.a.get(LIST);
      expect(page.text).not.to.include(`users/${orgAdmin.id}/tax-exempt"`);
      expect(page.text).not.to.include(`users/${orgAdmin.id}/limits"`);
      expect(page.text).to.include(`users/${member.id}/tax-exempt"`);
      expect(page.text).to.include('data-testid="org-user-self-note">Another administrator sets these for you.<');
      expect(
        (await post(second.a, second.token, `${LIST}/${orgAdmin.id}/tax-exempt`, { allowed: 'true' })).status,
      ).to.equal(200);
    });

    it('an administrator cannot lift their own spending limits: 403 in every language, the limits and the log unchanged', async () => {
      const set = await post(second.a, second.token, `${LIST}/${orgAdmin.id}/limits`, {
        per_order_limit: '2500.00',
        per_period_limit: '',
        period: 'month',
      });
      expect(set.status, set.text).to.equal(200);
      expect(await logCount('organisation.limits', orgAdmin.id)).to.equal(1);
      for (const locale of LOCALES) {
        const res = await post(ad.a, ad.token, `/${locale}/account/organization/users/${orgAdmin.id}/limits`, {
          per_order_limit: '',
          per_period_limit: '',
          period: 'month',
        });
        expect(res.status, `${locale}: ${res.text}`).to.equal(403);
        expect(res.body).to.deep.equal({ error: { code: 'forbidden', message: OWN_LIMITS[locale], fields: {} } });
      }
      expect(
        (await post(ad.a, ad.token, `${LIST}/${orgAdmin.id}/limits`, { per_order_limit: 'lots' })).status,
      ).to.equal(403);
      const plain = await ad.a
        .post(`/es-mx/account/organization/users/${orgAdmin.id}/limits`)
        .type('form')
        .send({ _csrf: ad.token, per_order_limit: '', per_period_limit: '' });
      expect(plain.status).to.equal(403);
      expect(plain.text).to.include(
        '<div class="form-error" role="alert" data-testid="form-error">No puede cambiar sus propios límites de gasto: pídaselo a otro administrador.</div>',
      );
      expect(plain.text).to.include(`data-email="${member.email}"`);
      expect(await limitsOf(orgAdmin.id)).to.deep.equal([
        { per_order_limit: '2500.00', per_period_limit: null, period: 'month' },
      ]);
      expect(await logCount('organisation.limits', orgAdmin.id)).to.equal(1);
      expect(
        (
          await post(second.a, second.token, `${LIST}/${orgAdmin.id}/limits`, {
            per_order_limit: '',
            per_period_limit: '',
          })
        ).status,
      ).to.equal(200);
    });

    it('staff holding the key are refused alike on their own account, and may still change a member', async () => {
      const tax = await post(st.a, st.token, `${LIST}/${staff.id}/tax-exempt`, { allowed: 'false' });
      expect(tax.status, tax.text).to.equal(403);
      expect(tax.body.error.message).to.equal('You cannot change your own tax exemption: ask another administrator.');
      const limits = await post(st.a, st.token, `${LIST}/${staff.id}/limits`, { per_order_limit: '1.00' });
      expect(limits.status, limits.text).to.equal(403);
      expect(limits.body.error.message).to.equal(
        'You cannot change your own spending limits: ask another administrator.',
      );
      expect(
        (await sqlRows<{ t: boolean }>(`select tax_exempt_allowed as t from users where id = $1`, [staff.id]))[0].t,
      ).to.equal(true);
      expect(await limitsOf(staff.id)).to.deep.equal([]);
      expect(
        (await logCount('organisation.tax_exempt', staff.id)) + (await logCount('organisation.limits', staff.id)),
      ).to.equal(0);
      const other = await post(st.a, st.token, `${LIST}/${member.id}/limits`, {
        per_order_limit: '',
        per_period_limit: '',
      });
      expect(other.status, other.text).to.equal(200);
    });
  });
});
