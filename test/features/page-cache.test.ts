/**
 * Render once, serve many: storefront pages come from the page cache with each
 * visitor's own parts (CSRF token, cart count, signed-in name), a change made through the back
 * office is on the next page, and a GET still writes nothing.
 */
import { createHmac } from 'node:crypto';
import { expect } from 'chai';
import { STOCK_TTL_MS } from '../../src/features/catalog/index.ts';
import supertest from 'supertest';
import { agent, csrf, type Agent } from '../helpers/http.ts';
import { signedIn } from '../helpers/signed-in.ts';
import { dbMode } from '../helpers/db.ts';
import { productIdByStockcode, sqlRows, testServer } from '../helpers/server.ts';
import { startSecondProcess, type SecondProcess } from '../helpers/second-process.ts';

const EDITOR = '/en-us/account/dashboard/producteditor';
const TOKEN = /<meta name="csrf-token" content="([^"]+)"/;
const tokenOf = (html: string) => TOKEN.exec(html)?.[1] ?? '';
/** The page with its CSRF tokens (and React's per-render island ids) taken out: what every visitor shares. */
const shared = (html: string) => html.split(tokenOf(html)).join('TOKEN');
const priceOf = (html: string) =>
  /data-testid="price"[^>]*><span class="visually-hidden">[^<]*<\/span>([^<]+)</.exec(html)?.[1];

/** A returning visitor without a session: the CSRF cookie of a first page view, nothing else. */
async function visitor(): Promise<Agent> {
  const a = await agent();
  expect((await a.get('/en-us/')).status).to.equal(200);
  return a;
}

async function page(a: Agent, path: string) {
  const res = await a.get(path);
  expect(res.status, path).to.equal(200);
  return { html: res.text, cache: res.headers['x-page-cache'] as string | undefined, res };
}

describe(`page cache (${dbMode()})`, function () {
  this.timeout(120_000);
  let productPath: string;
  before(async () => {
    productPath = `/en-us/products/${await productIdByStockcode('DEMO-CONFIG')}`;
  });

  it('two anonymous visitors get the same cached page with their own CSRF tokens, and each token works for a POST', async () => {
    const [a, b] = [await visitor(), await visitor()];
    await page(a, productPath); // fills the cache if nothing else did
    const pa = await page(a, productPath);
    const pb = await page(b, productPath);
    expect(pa.cache).to.equal('hit');
    expect(pb.cache).to.equal('hit');
    const [ta, tb] = [tokenOf(pa.html), tokenOf(pb.html)];
    expect(ta).to.match(/^[\w-]{20,}$/);
    expect(tb).to.match(/^[\w-]{20,}$/);
    expect(ta).not.to.equal(tb);
    expect(shared(pa.html)).to.equal(shared(pb.html));
    // The token is in every place the page carries it: meta, island props, forms.
    expect(pa.html.split(ta).length - 1).to.be.at.least(3);
    expect(pa.html).not.to.match(/[\uE000\uE001]/);

    const pid = await productIdByStockcode('DEMO-SEED-PLATE');
    const add = (x: Agent, token: string) =>
      x
        .post('/en-us/cart/add/inline')
        .set('X-CSRF-Token', token)
        .set('X-Requested-With', 'XMLHttpRequest')
        .type('form')
        .send({ product_id: pid, quantity: 1 });
    expect((await add(a, tb)).status, "b's token refused for a").to.equal(403);
    expect((await add(a, ta)).status, "a's own token").to.equal(200);
    expect((await add(b, tb)).status, "b's own token").to.equal(200);
  });

  it("a cached page for a visitor without a session carries exactly the headers of the routes' answer to one with a session cookie the store does not hold", async () => {
    const url = (await testServer()).url;
    const first = await supertest(url).get('/en-us/');
    const csrfCookie = /hd\.csrf=[^;]+/.exec(String(first.headers['set-cookie']))?.[0];
    expect(csrfCookie, 'a first visit gets a CSRF cookie').to.be.a('string');
    await supertest(url).get(productPath).set('Cookie', csrfCookie!);
    const fast = { res: await supertest(url).get(productPath).set('Cookie', csrfCookie!) };
    expect(fast.res.headers['x-page-cache']).to.equal('hit');
    // A validly signed session cookie the store does not know sends the request through Express and
    // the routes, to the same cached page (no session is made for it). Signed by hand as
    // cookie-signature signs: HMAC-SHA256 in base64 without padding.
    const signature = createHmac('sha256', (await testServer()).config.sessionSecret)
      .update('not-a-session')
      .digest('base64')
      .replace(/=+$/, '');
    const routed = await supertest(url)
      .get(productPath)
      .set('Cookie', `${csrfCookie}; hd.sid=${encodeURIComponent(`s:not-a-session.${signature}`)}`);
    expect(routed.status).to.equal(200);
    expect(routed.headers['set-cookie']).to.equal(undefined);
    const headers = (h: Record<string, unknown>) =>
      Object.fromEntries(
        Object.entries(h)
          .filter(([k]) => !['date', 'connection', 'keep-alive'].includes(k))
          .sort(),
      );
    expect(headers(fast.res.headers)).to.deep.equal(headers(routed.headers));
    expect(fast.res.headers['content-security-policy']).to.include("script-src 'self'");
    expect(fast.res.headers['x-frame-options']).to.equal('SAMEORIGIN');
  });

  it('a first visit (no cookie) gets a cached page, its CSRF cookie and a token that works with it', async () => {
    const a = await agent();
    await page(a, '/en-us/products');
    const first = await page(await agent(), '/en-us/products');
    expect(first.cache).to.equal('hit');
    expect(String(first.res.headers['set-cookie'])).to.include('hd.csrf=');
    const b = await agent();
    const got = await page(b, '/en-us/products');
    const res = await b
      .post('/en-us/channel/US')
      .set('X-CSRF-Token', tokenOf(got.html))
      .set('Accept', 'application/json')
      .type('form')
      .send({ country: 'US' });
    expect(res.status).to.equal(200);
  });

  it("a signed-in visitor's name and a shopper's cart count are their own; the next anonymous visitor gets neither", async () => {
    const customer = (await signedIn('customer@example.com')).a;
    const mine = await page(customer, productPath);
    expect(mine.cache).to.be.oneOf(['hit', 'miss', 'stale']);
    expect(mine.html).to.include('data-testid="account-menu"');
    expect(mine.html).to.include('Casey');
    expect(mine.html).to.match(/<meta name="api-token" content="[^"]+">/);

    const shopper = await visitor();
    const token = await csrf(shopper, '/en-us/products');
    const pid = await productIdByStockcode('DEMO-SEED-PLATE');
    const add = await shopper
      .post('/en-us/cart/add/inline')
      .set('X-CSRF-Token', token)
      .set('X-Requested-With', 'XMLHttpRequest')
      .type('form')
      .send({ product_id: pid, quantity: 3 });
    expect(add.status).to.equal(200);
    const theirs = await page(shopper, productPath);
    expect(theirs.cache).to.be.oneOf(['hit', 'stale']);
    expect(theirs.html).to.match(/<span class="cart-count" data-cart-count data-testid="cart-count">3<\/span>/);
    expect(theirs.html).not.to.include('Casey');

    const nobody = await page(await visitor(), productPath);
    expect(nobody.cache).to.equal('hit');
    expect(nobody.html).to.include('data-testid="sign-in-link"');
    expect(nobody.html).not.to.include('Casey');
    expect(nobody.html).not.to.include('api-token');
    expect(nobody.html).to.match(/<span class="cart-count" data-cart-count data-testid="cart-count" hidden>0<\/span>/);
    // The bodies are the same page: only the header's parts differ.
    const body = (html: string) =>
      html.slice(html.indexOf('<main'), html.indexOf('</main>')).split(tokenOf(html)).join('TOKEN');
    expect(body(mine.html)).to.equal(body(nobody.html));
    expect(body(theirs.html)).to.equal(body(nobody.html));
  });

  it('staff who see edit links, and a visitor with a message, get their own render; nobody else sees them', async () => {
    const admin = (await signedIn('admin@example.com')).a;
    const own = await page(admin, '/en-us/');
    expect(own.cache).to.equal(undefined);
    expect(own.html).to.include('data-testid="page-text-panel"');
    // A channel switch by form leaves a message for the next page.
    const v = await visitor();
    const token = await csrf(v, '/en-us/parts');
    const sw = await v.post('/en-us/channel/US').type('form').send({ country: 'US', _csrf: token });
    expect(sw.status).to.equal(303);
    const flashed = await page(v, '/en-us/');
    expect(flashed.html).to.include('data-testid="alert"');
    expect(flashed.cache).to.equal(undefined);
    const other = await page(await visitor(), '/en-us/');
    expect(other.html).not.to.include('data-testid="page-text-panel"');
    expect(other.html).not.to.include('data-testid="alert"');
  });

  it('keys pages by channel and locale: a visitor in another channel or language never gets the cached page of another', async () => {
    const us = await page(await visitor(), productPath);
    await page(await visitor(), productPath);
    const keptAt = Date.now();
    expect(priceOf(us.html)).to.match(/^\$\d/);
    // A visitor who chose Canada: same URL, the Canadian price.
    const ca = await visitor();
    const token = await csrf(ca, '/en-us/parts');
    expect(
      (
        await ca
          .post('/en-us/channel/CA')
          .set('X-CSRF-Token', token)
          .set('Accept', 'application/json')
          .type('form')
          .send({ country: 'CA' })
      ).status,
    ).to.equal(200);
    const caPage = await page(ca, productPath);
    expect(caPage.html).to.include('data-currency="CAD"');
    expect(priceOf(caPage.html)).to.match(/^CA\$\d/);
    expect((await page(ca, productPath)).html).to.include('data-currency="CAD"');
    // …and the next visitor without a choice still gets US dollars.
    const again = await page(await visitor(), productPath);
    // Still the US entry kept before the Canadian visits (unless its stock delay ran out meanwhile,
    // as on a loaded machine: then this visit renders it again, in US dollars all the same).
    if (Date.now() - keptAt < STOCK_TTL_MS - 500) expect(again.cache).to.equal('hit');
    expect(again.html).to.include('data-currency="USD"');
    // Another language: its own page.
    const fr = await page(await visitor(), productPath.replace('/en-us/', '/fr-ca/'));
    expect(fr.html).to.include('<html lang="fr">');
    expect(fr.html).to.include('data-currency="CAD"');
  });

  it("an error page is never cached and carries the visitor's own parts; JSON answers are not cached", async () => {
    const a = await visitor();
    for (let i = 0; i < 2; i++) {
      const missing = await a.get('/en-us/products/999999999');
      expect(missing.status).to.equal(404);
      expect(missing.headers['x-page-cache']).to.be.oneOf([undefined, 'bypass']);
      expect(tokenOf(missing.text)).to.match(/^[\w-]{20,}$/);
      expect(missing.text).not.to.match(/[\uE000\uE001]/);
    }
    const json = await a.get(productPath).set('Accept', 'application/json');
    expect(json.status).to.equal(200);
    expect(json.headers['x-page-cache']).to.equal(undefined);
    expect(json.body.stockcode).to.equal('DEMO-CONFIG');
  });

  it('answers gzip from the cache when the client takes it (the same page)', async () => {
    const a = await visitor();
    const plain = await page(a, productPath);
    const gz = await a.get(productPath).set('Accept-Encoding', 'gzip');
    expect(gz.headers['content-encoding']).to.equal('gzip');
    expect(gz.headers['x-page-cache']).to.equal('hit');
    expect(String(gz.headers.vary)).to.include('Accept-Encoding');
    expect(shared(gz.text)).to.equal(shared(plain.html));
  });

  it('a GET of a cached page writes nothing (and an anonymous one reads nothing)', async () => {
    const app = await testServer();
    const a = await visitor();
    const customer = (await signedIn('customer@example.com')).a;
    await page(a, productPath);
    await page(customer, productPath);
    const sent: string[] = [];
    const stop = app.database.observeQueries((text) => sent.push(text));
    let anonymous: string[];
    try {
      for (const path of ['/en-us/', '/en-us/products', productPath, '/en-us/parts']) await page(a, path);
      await page(a, productPath);
      anonymous = [...sent];
      await page(customer, productPath);
      await page(customer, '/en-us/');
    } finally {
      stop();
    }
    expect(sent.filter((q) => /^\s*(insert|update|delete|merge|truncate)\b/i.test(q))).to.deep.equal([]);
    // After the first views fill the cache, an anonymous visitor's cached page reads nothing either.
    const trips = app.database.roundTrips();
    await page(a, productPath);
    expect(app.database.roundTrips() - trips).to.equal(0);
    expect(anonymous!.length).to.be.at.most(8);
  });

  describe('a change through the back office', () => {
    let staff: Agent;
    let token: string;
    let us: number;
    before(async () => {
      ({ a: staff, token } = await signedIn('staff@example.com'));
      token = await csrf(staff, EDITOR);
      us = (await (await testServer()).database.pool.query<{ id: number }>("select id from channels where code = 'US'"))
        .rows[0].id;
    });

    /** A product of this test's own, priced 150.00 in the US channel, with its editor session. */
    async function newProduct(code: string) {
      const body = {
        title: `Cache Test ${code}`,
        slug: `cache-test-${code.toLowerCase()}`,
        stockcode: code,
        sku: `SKU-${code}`,
        gtin: '',
        status: 0,
        inventory_type: 'stocked',
        availability: 'in_stock',
        price: '120.00',
        description: '<p>Cached.</p>',
        coo: 'us',
        categories: {},
        images: [],
        options: [],
        distributors: [],
        channels: [{ channel_id: us, price: '150.00', price_category: 'retail', selectedWarehouses: [] }],
      };
      const res = await staff
        .post(`${EDITOR}/create`)
        .set('X-CSRF-Token', token)
        .set('Accept', 'application/json')
        .send({ updateData: body });
      expect(res.status, JSON.stringify(res.body)).to.equal(201);
      return res.body.data as {
        product_id: number;
        product_audit_id: number;
        channels: Record<string, unknown>[];
      } & Record<string, unknown>;
    }

    async function setPrice(p: Awaited<ReturnType<typeof newProduct>>, price: string) {
      const app = await testServer();
      const heard = app.services.readModel.nextChange('channel_prices');
      const channels = p.channels.map((c) => ({ ...c, price }));
      const res = await staff
        .post(`${EDITOR}/${p.product_audit_id}/update`)
        .set('X-CSRF-Token', token)
        .set('Accept', 'application/json')
        .send({ updateData: { ...p, channels } });
      expect(res.status, JSON.stringify(res.body)).to.equal(200);
      // PostgreSQL tells every process a moment after the commit; this process too.
      await heard;
    }

    it('a price saved in the product editor is on the very next product page', async () => {
      const p = await newProduct('PC-PRICE-1');
      const path = `/en-us/products/${p.product_id}`;
      const a = await visitor();
      await page(a, path);
      const before = await page(a, path);
      expect(before.cache).to.equal('hit');
      expect(priceOf(before.html)).to.equal('$150.00');
      await setPrice(p, '175.00');
      const after = await page(a, path);
      expect(priceOf(after.html)).to.equal('$175.00');
      expect(after.cache).to.equal('miss');
    });

    it("a product's edit empties its page and the listings, not another product's page; a sign-in empties nothing", async () => {
      const app = await testServer();
      const p = await newProduct('PC-TAG-1');
      const path = `/en-us/products/${p.product_id}`;
      const other = `/en-us/products/${await productIdByStockcode('DEMO-SEED-PLATE')}`;
      const a = await visitor();
      const warm = async () => {
        for (const url of [path, other, '/en-us/products']) await page(a, url);
        for (const url of [path, other, '/en-us/products']) expect((await page(a, url)).cache, url).to.equal('hit');
      };
      await warm();
      const everything = app.services.pageCache.stats.invalidations;
      await setPrice(p, '160.00');
      expect((await page(a, path)).cache).to.equal('miss');
      expect((await page(a, '/en-us/products')).cache).to.equal('miss');
      expect((await page(a, other)).cache, 'a product it does not show').to.equal('hit');
      expect(app.services.pageCache.stats.invalidations, 'no page but these emptied').to.equal(everything);

      // A sign-in writes users.last_login_at (auth/service.ts): that write empties no cached page.
      await warm();
      const heard = app.services.readModel.nextChange('users');
      await sqlRows("update users set last_login_at = now() where email = 'customer@example.com'");
      await heard;
      for (const url of [path, other, '/en-us/products']) expect((await page(a, url)).cache, url).to.equal('hit');
    });

    describe('two app processes (PostgreSQL)', () => {
      let second: SecondProcess | undefined;
      before(async function () {
        if (dbMode() !== 'postgres') return this.skip(); // the embedded database serves one process
        second = await startSecondProcess();
      });
      after(async () => second?.stop());

      it("a price saved through one process is on the other's next product page", async () => {
        const p = await newProduct('PC-PRICE-2');
        const path = `/en-us/products/${p.product_id}`;
        const other = supertest.agent(second!.url);
        expect((await other.get('/en-us/')).status).to.equal(200);
        await page(other, path);
        const cached = await page(other, path);
        expect(cached.cache).to.equal('hit');
        expect(priceOf(cached.html)).to.equal('$150.00');
        await setPrice(p, '180.00');
        // The other process hears the NOTIFY a moment after this one (its own connection): at once or within a few tries.
        let seen = priceOf((await page(other, path)).html);
        for (let i = 0; i < 20 && seen === '$150.00'; i++) {
          await new Promise((r) => setTimeout(r, 50));
          seen = priceOf((await page(other, path)).html);
        }
        expect(seen).to.equal('$180.00');
      });
    });
  });
});
