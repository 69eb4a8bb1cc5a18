/**
 * Quick order over HTTP: POST /{locale}/quick-order/resolve judges each pasted line
 * (ok, unknown, not sold in the channel, bad quantity, duplicate) with the product's price and
 * stock in the visitor's channel, in at most 2 database round trips for 500 lines, writing
 * nothing; POST /{locale}/quick-order/add puts every line into the visitor's cart in one
 * transaction, or none. Expected prices are the demo catalogue's, written by hand.
 */
import { expect } from 'chai';
import { agent, csrf, type Agent } from '../helpers/http.ts';
import { sqlRows, testServer } from '../helpers/server.ts';

type Line = {
  line: number;
  stockcode: string;
  quantity: number | null;
  status: string;
  reason?: string;
  message: string;
  product: null | {
    title: string;
    stockcode: string;
    priceCents: number;
    currency: string;
    price: string;
    total: string | null;
    stock: { state: string; label: string };
  };
};

describe('quick order', function () {
  this.timeout(60_000);
  let a: Agent;
  let token: string;
  const post = (url: string, body: unknown) =>
    a
      .post(url)
      .set('X-CSRF-Token', token)
      .set('X-Requested-With', 'XMLHttpRequest')
      .set('Accept', 'application/json')
      .send(body as object);

  before(async () => {
    await testServer();
    // A discontinued product (status 2): known by its part number, but no longer sold.
    await sqlRows(`insert into products select (jsonb_populate_record(null::products, to_jsonb(p) || jsonb_build_object(
        'id', nextval(pg_get_serial_sequence('products', 'id')), 'stockcode', 'QO-GONE', 'slug', 'qo-gone', 'sku', 'QO-GONE', 'gtin', null, 'status', 2, 'title', 'Discontinued Test Blade'))).*
      from products p where p.stockcode = 'PP-DOB-15'`);
    a = await agent();
    token = await csrf(a, '/en-us/quick-order');
  });

  after(async () => {
    await sqlRows(`delete from products where stockcode = 'QO-GONE'`);
  });

  it('resolves each line with its own status and message, and the product, price and stock in the channel', async () => {
    const text = [
      'PP-DOB-15, 4',
      'NOPE-123, 1',
      'DEMO-OOS, 1',
      'DEMO-SOON 2',
      'DEMO-CALL\t1',
      'MK-DSC-16W 1',
      'QO-GONE 1',
      'HT-PIN-1, 0',
      'HT-CLV, 1000',
      'pp-dob-15, 2',
      'DEMO-FUTURE 1',
      'SV-SETUP 1',
      'HT-PIN-1, ten',
    ].join('\n');
    const res = await post('/en-us/quick-order/resolve', { text });
    expect(res.status, res.text).to.equal(200);
    const lines = res.body.lines as Line[];
    expect(lines.map((l) => [l.line, l.stockcode, l.status, l.message])).to.deep.equal([
      [1, 'PP-DOB-15', 'ok', ''],
      [2, 'NOPE-123', 'unknown', 'No product has the part number NOPE-123.'],
      [3, 'DEMO-OOS', 'not_sold', 'This product is out of stock.'],
      [4, 'DEMO-SOON', 'not_sold', 'This product is coming soon and cannot be ordered yet.'],
      [5, 'DEMO-CALL', 'not_sold', 'Please call us for availability of this product.'],
      // Its only stock is in the closed Winnipeg depot.
      [6, 'MK-DSC-16W', 'not_sold', 'This product is out of stock.'],
      [7, 'QO-GONE', 'not_sold', 'This product is no longer available.'],
      [8, 'HT-PIN-1', 'bad_quantity', 'Enter a whole number from 1 to 999.'],
      [9, 'HT-CLV', 'bad_quantity', 'Enter a whole number from 1 to 999.'],
      [10, 'pp-dob-15', 'duplicate', 'This part number is already on line 1: change the quantity there.'],
      [11, 'DEMO-FUTURE', 'ok', ''],
      [12, 'SV-SETUP', 'ok', ''],
      [13, 'HT-PIN-1', 'duplicate', 'This part number is already on line 8: change the quantity there.'],
    ]);
    const blade = lines[0].product!;
    expect([
      blade.stockcode,
      blade.title,
      blade.priceCents,
      blade.currency,
      blade.price,
      blade.total,
      blade.stock.state,
    ]).to.deep.equal(['PP-DOB-15', 'Disc Opener Blade 15"', 4275, 'USD', '$42.75', '$171.00', 'in_stock']);
    expect(lines[1].product).to.equal(null);
    expect(lines[2].product!.stock.state).to.equal('out_of_stock');
    expect(lines[10].product!.stock.state).to.equal('resupply');
    expect(lines[11].product!.stock.state).to.equal('non_stock');
    expect(res.body).to.include({ count: 13, ok_count: 3, all_ok: false });
  });

  it("answers in the visitor's language and prices in the visitor's channel", async () => {
    const fr = await agent();
    const frToken = await csrf(fr, '/fr-ca/quick-order');
    const res = await fr
      .post('/fr-ca/quick-order/resolve')
      .set('X-CSRF-Token', frToken)
      .set('X-Requested-With', 'XMLHttpRequest')
      .send({ text: 'NOPE-9 1\nDEMO-OOS 1\nHT-PIN-1 0\nPP-DOB-15 1' });
    expect(res.status, res.text).to.equal(200);
    expect((res.body.lines as Line[]).map((l) => l.message).slice(0, 3)).to.deep.equal([
      'Aucun produit n’a le numéro de pièce NOPE-9.',
      'Ce produit est en rupture de stock.',
      'Entrez un nombre entier de 1 à 999.',
    ]);
    expect((res.body.lines as Line[])[3].product!.currency).to.equal('CAD');
  });

  it('resolves 500 lines in at most 2 database round trips, writing nothing', async () => {
    const app = await testServer();
    const codes = (
      await sqlRows<{ stockcode: string }>('select stockcode from products where status = 0 order by id')
    ).map((r) => r.stockcode);
    const lines = Array.from({ length: 500 }, (_, i) => (i < codes.length ? `${codes[i]}, 1` : `UNKNOWN-${i}, 2`));
    const sent: string[] = [];
    const stop = app.database.observeQueries((q) => sent.push(q));
    let res;
    try {
      res = await post('/en-us/quick-order/resolve', { text: lines.join('\n') });
    } finally {
      stop();
    }
    expect(res.status, res.text).to.equal(200);
    expect(res.body.count).to.equal(500);
    expect((res.body.lines as Line[]).filter((l) => l.status === 'unknown')).to.have.length(500 - codes.length);
    expect(sent.length, sent.join('\n')).to.be.at.most(2);
    expect(
      sent.filter((q) => /^\s*(with|update|insert|delete)\b/i.test(q)),
      'writes',
    ).to.deep.equal([]);
  });

  it("refuses bad input with a 400 in the contract's shape, never a 5xx", async () => {
    const cases: [unknown, string][] = [
      [{ text: '' }, 'Paste or type at least one part number.'],
      [{ text: '\n   \n' }, 'Paste or type at least one part number.'],
      [
        { text: Array.from({ length: 501 }, (_, i) => `P-${i} 1`).join('\n') },
        'A quick order takes at most 500 lines.',
      ],
      [
        { lines: Array.from({ length: 501 }, (_, i) => ({ stockcode: `P-${i}`, quantity: 1 })) },
        'A quick order takes at most 500 lines.',
      ],
      [{ lines: [] }, 'Paste or type at least one part number.'],
      [{ text: 'x'.repeat(200_001) }, 'That is too much text for one quick order.'],
      [{ text: 42 }, 'Send the lines as text, or as a list of part numbers and quantities.'],
      [{ lines: 'PP-DOB-15' }, 'Send the lines as text, or as a list of part numbers and quantities.'],
      [
        { lines: [{ stockcode: 7, quantity: 1 }] },
        'Send the lines as text, or as a list of part numbers and quantities.',
      ],
      [
        { lines: [{ stockcode: 'PP-DOB-15', quantity: { $gt: 1 } }] },
        'Send the lines as text, or as a list of part numbers and quantities.',
      ],
      [{}, 'Send the lines as text, or as a list of part numbers and quantities.'],
      [[1, 2, 3], 'Send the lines as text, or as a list of part numbers and quantities.'],
    ];
    for (const url of ['/en-us/quick-order/resolve', '/en-us/quick-order/add']) {
      for (const [body, message] of cases) {
        const res = await post(url, body);
        expect(res.status, `${url} ${JSON.stringify(body).slice(0, 80)}: ${res.text.slice(0, 200)}`).to.equal(400);
        expect(res.body.error.message, JSON.stringify(body).slice(0, 80)).to.equal(message);
        expect(res.body.error).to.have.all.keys('code', 'message', 'fields');
      }
    }
    const noToken = await a
      .post('/en-us/quick-order/resolve')
      .set('X-Requested-With', 'XMLHttpRequest')
      .send({ text: 'PP-DOB-15 1' });
    expect(noToken.status).to.equal(403);
  });

  it('adds nothing while any line is not ready, then every line in one go', async () => {
    const b = await agent();
    const t = await csrf(b, '/en-us/quick-order');
    const send = (url: string, body: unknown) =>
      b
        .post(url)
        .set('X-CSRF-Token', t)
        .set('X-Requested-With', 'XMLHttpRequest')
        .set('Accept', 'application/json')
        .send(body as object);
    const count = async () =>
      (await b.get('/en-us/cart/synchronize').set('X-Requested-With', 'XMLHttpRequest')).body.count as number;

    const refused = await send('/en-us/quick-order/add', {
      lines: [
        { stockcode: 'PP-DOB-15', quantity: 4 },
        { stockcode: 'NOPE-1', quantity: 1 },
        { stockcode: 'HT-PIN-1', quantity: 10 },
      ],
    });
    expect(refused.status, refused.text).to.equal(400);
    expect(refused.body.error.code).to.equal('lines_not_ready');
    expect(refused.body.error.fields).to.deep.equal({ 'lines.2': 'No product has the part number NOPE-1.' });
    expect((refused.body.lines as Line[]).map((l) => l.status)).to.deep.equal(['ok', 'unknown', 'ok']);
    expect(await count()).to.equal(0);

    const added = await send('/en-us/quick-order/add', {
      lines: [
        { stockcode: 'PP-DOB-15', quantity: 4 },
        { stockcode: 'ht-pin-1', quantity: '10' },
        { stockcode: 'SV-SETUP', quantity: 1 },
      ],
    });
    expect(added.status, added.text).to.equal(200);
    expect(added.body).to.deep.include({ added: 3, redirect: '/en-us/cart' });
    const sync = (await b.get('/en-us/cart/synchronize').set('X-Requested-With', 'XMLHttpRequest')).body as {
      count: number;
      line_items: { stockcode: string; quantity: number; unit_price: string; line_type: number }[];
    };
    expect(
      sync.line_items.filter((l) => l.line_type === 0).map((l) => [l.stockcode, l.quantity, l.unit_price]),
    ).to.deep.equal([
      ['PP-DOB-15', 4, '42.75'],
      ['HT-PIN-1', 10, '12.50'],
      ['SV-SETUP', 1, '350.00'],
    ]);
    expect(sync.count).to.equal(15);

    // Again: the cart's own rule merges into the existing lines.
    const again = await send('/en-us/quick-order/add', { text: 'PP-DOB-15 1' });
    expect(again.status, again.text).to.equal(200);
    // The cart page the screen goes to carries the flash of the add.
    const page = await b.get('/en-us/cart');
    expect(page.text).to.contain('1 line from quick order is in your cart.');
    expect(await count()).to.equal(16);
  });

  it('a form post without script goes to the cart', async () => {
    const c = await agent();
    const t = await csrf(c, '/en-us/quick-order');
    const res = await c.post('/en-us/quick-order/add').type('form').send({ _csrf: t, text: 'DC-IDL 2' });
    expect(res.status, res.text).to.equal(303);
    expect(res.headers.location).to.equal('/en-us/cart');
  });

  it('the page is linked from the header and the parts pages', async () => {
    const home = await a.get('/en-us/');
    expect(home.text).to.match(/<a href="\/en-us\/quick-order" data-testid="nav-quick-order">Quick order<\/a>/);
    const parts = await a.get('/en-us/parts');
    expect(parts.text).to.contain('href="/en-us/quick-order"');
    const diagram = /href="(\/en-us\/parts\/\d+)"/.exec(parts.text)![1];
    expect((await a.get(diagram)).text).to.contain(
      '<a href="/en-us/quick-order" data-testid="parts-quick-order">Know your part numbers? Use quick order</a>',
    );
    const page = await a.get('/en-us/quick-order');
    expect(page.status).to.equal(200);
    expect(page.text).to.contain('data-island="quick-order"');
    expect(page.text).to.contain('Part numbers and quantities');
  });
});
