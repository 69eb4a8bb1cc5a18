/** CSRF on every state-changing request and the contract's JSON error shape (src/app.ts, src/http/error-handler.ts). */
import { expect } from 'chai';
import { agent, csrf, DEMO_PASSWORD } from '../helpers/http.ts';

describe('CSRF and the JSON error shape', () => {
  it('refuses a POST without the CSRF token with 403', async () => {
    const a = await agent();
    await a.get('/en-us/login');
    const res = await a
      .post('/en-us/login')
      .type('form')
      .send({ email: 'customer@example.com', password: DEMO_PASSWORD });
    expect(res.status).to.equal(403);
    const json = await a.post('/en-us/logout').set('X-Requested-With', 'XMLHttpRequest').send({});
    expect(json.status).to.equal(403);
    expect(json.body).to.have.nested.property('error.code', 'forbidden');
    expect(json.body.error.message).to.be.a('string');
  });

  it('accepts the token in the X-CSRF-Token header', async () => {
    const a = await agent();
    const token = await csrf(a);
    const res = await a
      .post('/en-us/login')
      .set('X-CSRF-Token', token)
      .set('X-Requested-With', 'XMLHttpRequest')
      .send({ email: 'customer@example.com', password: DEMO_PASSWORD });
    expect(res.status).to.equal(200);
    expect(res.body).to.deep.equal({ ok: true, redirect: '/en-us/account' });
  });

  it('answers malformed JSON with 400, never 5xx', async () => {
    const a = await agent();
    const token = await csrf(a);
    const res = await a
      .post('/en-us/login')
      .set('X-CSRF-Token', token)
      .set('Content-Type', 'application/json')
      .set('Accept', 'application/json')
      .send('{"email":');
    expect(res.status).to.equal(400);
    expect(res.body.error).to.have.property('message');
  });
});
