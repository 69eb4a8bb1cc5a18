/**
 * Text input holds no control characters: a NUL anywhere in a request is refused before any
 * router (src/http/no-nul.ts); other C0 characters and DEL by the schemas' text() and
 * multilineText() (src/http/validate.ts), tab and line breaks allowed in text areas only. Every
 * refusal is a 400 `invalid` naming the field, in the visitor's language, and writes nothing.
 * Expected answers are written by hand.
 */
import { expect } from 'chai';
import { isCleanLine, isCleanText } from '../../src/http/validate.ts';
import { nulField } from '../../src/http/no-nul.ts';
import { agent, csrf, type Agent } from '../helpers/http.ts';
import { signedIn } from '../helpers/signed-in.ts';
import { sqlRows } from '../helpers/server.ts';

const EN = 'This text contains a character that is not allowed.';
const FR = 'Ce texte contient un caractère non autorisé.';
const ES = 'Este texto contiene un carácter no permitido.';
const refusal = (message: string, field?: string) => ({
  error: { code: 'invalid', message, fields: field ? { [field]: message } : {} },
});
const json = (a: Agent, path: string, token: string) =>
  a.post(path).set('X-CSRF-Token', token).set('Accept', 'application/json').set('X-Requested-With', 'XMLHttpRequest');
const userCount = async (email: string) =>
  (await sqlRows<{ n: number }>('select count(*)::int as n from users where email = $1', [email]))[0].n;
const leadCount = async (email: string) =>
  (await sqlRows<{ n: number }>('select count(*)::int as n from leads where lower(email) = lower($1)', [email]))[0].n;

describe('control characters in text', function () {
  this.timeout(60_000);
  // Refused registrations count toward the per-IP limit: leave the shared app's count as found.
  after(() =>
    sqlRows(
      `delete from rate_limits where key like 'register:ip:%' or key like 'register:account:%ctrl%' or key like 'signIn:%'`,
    ),
  );

  describe('the rule', () => {
    it('one-line text refuses C0 (tab and line breaks included), DEL and lone surrogates; keeps other characters', () => {
      for (const bad of ['a\u0000', 'a\u0001b', 'a\tb', 'a\nb', 'a\rb', '\u001f', 'a\u007fb', 'x\ud800', '\udc00x'])
        expect(isCleanLine(bad), JSON.stringify(bad)).to.equal(false);
      for (const good of ['Zoë Béland', 'Niño 🚜', 'O’Brien & Sons', '\u00a0', ''])
        expect(isCleanLine(good), good).to.equal(true);
    });
    it('a text area allows tab, newline and carriage return, nothing else of C0', () => {
      expect(isCleanText('line one\r\n\tline two')).to.equal(true);
      for (const bad of ['a\u0000', 'a\u0008', 'a\u000b', 'a\u000c', 'a\u001b[31m', 'a\u007f', 'x\ud83d'])
        expect(isCleanText(bad), JSON.stringify(bad)).to.equal(false);
    });
    it('the safety net names the first field holding a NUL, at any depth, keys included', () => {
      expect(nulField({ q: 'ok', a: { b: ['x', 'y\u0000'] } })).to.equal('a.b.1');
      expect(nulField({ 'na\u0000me': 'x' })).to.equal('na\u0000me');
      expect(nulField({ q: 'fine', n: 3, t: true, z: null })).to.equal(null);
    });
  });

  describe('a NUL is refused on every route, before the route runs', () => {
    it('registration, sign-in and password reset (JSON) answer 400 naming the field, and write nothing', async () => {
      const a = await agent();
      const token = await csrf(a, '/en-us/register');
      const email = 'ctrl-nul-reg@example.com';
      const reg = await json(a, '/en-us/register', token).send({
        email,
        password: 'long-enough-password',
        firstName: 'Nu\u0000l',
        lastName: 'Byte',
        accountType: 'personal',
      });
      expect(reg.status).to.equal(400);
      expect(reg.body).to.deep.equal(refusal(EN, 'firstName'));
      expect(await userCount(email)).to.equal(0);
      const login = await json(a, '/en-us/login', token).send({ email: 'customer@example.com\u0000', password: 'x' });
      expect(login.status).to.equal(400);
      expect(login.body).to.deep.equal(refusal(EN, 'email'));
      const reset = await json(a, '/en-us/password/reset', token).send({ email: '\u0000@example.com' });
      expect(reset.status).to.equal(400);
      expect(reset.body).to.deep.equal(refusal(EN, 'email'));
      const deep = await json(a, '/en-us/register', token).send({
        email,
        password: 'long-enough-password',
        firstName: 'A',
        lastName: 'B',
        extra: { list: ['ok', 'bad\u0000'] },
      });
      expect(deep.body).to.deep.equal(refusal(EN, 'extra.list.1'));
    });

    it('staff searches with ?q=%00 answer 400 in the contract shape', async () => {
      const { a } = await signedIn('admin@example.com');
      const searches = [
        '/account/dashboard/customers?q=%00',
        '/en-us/admin/leads?q=%00',
        '/en-us/admin/logs?q=%00',
        '/en-us/instructional/editor?q=%00',
        '/en-us/account/dashboard/producteditor?q=%00',
      ];
      for (const path of searches) {
        const res = await a.get(path).set('Accept', 'application/json');
        expect(res.status, path).to.equal(400);
        expect(res.body, path).to.deep.equal(refusal(EN, 'q'));
      }
    });

    it('in the language of the path: French under /fr-ca/, Spanish under /es-mx/', async () => {
      const { a } = await signedIn('admin@example.com');
      const fr = await a.get('/fr-ca/admin/leads?q=%00').set('Accept', 'application/json');
      expect(fr.status).to.equal(400);
      expect(fr.body).to.deep.equal(refusal(FR, 'q'));
      const v = await agent();
      const token = await csrf(v, '/fr-ca/register');
      const reg = await json(v, '/fr-ca/register', token).send({
        email: 'ctrl-nul-fr@example.com',
        password: 'long-enough-password',
        firstName: 'A',
        lastName: 'B\u0000',
      });
      expect(reg.status).to.equal(400);
      expect(reg.body).to.deep.equal(refusal(FR, 'lastName'));
      const es = await a.get('/es-mx/admin/logs?q=%00').set('Accept', 'application/json');
      expect(es.body).to.deep.equal(refusal(ES, 'q'));
    });

    it('a browser form post with a NUL gets a 400 page with the message, not a 500', async () => {
      const a = await agent();
      const token = await csrf(a, '/fr-ca/register');
      const res = await a.post('/fr-ca/register').type('form').send({
        _csrf: token,
        email: 'ctrl-nul-form@example.com',
        password: 'long-enough-password',
        firstName: 'A\u0000',
        lastName: 'B',
      });
      expect(res.status).to.equal(400);
      expect(res.text).to.include(FR);
      expect(await userCount('ctrl-nul-form@example.com')).to.equal(0);
    });

    it('a NUL in the path is a 400, never reaching a lookup', async () => {
      const res = await (await agent()).get('/en-us/products/abc%00def').set('Accept', 'application/json');
      expect(res.status).to.equal(400);
      expect(res.body).to.deep.equal(refusal(EN));
    });
  });

  describe('other control characters, by the schemas', () => {
    it('?q=a%01b on the staff searches answers 400 naming q', async () => {
      const { a } = await signedIn('admin@example.com');
      for (const path of [
        '/account/dashboard/customers',
        '/en-us/admin/leads',
        '/en-us/admin/logs',
        '/en-us/instructional/editor',
        '/en-us/account/dashboard/producteditor',
      ]) {
        const res = await a.get(`${path}?q=a%01b`).set('Accept', 'application/json');
        expect(res.status, path).to.equal(400);
        expect(res.body, path).to.deep.equal(refusal(EN, 'q'));
      }
      const fr = await a.get('/fr-ca/admin/leads?q=a%7Fb').set('Accept', 'application/json');
      expect(fr.body).to.deep.equal(refusal(FR, 'q'));
    });

    it('registration with an escape character in a name: the form again with the message beside the field, nothing written', async () => {
      const a = await agent();
      const token = await csrf(a, '/fr-ca/register');
      const email = 'ctrl-esc-form@example.com';
      const res = await a.post('/fr-ca/register').type('form').send({
        _csrf: token,
        email,
        password: 'long-enough-password',
        firstName: 'Ann\u001b[2J',
        lastName: 'Example',
      });
      expect(res.status).to.equal(400);
      expect(res.text).to.include(FR);
      expect(res.text).to.include('name="firstName"'); // the registration form, not the error page
      expect(await userCount(email)).to.equal(0);
    });

    it('sign-in with a tab in the email is refused (400 naming email)', async () => {
      const a = await agent();
      const token = await csrf(a);
      const res = await json(a, '/en-us/login', token).send({
        email: 'customer@example.com\t',
        password: 'demo-pass-2026',
      });
      expect(res.status).to.equal(400);
      expect(res.body).to.deep.equal(refusal(EN, 'email'));
    });

    it('a lead: the message (a text area) keeps a newline and a tab; a tab in the company name is refused and stores nothing', async () => {
      const a = await agent();
      const page = await a.get('/en-us/leads/new');
      const token = /<meta name="csrf-token" content="([^"]+)"/.exec(page.text)![1];
      const captcha = () => a.get('/en-us/leads/new').then((r) => /data-captcha-token="([^"]+)"/.exec(r.text)![1]);
      const base = {
        firstName: 'Dana',
        lastName: 'Holt',
        phone: '515-555-0199',
        country: 'US',
        region: 'IA',
        recaptchaKey: 'offline',
      };
      const refused = 'ctrl-lead-refused@example.net';
      const bad = await json(a, '/en-us/leads/new', token)
        .type('form')
        .send({ ...base, email: refused, company: 'Holt\tAcres', message: 'Hi', recaptchaToken: await captcha() });
      expect(bad.status).to.equal(400);
      expect(bad.body).to.deep.equal(refusal(EN, 'company'));
      expect(await leadCount(refused)).to.equal(0);
      const kept = 'ctrl-lead-kept@example.net';
      const message = 'Quote for a 6-row planter.\n\tDelivery in April.';
      const ok = await json(a, '/en-us/leads/new', token)
        .type('form')
        .send({ ...base, email: kept, company: 'Holt Acres', message, recaptchaToken: await captcha() });
      expect(ok.status, JSON.stringify(ok.body)).to.equal(201);
      const [row] = await sqlRows<{ message: string }>('select message from leads where lower(email) = $1', [kept]);
      expect(row.message).to.equal(message);
    });
  });
});
