/**
 * One price and stock authority (src/domain/pricing.ts + src/features/cart/pricing.ts): for every
 * demo product in every channel, the catalog card, the product page, the typeahead and a cart line
 * agree on the price, the stock state and the add-to-cart state. Includes the two pricing cases the
 * seed carries: TL-BRUSH-CA (priced in CAD, no channel price rows) and MK-DSC-16W (stocked only in
 * the closed Winnipeg depot).
 */
import { expect } from 'chai';
import { agent, csrf, type Agent } from '../helpers/http.ts';
import { testServer } from '../helpers/server.ts';

/** Each channel through the locale whose default it is. */
const CHANNELS = [
  { code: 'US', locale: 'en-us' },
  { code: 'CA', locale: 'en-ca' },
  { code: 'MX', locale: 'es-mx' },
] as const;

type Product = { id: number; stockcode: string };
type Seen = { price: string; enabled: boolean; reason: string | null };

const ENABLED_BADGES = new Set(['in_stock', 'non_stock', 'resupply', 'backorder']);
const attr = (html: string, name: string) => new RegExp(`${name}="([^"]*)"`).exec(html)?.[1];

/** The data-* attributes of the element that carries data-product-id="id". */
function tagOf(html: string, id: number): string | undefined {
  return new RegExp(`<[^>]*data-product-id="${id}"[^>]*>`).exec(html)?.[0];
}

function fromBadge(price: string | undefined, kind: string | undefined): Seen {
  expect(price, 'price attribute').to.be.a('string');
  expect(kind, 'availability attribute').to.be.a('string');
  return { price: price!, enabled: ENABLED_BADGES.has(kind!), reason: ENABLED_BADGES.has(kind!) ? null : kind! };
}

describe('pricing authority: card, page, typeahead and cart agree', function () {
  this.timeout(300_000);
  let products: Product[] = [];

  before(async () => {
    const app = await testServer();
    const { rows } = await app.database.pool.query<Product>(
      'select id, stockcode from products where status = 0 order by id',
    );
    products = rows;
  });

  it('the demo data has both pricing cases', () => {
    expect(products.map((p) => p.stockcode)).to.include.members(['TL-BRUSH-CA', 'MK-DSC-16W']);
  });

  for (const ch of CHANNELS) {
    describe(`channel ${ch.code} (${ch.locale})`, () => {
      let a: Agent;
      let token: string;
      const results = new Map<
        string,
        { card: Seen; page: Seen & { unit: string }; typeahead: Seen; cart: Seen & { unit: string | null } }
      >();

      before(async () => {
        a = await agent();
        token = await csrf(a, `/${ch.locale}/`);
        for (const p of products) {
          const listing = await a.get(`/${ch.locale}/products`).query({ q: p.stockcode });
          expect(listing.status, `listing ${p.stockcode}`).to.equal(200);
          const cardTag = tagOf(listing.text, p.id);
          expect(cardTag, `card of ${p.stockcode}`).to.be.a('string');
          const card = fromBadge(attr(cardTag!, 'data-price'), attr(cardTag!, 'data-availability'));

          const pageRes = await a.get(`/${ch.locale}/products/${p.id}`).set('Accept', 'application/json');
          expect(pageRes.status, `page ${p.stockcode}`).to.equal(200);
          const page = {
            price: pageRes.body.price,
            unit: pageRes.body.unit_price,
            enabled: pageRes.body.add_to_cart.enabled,
            reason: pageRes.body.add_to_cart.reason,
          };

          const ta = await a.get(`/${ch.locale}/search/typeahead`).query({ q: p.stockcode });
          const hit = (ta.body as { id: number; html: string }[]).find((x) => x.id === p.id);
          expect(hit, `typeahead ${p.stockcode}`).to.not.equal(undefined);
          const typeahead = fromBadge(attr(hit!.html, 'data-price'), attr(hit!.html, 'data-availability'));

          const add = await a
            .post(`/${ch.locale}/cart/add/inline`)
            .set('X-CSRF-Token', token)
            .set('X-Requested-With', 'XMLHttpRequest')
            .set('Accept', 'application/json')
            .send({ product_id: p.id, quantity: 1 });
          expect([200, 409], `add ${p.stockcode}: ${add.status} ${JSON.stringify(add.body)}`).to.include(add.status);
          const cart =
            add.status === 200
              ? { price: page.price, unit: add.body.line.unit_price as string, enabled: true, reason: null }
              : { price: page.price, unit: null, enabled: false, reason: add.body.error.code as string };
          results.set(p.stockcode, { card, page, typeahead, cart });
        }
      });

      it('every product: the card, the typeahead and the page show one price', () => {
        for (const [code, r] of results) {
          expect(r.card.price, `${code} card vs page`).to.equal(r.page.price);
          expect(r.typeahead.price, `${code} typeahead vs page`).to.equal(r.page.price);
        }
      });

      it('every product: the cart charges what the page shows for its default configuration', () => {
        const sellable = [...results].filter(([, r]) => r.cart.enabled);
        expect(sellable.length).to.be.greaterThan(30);
        for (const [code, r] of sellable) expect(r.cart.unit, `${code} cart unit vs page unit`).to.equal(r.page.unit);
      });

      it('every product: card, typeahead, page and cart agree on the add-to-cart state and its reason', () => {
        for (const [code, r] of results) {
          const want = { enabled: r.page.enabled, reason: r.page.reason };
          expect({ enabled: r.card.enabled, reason: r.card.reason }, `${code} card`).to.deep.equal(want);
          expect({ enabled: r.typeahead.enabled, reason: r.typeahead.reason }, `${code} typeahead`).to.deep.equal(want);
          expect({ enabled: r.cart.enabled, reason: r.cart.reason }, `${code} cart`).to.deep.equal(want);
        }
      });

      it('the cases differ: some products can be bought and some cannot, for each reason', () => {
        const reasons = new Set([...results.values()].map((r) => r.page.reason));
        expect(reasons).to.include.members([null, 'out_of_stock', 'coming_soon', 'call']);
      });

      it('stock held only in an inactive warehouse counts nowhere: MK-DSC-16W is out of stock', () => {
        expect(results.get('MK-DSC-16W')).to.deep.include({
          page: {
            price: results.get('MK-DSC-16W')!.page.price,
            unit: results.get('MK-DSC-16W')!.page.unit,
            enabled: false,
            reason: 'out_of_stock',
          },
        });
        expect(results.get('MK-DSC-16W')!.cart.reason).to.equal('out_of_stock');
      });

      it('a product priced in CAD is converted through its own currency (42.50 CAD)', () => {
        const want = { US: '31.02', CA: '42.50', MX: '533.58' }[ch.code]; // 42.50 / 1.37 (× 17.2)
        const r = results.get('TL-BRUSH-CA')!;
        expect(r.page.price).to.equal(want);
        expect(r.card.price).to.equal(want);
        expect(r.cart).to.include({ enabled: true, unit: want });
      });

      it('sorting by price agrees with the prices shown (SQL sort key and the rule in TypeScript)', async () => {
        const prices: number[] = [];
        for (let page = 1; page <= 3; page++) {
          const res = await a.get(`/${ch.locale}/products`).query({ sort: 'price-asc', page });
          for (const m of res.text.matchAll(/data-testid="product-card"[^>]*data-price="([^"]+)"/g))
            prices.push(Number(m[1]));
        }
        expect(prices.length).to.equal(products.length);
        expect(prices).to.deep.equal([...prices].sort((x, y) => x - y));
      });
    });
  }
});
