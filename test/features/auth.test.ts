/** Accounts (src/features/auth): sign in, register, sign out, password reset by mail. */
import { expect } from 'chai';
import { agent, apiToken, csrf, signIn } from '../helpers/http.ts';

const DEMO_ACCOUNTS = [
  ['admin@example.com', '/account/dashboard'],
  ['staff@example.com', '/account/dashboard'],
  ['customer@example.com', '/en-us/account'],
  ['buyer@acme.example', '/en-us/account'],
  ['distributor@example.com', '/account/dashboard'],
  ['warehouse@example.com', '/account/dashboard'],
] as const;

describe('accounts', () => {
  for (const [email, home] of DEMO_ACCOUNTS) {
    it(`${email} signs in and lands on ${home}`, async () => {
      const a = await agent();
      const res = await signIn(a, email);
      expect(res.headers.location).to.equal(home);
      const page = await a.get(home);
      expect(page.status).to.equal(200);
      expect(page.text).to.match(/<meta name="api-token" content="[^"]+">/);
      // Role names are never shown (spec §1).
      expect(page.text).not.to.match(/>\s*(admin|staff|distributor|warehouse operator)\s*</i);
    });
  }

  it('answers a failed sign-in with the same words whether or not the email exists', async () => {
    const a = await agent();
    const token = await csrf(a);
    const wrongPw = await a
      .post('/en-us/login')
      .type('form')
      .send({ email: 'customer@example.com', password: 'nope-nope-nope', _csrf: token });
    const noUser = await a
      .post('/en-us/login')
      .type('form')
      .send({ email: 'nobody@example.com', password: 'nope-nope-nope', _csrf: token });
    expect(wrongPw.status).to.equal(400);
    expect(noUser.status).to.equal(400);
    const msg = (html: string) => /data-testid="form-error">([^<]+)</.exec(html)?.[1];
    expect(msg(wrongPw.text)).to.equal('The email or password is incorrect.');
    expect(msg(noUser.text)).to.equal(msg(wrongPw.text));
  });

  it('gives clear messages for bad sign-in and register input, never a 5xx', async () => {
    const a = await agent();
    const token = await csrf(a);
    const empty = await a.post('/en-us/login').type('form').send({ _csrf: token });
    expect(empty.status).to.equal(400);
    expect(empty.text).to.include('Email is required.');
    const weird = await a
      .post('/en-us/login')
      .set('X-CSRF-Token', token)
      .set('Accept', 'application/json')
      .send({ email: ['a', 'b'], password: { x: 1 } });
    expect(weird.status).to.equal(400);
    expect(weird.body.error.fields).to.have.property('email');
    const reg = await a
      .post('/en-us/register')
      .set('X-CSRF-Token', token)
      .set('Accept', 'application/json')
      .send({ email: 'not-an-email', password: 'short', firstName: '', lastName: 'x'.repeat(300) });
    expect(reg.status).to.equal(400);
    expect(reg.body.error.fields).to.include.keys('email', 'password', 'firstName', 'lastName');
    expect(reg.body.error.fields.password).to.equal('Password must be at least 10 characters.');
  });

  it('registers a new account, refuses the same email twice, and signs in', async () => {
    const a = await agent();
    const token = await csrf(a, '/en-us/register');
    const email = `grower-${Date.now()}@example.com`;
    const res = await a.post('/en-us/register').type('form').send({
      _csrf: token,
      email,
      password: 'long-enough-pw',
      firstName: 'Dale',
      lastName: 'Hoffman',
      accountType: 'personal',
    });
    expect(res.status).to.equal(303);
    expect(res.headers.location).to.equal('/en-us/account');
    expect((await a.get('/en-us/account')).text).to.include(email);
    const b = await agent();
    const t2 = await csrf(b, '/en-us/register');
    const dup = await b
      .post('/en-us/register')
      .type('form')
      .send({ _csrf: t2, email: email.toUpperCase(), password: 'long-enough-pw', firstName: 'D', lastName: 'H' });
    expect(dup.status).to.equal(409);
    expect(dup.text).to.include('An account with this email already exists.');
    await signIn(b, email, 'long-enough-pw');
  });

  it('regenerates the session id and the CSRF secret at sign-in and sets HttpOnly SameSite=Lax cookies', async () => {
    const a = await agent();
    const page = await a.get('/en-us/login');
    const setBy = (res: { headers: Record<string, unknown> }) =>
      ([] as string[]).concat((res.headers['set-cookie'] as string[] | undefined) ?? []);
    expect(
      setBy(page).some((c) => c.startsWith('hd.sid=')),
      'reading the sign-in page creates no session',
    ).to.equal(false);
    // A visitor who already has a session (they chose a store) …
    const token = await csrf(a, '/en-us/login');
    const chose = await a
      .post('/en-us/channel/CA')
      .set('X-Requested-With', 'XMLHttpRequest')
      .set('X-CSRF-Token', token)
      .type('form')
      .send({ country: 'CA' });
    expect(chose.status).to.equal(200);
    const id = (list: string[], name: string) =>
      list.map((c) => new RegExp(`^${name.replace('.', '\\.')}=([^;]+)`).exec(c)?.[1]).find(Boolean);
    const before = id(setBy(chose), 'hd.sid');
    expect(before, 'the store choice started a session').to.be.a('string');
    // … gets a new session id and a new CSRF secret when signing in.
    const res = await signIn(a, 'customer@example.com');
    const after = setBy(res);
    const sid = after.find((c) => c.startsWith('hd.sid='))!;
    expect(sid)
      .to.match(/HttpOnly/i)
      .and.to.match(/SameSite=Lax/i);
    expect(id(after, 'hd.sid')).to.be.a('string').and.not.equal(before);
    const secret = after.find((c) => c.startsWith('hd.csrf='));
    expect(secret, 'a fresh CSRF secret')
      .to.match(/HttpOnly/i)
      .and.to.match(/SameSite=Lax/i);
    const stale = await a.post('/en-us/logout').type('form').send({ _csrf: token });
    expect(stale.status, 'a token from before sign-in is refused').to.equal(403);
  });

  it('signs out and revokes the bearer token', async () => {
    const a = await agent();
    await signIn(a, 'customer@example.com');
    const bearer = await apiToken(a);
    const ok = await (await agent()).get('/en-us/account').set('Authorization', `Bearer ${bearer}`);
    expect(ok.status).to.equal(200);
    const token = await csrf(a, '/en-us/account');
    const out = await a.post('/en-us/logout').type('form').send({ _csrf: token });
    expect(out.status).to.equal(303);
    const after = await (await agent()).get('/en-us/account').set('Authorization', `Bearer ${bearer}`);
    expect(after.status).to.equal(401);
    expect(after.body.error.code).to.equal('unauthorized');
    const page = await a.get('/en-us/account');
    expect(page.status).to.equal(302);
  });
});

describe('password reset by mail', () => {
  it('mails a one-time link that sets a new password once', async () => {
    const a = await agent();
    const token = await csrf(a, '/en-us/register');
    const email = `reset-${Date.now()}@example.com`;
    await a
      .post('/en-us/register')
      .type('form')
      .send({ _csrf: token, email, password: 'first-password-1', firstName: 'Ruth', lastName: 'Olsen' });
    const b = await agent();
    const t = await csrf(b, '/en-us/password/reset');
    const sent = await b.post('/en-us/password/reset').type('form').send({ _csrf: t, email });
    expect(sent.status).to.equal(200);
    expect(sent.text).to.include('data-testid="reset-sent"');
    // Unknown emails get the same page.
    const unknown = await b.post('/en-us/password/reset').type('form').send({ _csrf: t, email: 'who@example.com' });
    expect(unknown.text).to.include('data-testid="reset-sent"');

    const { testServer } = await import('../helpers/server.ts');
    const app = await testServer();
    const mails = await (app.services.mailer as unknown as { list(): Promise<{ content: string }[]> }).list();
    const mail = mails.find((m) => m.content.includes(email));
    expect(mail, 'reset mail written').to.exist;
    const body = mail!.content.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    const link = /(http:\/\/\S+password\/reset\?token=[\w%-]+)/.exec(body)?.[1];
    expect(link).to.be.a('string');
    const resetToken = decodeURIComponent(new URL(link!).searchParams.get('token')!);
    const form = await b.get(`/en-us/password/reset?token=${encodeURIComponent(resetToken)}`);
    expect(form.status).to.equal(200);
    const t2 = /<meta name="csrf-token" content="([^"]+)"/.exec(form.text)![1];
    const done = await b
      .post('/en-us/password/reset')
      .type('form')
      .send({ _csrf: t2, token: resetToken, password: 'second-password-2' });
    expect(done.status).to.equal(303);
    const t3 = await csrf(b, '/en-us/password/reset');
    const again = await b
      .post('/en-us/password/reset')
      .type('form')
      .send({ _csrf: t3, token: resetToken, password: 'third-password-3' });
    expect(again.status).to.equal(400);
    await signIn(await agent(), email, 'second-password-2');
    // Who did what is on record.
    const { rows } = await app.database.pool.query(
      `select l.action from logs l join users u on u.id = l.user_id where u.email = $1 order by l.id`,
      [email],
    );
    expect(rows.map((r: { action: string }) => r.action)).to.deep.equal([
      'user.register',
      'user.password_reset',
      'user.login',
    ]);
  });
});
