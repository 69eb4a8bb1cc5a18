/**
 * One request path: every request is answered by Express. The HTTP server's request
 * listener is the Express application itself, and each request leaves one log line, pino-http's
 * (a cached page, a first visit, the cart's line writes included). The cart's line writes (what the
 * cart page's island sends on every quantity step), once answered in front of Express, keep what the
 * visitor gets: each test says it by hand.
 * Figures: PP-SHL (the hopper lid) is $24.00 in the demo catalogue.
 */
import http from 'node:http';
import { expect } from 'chai';
import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import supertest from 'supertest';
import { createApp } from '../../src/app.ts';
import { orderLineItems } from '../../src/db/schema/index.ts';
import { productIdByStockcode, testServer } from '../helpers/server.ts';

type Agent = ReturnType<typeof supertest.agent>;

describe('one pipeline: every request through Express', () => {
  let server: http.Server;
  let base: string;
  const lines: { msg?: string; req?: { method: string; url: string }; res?: { statusCode: number } }[] = [];
  let db: Awaited<ReturnType<typeof testServer>>['services']['db'];

  before(async () => {
    const running = await testServer();
    db = running.services.db;
    // The app as the server builds it, with a log we can read (the shared server's is silent).
    const logger = pino({ level: 'info', base: undefined }, { write: (l: string) => void lines.push(JSON.parse(l)) });
    const { app } = createApp({
      config: running.config,
      database: running.database,
      texts: running.services.texts,
      mailer: running.services.mailer,
      logger,
      events: running.services.events,
    });
    server = http.createServer(app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  /** How many log lines Express's request log wrote for `method url` since `from`. */
  const logged = (from: number, method: string, url: string) =>
    lines.slice(from).filter((l) => l.msg === 'request completed' && l.req?.method === method && l.req.url === url)
      .length;

  /** A visitor with a session, its token, and a cart holding `quantity` hopper lids. */
  async function shopper(quantity = 2) {
    const a = supertest.agent(base);
    const page = await a.get('/en-us/');
    const token = /<meta name="csrf-token" content="([^"]+)"/.exec(page.text)?.[1] ?? '';
    const add = await a
      .post('/en-us/cart/add/inline')
      .set({ 'X-CSRF-Token': token, 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' })
      .type('form')
      .send({ product_id: String(await productIdByStockcode('PP-SHL')), quantity: String(quantity) });
    expect(add.status, add.text).to.equal(200);
    const cookie = (res: { headers: Record<string, unknown> }, name: string) =>
      ((res.headers['set-cookie'] as string[] | undefined) ?? [])
        .map((c) => c.split(';')[0])
        .find((c) => c.startsWith(`${name}=`)) ?? '';
    return {
      a,
      token,
      lineId: add.body.line.order_line_item_id as number,
      sid: cookie(add, 'hd.sid'),
      csrfCookie: cookie(page, 'hd.csrf'),
    };
  }
  const script = (a: Agent, method: 'put' | 'delete', url: string, token: string) =>
    a[method](url).set({ 'X-CSRF-Token': token, 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' });
  const quantityOf = async (lineId: number) =>
    (await db.select({ q: orderLineItems.quantity }).from(orderLineItems).where(eq(orderLineItems.id, lineId)))[0]?.q;

  it("the HTTP server's request listener is the Express application itself, in the server `npm start` runs", async () => {
    const running = await testServer();
    expect(running.server.listeners('request')).to.deep.equal([running.express]);
  });

  it('a cached page, for a first visit and a returning one, is answered by Express: one request log line each', async () => {
    const url = '/en-us/products';
    await supertest(base).get(url).set('Accept', 'text/html'); // fills the cache
    let from = lines.length;
    const first = await supertest(base).get(url).set('Accept', 'text/html');
    expect(first.status).to.equal(200);
    expect(first.headers['x-page-cache']).to.equal('hit');
    expect(logged(from, 'GET', url)).to.equal(1);
    const cookie = ((first.headers['set-cookie'] as unknown as string[] | undefined) ?? [])
      .map((c) => c.split(';')[0])
      .join('; ');
    expect(cookie).to.match(/^hd\.csrf=/);
    from = lines.length;
    const again = await supertest(base).get(url).set({ Accept: 'text/html', Cookie: cookie });
    expect(again.headers['x-page-cache']).to.equal('hit');
    expect(again.headers['set-cookie']).to.equal(undefined);
    expect(logged(from, 'GET', url)).to.equal(1);
  });

  it('answers an ordinary quantity step (form or JSON, token in the header or the form) and a removal, one log line each', async () => {
    const { a, token, lineId } = await shopper(2);
    const url = `/en-us/cart/${lineId}`;
    let from = lines.length;
    const form = await script(a, 'put', url, token).type('form').send({ quantity: '3' });
    expect(form.status, form.text).to.equal(200);
    expect(form.body).to.include({ quantity: 3, last_quantity: 2, price: '24.00', total: '72.00', subtotal: '72.00' });
    expect(form.body.cart.count).to.equal(3);
    expect(logged(from, 'PUT', url)).to.equal(1);
    expect(await quantityOf(lineId)).to.equal(3);
    // The visitor's own cart: kept by no cache, as Express's answers about a person.
    expect(form.headers['cache-control']).to.equal('no-store');

    from = lines.length;
    const asJson = await script(a, 'put', url, token).send({ quantity: 5000 });
    expect(asJson.status).to.equal(200);
    expect(asJson.body).to.include({ quantity: 999, last_quantity: 3, total: '23976.00' });
    expect(logged(from, 'PUT', url)).to.equal(1);

    from = lines.length;
    const inForm = await a
      .put(url)
      .set('Accept', 'application/json')
      .type('form')
      .send({ quantity: '4', _csrf: token });
    expect(inForm.status).to.equal(200);
    expect(inForm.body.quantity).to.equal(4);
    expect(logged(from, 'PUT', url)).to.equal(1);

    // The same security headers and type as Express's answers (here: the cart's own JSON).
    const viaExpress = await a
      .get('/en-us/cart/synchronize')
      .set({ 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' });
    for (const h of [
      'content-security-policy',
      'x-frame-options',
      'x-content-type-options',
      'referrer-policy',
      'cross-origin-opener-policy',
      'content-type',
    ]) {
      expect(inForm.headers[h], h).to.equal(viaExpress.headers[h]);
    }

    from = lines.length;
    const removed = await script(a, 'delete', url, token);
    expect(removed.status).to.equal(200);
    expect(removed.body.cart.count).to.equal(0);
    expect(logged(from, 'DELETE', url)).to.equal(1);
    expect(await quantityOf(lineId)).to.equal(undefined);
  });

  it('refuses a bad token, another site, a bearer and a forged session; nothing changes', async () => {
    const { a, token, lineId, sid, csrfCookie } = await shopper(2);
    const url = `/en-us/cart/${lineId}`;
    const from = lines.length;
    const badToken = await script(a, 'put', url, 'not-the-token').type('form').send({ quantity: '7' });
    expect(badToken.status).to.equal(403);
    expect(badToken.body.error.code).to.equal('forbidden');
    const foreign = await script(a, 'put', url, token)
      .set('Origin', 'https://elsewhere.example')
      .type('form')
      .send({ quantity: '7' });
    expect(foreign.status).to.equal(403);
    expect(foreign.body.error.code).to.equal('foreign_origin');
    const crossSite = await script(a, 'put', url, token)
      .set('Sec-Fetch-Site', 'cross-site')
      .type('form')
      .send({ quantity: '7' });
    expect(crossSite.body.error.code).to.equal('foreign_origin');
    const bearer = await script(a, 'put', url, token)
      .set('Authorization', 'Bearer nonsense')
      .type('form')
      .send({ quantity: '7' });
    expect(bearer.status).to.equal(401);
    // A session cookie whose signature does not hold: no session, so no cart and no line.
    expect(sid).to.match(/^hd\.sid=s%3A/);
    const tampered = await supertest(base)
      .put(url)
      .set({ Cookie: `${sid.slice(0, -3)}xyz; ${csrfCookie}`, 'X-CSRF-Token': token, Accept: 'application/json' })
      .type('form')
      .send({ quantity: '7' });
    expect(tampered.status).to.equal(404);
    expect(await quantityOf(lineId)).to.equal(2);
    // Each refusal is Express's: one request log line each.
    expect(
      lines
        .slice(from)
        .filter(
          (l) =>
            (l.msg === 'request completed' || l.msg === 'request errored') &&
            l.req?.method === 'PUT' &&
            l.req.url === url,
        ).length,
    ).to.equal(5);
  });

  it("answers bad input, another visitor's line and a change of locale in the visitor's language", async () => {
    const mine = await shopper(2);
    const theirs = await shopper(1);
    const from = lines.length;
    expect(
      (await script(mine.a, 'put', `/en-us/cart/${theirs.lineId}`, mine.token).type('form').send({ quantity: '5' }))
        .body.error.code,
    ).to.equal('line_not_found');
    expect(
      (await script(mine.a, 'put', '/en-us/cart/abc', mine.token).type('form').send({ quantity: '5' })).status,
    ).to.equal(400);
    const malformed = await script(mine.a, 'put', `/en-us/cart/${mine.lineId}`, mine.token)
      .set('Content-Type', 'application/json')
      .send('{"quantity":');
    expect(malformed.status).to.equal(400);
    expect(malformed.body.error.message).to.equal('The request body is not valid JSON.');
    // A French page's step: the session takes the locale (a write: Express's), then bad input in French.
    const fr = await script(mine.a, 'put', `/fr-ca/cart/${mine.lineId}`, mine.token)
      .type('form')
      .send({ quantity: '3' });
    expect(fr.status).to.equal(200);
    expect(fr.body.quantity).to.equal(3);
    expect(logged(from, 'PUT', `/fr-ca/cart/${mine.lineId}`)).to.equal(1);
    const many = await script(mine.a, 'put', `/fr-ca/cart/${mine.lineId}`, mine.token)
      .type('form')
      .send({ quantity: 'beaucoup' });
    expect(many.status).to.equal(400);
    expect(many.body.error.fields.quantity).to.equal('La quantité doit être un nombre entier.');
    expect(await quantityOf(theirs.lineId)).to.equal(1);
    expect(await quantityOf(mine.lineId)).to.equal(3);
    expect(
      (await script(mine.a, 'put', `/fr-ca/cart/${mine.lineId}`, mine.token).type('form').send({ quantity: '4' })).body
        .quantity,
    ).to.equal(4);
  });
});
