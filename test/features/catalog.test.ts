/** Catalog listing and typeahead against the real app and the demo data. */
import { expect } from 'chai';
import { agent, csrf, type Agent } from '../helpers/http.ts';
import { testServer } from '../helpers/server.ts';
import { TYPEAHEAD_LIMIT } from '../../src/domain/constants.ts';

const cards = (html: string) => (html.match(/data-testid="product-card"/g) ?? []).length;
const prices = (html: string) => [...html.matchAll(/data-testid="product-price">([^<]+)</g)].map((m) => m[1]);
const titles = (html: string) => [...html.matchAll(/data-testid="product-title">([^<]+)</g)].map((m) => m[1]);
const count = (html: string) => /data-testid="result-count">(\d+)/.exec(html)?.[1];

describe('catalog: listing', () => {
  let a: Agent;
  before(async () => {
    a = await agent();
  });

  it('lists 24 active products on page 1 with USD prices, an h1, a count and pagination', async () => {
    const res = await a.get('/en-us/products');
    expect(res.status).to.equal(200);
    expect(res.text).to.match(/<h1[^>]*>Products<\/h1>/);
    expect(cards(res.text)).to.equal(24);
    expect(Number(count(res.text))).to.be.at.least(40);
    const list = prices(res.text);
    expect(list).to.have.length(24);
    for (const p of list) expect(p).to.match(/^\$[\d,]+\.\d{2}$/);
    expect(res.text).to.include('data-testid="pagination"');
    expect(res.text).to.match(/<nav class="pagination" aria-label="Pages"/);
    expect(res.text).to.match(/aria-current="page"[^>]*>1</);
    expect(res.text).to.include('href="/en-us/products?page=2"');
    // each card: image, title, stock code, price, availability
    expect(res.text).to.match(/data-testid="product-code">[A-Z0-9-]+</);
    expect(res.text).to.include('data-testid="availability"');
  });

  it('pages through every active product exactly once', async () => {
    const first = await a.get('/en-us/products');
    const total = Number(count(first.text));
    const pages = Math.ceil(total / 24);
    const seen: string[] = [];
    for (let p = 1; p <= pages; p++) seen.push(...titles((await a.get(`/en-us/products?page=${p}`)).text));
    expect(seen).to.have.length(total);
    expect(new Set(seen).size).to.equal(total);
  });

  it('shows the availability badges of the demo products', async () => {
    const html = (await a.get('/en-us/products?q=DEMO-')).text;
    const badge = (code: string) =>
      new RegExp(`data-testid="product-code">${code}<[\\s\\S]*?data-testid="availability">([^<]+)<`).exec(html)?.[1];
    expect(badge('DEMO-OOS')).to.equal('Out of stock');
    expect(badge('DEMO-SOON')).to.equal('Coming soon');
    expect(badge('DEMO-CALL')).to.equal('Call for availability');
    expect(badge('DEMO-FUTURE')).to.match(/^Order now: ships /);
    expect(badge('DEMO-KIT')).to.equal('In stock');
  });

  it('narrows by ?q= over title, stock code and SKU, case-insensitively', async () => {
    const byTitle = await a.get('/en-us/products?q=seed%20plate');
    expect(byTitle.status).to.equal(200);
    const t = titles(byTitle.text);
    expect(t.length).to.be.within(2, 24);
    for (const x of t) expect(x.toLowerCase()).to.include('seed plate');
    expect(byTitle.text).to.include('Results for “seed plate”');

    const byCode = titles((await a.get('/en-us/products?q=demo-oos')).text);
    expect(byCode).to.deep.equal(['Hydraulic Row Marker Kit']);

    const bySku = titles((await a.get('/en-us/products?q=hd-10007')).text);
    expect(bySku).to.have.length(1);

    const words = titles((await a.get('/en-us/products?q=WHEEL%20closing')).text);
    expect(words.sort()).to.deep.equal(['Rubber Closing Wheel 1 x 12', 'Spiked Closing Wheel']);
  });

  it('filters by category, parent categories including their children, with counts in the sidebar', async () => {
    const plates = await a.get('/en-us/products?category=seed-plates');
    expect(plates.status).to.equal(200);
    expect(plates.text).to.match(/<h1[^>]*>Seed Plates<\/h1>/);
    for (const x of titles(plates.text)) expect(x).to.match(/^Seed Plate/);
    const parts = Number(count((await a.get('/en-us/products?category=parts')).text));
    const child = Number(count((await a.get('/en-us/products?category=drive-chain')).text));
    expect(child).to.be.greaterThan(0);
    expect(parts).to.be.greaterThan(child);
    // sidebar: each link carries its count, the current one is marked
    expect(plates.text).to.match(
      /data-category="seed-plates"><span>Seed Plates<\/span> <span class="count">(\d+)<\/span>/,
    );
    expect(plates.text).to.match(/aria-current="page" data-testid="category-link" data-category="seed-plates"/);
    const sidebarCount = /data-category="seed-plates"><span>Seed Plates<\/span> <span class="count">(\d+)/.exec(
      plates.text,
    )![1];
    expect(sidebarCount).to.equal(count(plates.text));
    // category and search combine
    const both = titles((await a.get('/en-us/products?category=seed-plates&q=corn')).text);
    expect(both.length).to.be.at.least(1);
    for (const x of both) expect(x).to.match(/Corn/);
  });

  it('sorts by price and by name', async () => {
    const cheap = await a.get('/en-us/products?sort=price-asc&category=tools');
    const values = prices(cheap.text).map((p) => Number(p.replace(/[^\d.]/g, '')));
    expect(values).to.deep.equal([...values].sort((x, y) => x - y));
    const dear = prices((await a.get('/en-us/products?sort=price-desc&category=tools')).text).map((p) =>
      Number(p.replace(/[^\d.]/g, '')),
    );
    expect(dear).to.deep.equal([...values].reverse());
    const names = titles((await a.get('/en-us/products?sort=name&category=hitches')).text);
    expect(names).to.deep.equal([...names].sort((x, y) => x.toLowerCase().localeCompare(y.toLowerCase())));
  });

  it('shows the empty state for no match', async () => {
    const res = await a.get('/en-us/products?q=zzqqxx-nothing');
    expect(res.status).to.equal(200);
    expect(res.text).to.include('data-testid="catalog-empty"');
    expect(res.text).to.include('No products match your search.');
    expect(cards(res.text)).to.equal(0);
    expect(res.text).not.to.include('data-testid="pagination"');
  });

  it('never answers 5xx to odd parameters', async () => {
    const odd = [
      '?page=abc',
      '?page=-3',
      '?page=0',
      '?page=1.5',
      '?page=99999999999',
      '?page[]=2',
      '?page[a]=1',
      '?sort=drop',
      '?sort[]=name',
      '?q[]=a&q[]=b',
      '?q[x]=1',
      `?q=${'x'.repeat(5000)}`,
      '?q=%25',
      '?q=_',
      '?q=%5C',
      "?q='%3B%20drop%20table%20products%3B--",
      '?category=',
      '?category[]=parts',
      '?category=%27%3B--',
      '?category=../../etc',
    ];
    for (const qs of odd) {
      const res = await a.get(`/en-us/products${qs}`);
      expect(res.status, qs).to.be.oneOf([200, 404]);
    }
    // A NUL is no text at all: refused before the catalogue runs (src/http/no-nul.ts).
    expect((await a.get('/en-us/products?q=%00')).status).to.equal(400);
    // a page past the end shows the last page; a non-numeric page is page 1
    const last = await a.get('/en-us/products?page=999');
    expect(last.status).to.equal(200);
    expect(cards(last.text)).to.be.greaterThan(0);
    expect(last.text).not.to.include('data-testid="page-next"');
    const bad = await a.get('/en-us/products?page=abc');
    expect(titles(bad.text)).to.deep.equal(titles((await a.get('/en-us/products')).text));
  });

  it('answers 404 for an unknown category', async () => {
    expect((await a.get('/en-us/products?category=no-such-thing')).status).to.equal(404);
  });

  it("treats '%' and '_' as characters, not wildcards, and SQL text as plain text", async () => {
    const pct = await a.get('/en-us/products?q=%25');
    expect(cards(pct.text)).to.equal(0);
    const under = await a.get('/en-us/products?q=_');
    expect(cards(under.text)).to.equal(0);
    const sqlish = await a.get(`/en-us/products?q=${encodeURIComponent("'; drop table products; --")}`);
    expect(sqlish.status).to.equal(200);
    expect(cards(sqlish.text)).to.equal(0);
    expect(sqlish.text).to.include('Results for “&#39;; drop table products; --”');
    // the table is still there
    expect(cards((await a.get('/en-us/products')).text)).to.equal(24);
  });

  it('escapes the search text in the page', async () => {
    const res = await a.get(`/en-us/products?q=${encodeURIComponent('<script>alert(1)</script>')}`);
    expect(res.status).to.equal(200);
    expect(res.text).not.to.include('<script>alert(1)</script>');
    expect(res.text).to.include('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('shows the listing in French with translated text', async () => {
    const res = await a.get('/fr-ca/products');
    expect(res.status).to.equal(200);
    expect(res.text).to.include('Catégories');
  });
});

describe('catalog: typeahead', () => {
  let a: Agent;
  before(async () => {
    a = await agent();
  });

  it('returns [{id, value, html}] for a fragment of a title', async () => {
    const res = await a.get('/en-us/search/typeahead?q=closing').set('X-Requested-With', 'XMLHttpRequest');
    expect(res.status).to.equal(200);
    expect(res.type).to.equal('application/json');
    expect(res.body).to.be.an('array').with.length.at.least(2);
    for (const s of res.body) {
      expect(s).to.have.all.keys('id', 'value', 'html');
      expect(s.id).to.be.a('number');
      expect(s.value.toLowerCase()).to.include('closing');
      expect(s.html).to.include(`data-product-id="${s.id}"`);
      expect(s.html).to.match(/class="ta-price">\$[\d,.]+</);
      expect(s.html).to.match(/<img class="ta-thumb" src="\/images\/[^"]+" alt=""/);
    }
  });

  it('finds by stock code and puts titles starting with the query first', async () => {
    const byCode = (await a.get('/en-us/search/typeahead?q=DEMO-KIT')).body;
    expect(byCode.map((s: { value: string }) => s.value)).to.deep.equal(['Row Unit Rebuild Kit']);
    const seed = (await a.get('/en-us/search/typeahead?q=seed')).body as { value: string }[];
    const firstOther = seed.findIndex((s) => !s.value.toLowerCase().startsWith('seed'));
    const lastStart = seed.map((s) => s.value.toLowerCase().startsWith('seed')).lastIndexOf(true);
    expect(firstOther, 'some matches do not start with the query (Finger Pickup Seed Meter)').to.not.equal(-1);
    expect(lastStart).to.be.lessThan(firstOther);
  });

  it(`returns at most ${TYPEAHEAD_LIMIT} suggestions, when more than that match`, async () => {
    expect((await a.get('/en-us/search/typeahead?q=e')).body).to.deep.equal([]); // one character: nothing
    // A data set with more matches than the limit: 120 extra listed products sharing one word.
    const { pool } = (await testServer()).database;
    const extra = TYPEAHEAD_LIMIT + 20;
    const { rows } = await pool.query<{ id: number }>(
      `insert into products (title, slug, stockcode, price, currency_id, status)
       select 'Quillwort Gauge ' || n, 'quillwort-gauge-' || n, 'QW-' || n, 10 + n, (select id from currencies where code = 'USD'), 0
       from generate_series(1, $1::int) n returning id`,
      [extra],
    );
    try {
      const count = await pool.query<{ n: number }>(
        `select count(*)::int as n from products where status = 0 and title ilike '%quillwort%'`,
      );
      expect(count.rows[0].n).to.equal(extra);
      const many = await a.get('/en-us/search/typeahead?q=quillwort');
      expect(many.body).to.have.length(TYPEAHEAD_LIMIT);
      expect(new Set(many.body.map((s: { id: number }) => s.id)).size).to.equal(TYPEAHEAD_LIMIT);
    } finally {
      await pool.query('delete from products where id = any($1::int[])', [rows.map((r) => r.id)]);
    }
  });

  it('returns [] for an empty, one-character or unmatched query and for odd input', async () => {
    for (const qs of [
      '',
      '?q=',
      '?q=a',
      '?q=%20%20',
      '?q=zzqqxx',
      '?q=%25%25',
      '?q=__',
      '?q[]=seed',
      `?q=${encodeURIComponent("'; drop table products; --")}`,
    ]) {
      const res = await a.get(`/en-us/search/typeahead${qs}`);
      expect(res.status, qs).to.equal(200);
      expect(res.body, qs).to.deep.equal([]);
    }
  });

  it('escapes product text in the suggestion html', async () => {
    const res = await a.get('/en-us/search/typeahead?q=disc%20opener');
    expect(res.body).to.have.length(1);
    // the title 'Disc Opener Blade 15"' carries a double quote
    expect(res.body[0].value).to.equal('Disc Opener Blade 15"');
    expect(res.body[0].html).to.include('Disc Opener Blade 15&quot;');
  });

  it('prices suggestions in the session channel', async () => {
    const b = await agent();
    const token = await csrf(b, '/en-us/products');
    await b
      .post('/en-us/channel/CA')
      .set('X-CSRF-Token', token)
      .set('X-Requested-With', 'XMLHttpRequest')
      .send({ country: 'CA' })
      .expect(200);
    const ca = (await b.get('/en-us/search/typeahead?q=closing')).body;
    const us = (await a.get('/en-us/search/typeahead?q=closing')).body;
    expect(ca.length).to.equal(us.length);
    for (const s of ca) expect(s.html).to.match(/class="ta-price">CA\$[\d,.]+</);
    for (const s of us) expect(s.html).to.match(/class="ta-price">\$[\d,.]+</);
  });
});
