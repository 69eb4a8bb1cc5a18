/** The product page over HTTP: price in the channel currency, 404s, and the server-rendered add-to-cart state. */
import { expect } from 'chai';
import { agent } from '../helpers/http.ts';
import { productIdByStockcode, testServer } from '../helpers/server.ts';

const idOf = productIdByStockcode;

/** The attributes of the first element carrying data-testid="<id>", and its text. */
function byTestId(html: string, id: string): { tag: string; text: string } | null {
  const m = new RegExp(`<([a-z][a-z0-9]*)[^>]*data-testid="${id}"[^>]*>([\\s\\S]*?)</\\1>`, 'i').exec(html);
  const decode = (t: string) =>
    t
      .replace(/&#x27;|&#39;/g, "'")
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
  return m ? { tag: m[0].slice(0, m[0].indexOf('>') + 1), text: decode(m[2].replace(/<[^>]+>/g, '')).trim() } : null;
}

describe('product page (HTTP)', function () {
  this.timeout(60_000);

  it('shows an active product with its price in USD on the US channel, gallery, options and meta', async () => {
    const id = await idOf('DEMO-CONFIG');
    const res = await (await agent()).get(`/en-us/products/${id}`);
    expect(res.status).to.equal(200);
    expect(byTestId(res.text, 'product-name')?.text).to.equal('Custom Vacuum Planter — Build Your Own');
    expect(byTestId(res.text, 'price')?.text).to.include('$18,500.00');
    expect(byTestId(res.text, 'price')?.tag).to.include('data-currency="USD"');
    // Both islands are server-rendered: default configuration and its stock code are in the HTML.
    expect(res.text).to.include('data-island="product-gallery"');
    expect(res.text).to.include('data-island="product-configurator"');
    expect(byTestId(res.text, 'stock-code')?.text).to.equal('DEMO-CONFIG-004-0C2');
    expect(byTestId(res.text, 'subtotal')?.text).to.equal('$18,500.00');
    expect(byTestId(res.text, 'availability')?.tag).to.include('data-reason="in_stock"');
    expect(byTestId(res.text, 'add-to-cart')?.tag).not.to.include('disabled');
    expect(res.text).to.match(/<title>Custom Vacuum Planter — Build Your Own · Harrow &amp; Drill<\/title>/);
    expect(res.text).to.match(/<meta name="description" content="Choose the row count[^"]*">/);
    expect(res.text).to.include('aria-current="page"');
    expect(res.text).to.include(`href="/en-us/products?category=planters"`);
    // Child options stay hidden until '8 rows' is chosen.
    expect(res.text).to.include('<legend>Row count</legend>');
    expect(res.text).not.to.include('<legend>Row unit spacing</legend>');
    expect((res.text.match(/data-testid="gallery-thumb"/g) ?? []).length).to.equal(3);
    // The shipping estimate form (another area's partial) sits in the details column.
    expect(res.text).to.include('data-testid="product-shipping"');
    expect(res.text).to.include('data-testid="shipping-estimate"');
  });

  it('prices in the channel currency of the visitor (CAD on en-ca)', async () => {
    const id = await idOf('DEMO-CONFIG');
    const { rows } = await (await testServer()).database.pool.query(
      `select cp.price from channel_prices cp join channels c on c.id = cp.channel_id where c.code = 'CA' and cp.product_id = $1`,
      [id],
    );
    const res = await (await agent()).get(`/en-ca/products/${id}`);
    expect(res.status).to.equal(200);
    expect(byTestId(res.text, 'price')?.tag).to.include('data-currency="CAD"');
    const expected = new Intl.NumberFormat('en-CA', { style: 'currency', currency: 'CAD' }).format(
      Number(rows[0].price),
    );
    expect(byTestId(res.text, 'price')?.text).to.include(expected);
  });

  it('lists similar and popular products as cards, never the product itself', async () => {
    const id = await idOf('DEMO-OOS');
    const res = await (await agent()).get(`/en-us/products/${id}`);
    const section = (name: string) => res.text.split(`data-testid="${name}"`)[1]?.split('</section>')[0] ?? '';
    const similar = section('similar-products');
    const popular = section('popular-products');
    const cards = (html: string) =>
      [...html.matchAll(/href="\/en-us\/products\/(\d+)" data-testid="product-card"/g)].map((m) => Number(m[1]));
    expect(cards(similar).length).to.be.within(1, 4);
    expect(cards(popular).length).to.equal(4);
    expect([...cards(similar), ...cards(popular)]).not.to.include(id);
    expect(new Set([...cards(similar), ...cards(popular)]).size).to.equal(
      cards(similar).length + cards(popular).length,
    );
  });

  it('links published instructionals and the parts diagrams that include the product', async () => {
    const plate = await idOf('DEMO-SEED-PLATE');
    const res = await (await agent()).get(`/en-us/products/${plate}`);
    expect(res.text).to.match(
      /href="\/en-us\/instructional\/editor\/view\/\d+" data-testid="instructional-link">Changing and cleaning seed plates</,
    );
    expect(res.text).to.match(/href="\/en-us\/parts\/\d+" data-testid="diagram-link">/);
    // The kit's instructional is not published: no section at all.
    const kit = await (await agent()).get(`/en-us/products/${await idOf('DEMO-KIT')}`);
    expect(kit.text).not.to.include('data-testid="instructionals"');
  });

  for (const bad of ['999999', 'abc', '12abc', '0', '-1', '99999999999']) {
    it(`answers 404 for /products/${bad}, as a page and as JSON`, async () => {
      const a = await agent();
      const page = await a.get(`/en-us/products/${bad}`);
      expect(page.status).to.equal(404);
      expect(page.text).to.include('data-testid="error-page"');
      const json = await a.get(`/en-us/products/${bad}`).set('Accept', 'application/json');
      expect(json.status).to.equal(404);
      expect(json.body.error.code).to.equal('not_found');
    });
  }

  it('answers 404 for an inactive product', async () => {
    const pool = (await testServer()).database.pool;
    const { rows } = await pool.query(
      `insert into products (title, slug, stockcode, price, currency_id, status)
       values ('Hidden draft', 'hidden-draft-product-test', 'TEST-DRAFT-PP', '10.00', (select id from currencies where code = 'USD'), 1) returning id`,
    );
    const res = await (await agent()).get(`/en-us/products/${rows[0].id}`);
    expect(res.status).to.equal(404);
    await pool.query('delete from products where id = $1', [rows[0].id]);
  });

  it('answers scripts with the product as JSON', async () => {
    const id = await idOf('DEMO-FUTURE');
    const res = await (await agent()).get(`/en-us/products/${id}`).set('X-Requested-With', 'XMLHttpRequest');
    expect(res.status).to.equal(200);
    expect(res.body).to.include({
      product_id: id,
      stockcode: 'DEMO-FUTURE',
      currency: 'USD',
      price: '612.00',
      resupply_date: '2027-03-15',
    });
    expect(res.body.add_to_cart).to.deep.equal({ enabled: true, reason: null, resupplyDate: '2027-03-15' });
  });

  const states: [string, string, boolean, string][] = [
    ['DEMO-OOS', 'out_of_stock', false, 'Out of stock'],
    ['DEMO-SOON', 'coming_soon', false, 'Coming soon'],
    ['DEMO-CALL', 'call', false, 'Call us for availability'],
    ['DEMO-FUTURE', 'resupply', true, 'Ships by March 15, 2027'],
  ];
  for (const [code, reason, enabled, text] of states) {
    it(`renders ${code} server-side as ${reason} (add to cart ${enabled ? 'enabled' : 'disabled'})`, async () => {
      const res = await (await agent()).get(`/en-us/products/${await idOf(code)}`);
      expect(res.status).to.equal(200);
      const availability = byTestId(res.text, 'availability')!;
      expect(availability.tag).to.include(`data-reason="${reason}"`);
      expect(availability.text).to.include(text);
      const button = byTestId(res.text, 'add-to-cart')!;
      expect(/\sdisabled(=|\s|>)/.test(button.tag), button.tag).to.equal(!enabled);
    });
  }

  it('shows the resupply date in the page locale', async () => {
    const res = await (await agent()).get(`/fr-ca/products/${await idOf('DEMO-FUTURE')}`);
    expect(byTestId(res.text, 'availability')?.text).to.equal("Expédié d'ici le 15 mars 2027");
  });
});
