/**
 * The buyer's side of the ledger: the cart shows merchandise at list price, each discount once
 * by name and a total the rows add up to; each line shows list unit × quantity = list total with
 * its discounts beside it. Amounts worked out by hand in the comments.
 */
import { expect } from 'chai';
import { csrf, signIn, agent } from '../helpers/http.ts';
import { productIdByStockcode, testServer } from '../helpers/server.ts';
import { json } from './cart-helpers.ts';
import { randomUUID } from 'node:crypto';
import { chooseShipping, newCustomer, place } from './checkout-helpers.ts';
import { sendConfirmation } from '../../src/features/orders/mail.ts';

type Row = { code: string; name: string; amount: string };

/** A signed-in member with an empty cart. */
export async function emptyCartOf(email: string) {
  const a = await agent();
  await signIn(a, email);
  const token = await csrf(a, '/en-us/cart');
  const sync = await json(a, token).get('/en-us/cart/synchronize');
  for (const l of sync.body.line_items.filter((x: { line_type: number }) => x.line_type !== 5)) {
    await json(a, token).del(`/en-us/cart/${l.order_line_item_id}`);
  }
  return { a, token };
}

describe('money that adds up: the cart', function () {
  this.timeout(300_000); // the first test of a run seeds its database
  before(async () => {
    await testServer();
  });

  it('Prairie Supply (12 %) with 4 × Disc Opener Blade ($42.75) and the $25 Parts Bundle: rows add up, nothing baked in', async () => {
    const { a, token } = await emptyCartOf('distributor@example.com');
    const add = await json(a, token)
      .post('/en-us/cart/add/inline')
      .send({ product_id: await productIdByStockcode('PP-DOB-15'), quantity: 4 });
    expect(add.status).to.equal(200);
    const sync = await json(a, token).get('/en-us/cart/synchronize');
    const f = sync.body.figures;
    // 4 × 42.75 = 171.00; 12 % of 171.00 = 20.52; Parts Bundle 25.00; 171.00 − 20.52 − 25.00 = 125.48.
    expect(f.rows.map((r: Row) => [r.code, r.amount])).to.deep.equal([
      ['merchandise', '171.00'],
      ['orgDiscount', '-20.52'],
      ['promotion', '-25.00'],
    ]);
    expect(f.rows[2].name).to.equal('Parts Bundle');
    expect(f.total).to.equal('125.48');
    expect(f.total_kind).to.equal('beforeShippingAndTax');
    expect(f.lines).to.have.length(1);
    expect([f.lines[0].unit_price, f.lines[0].quantity, f.lines[0].list_total, f.lines[0].net]).to.deep.equal([
      '42.75',
      4,
      '171.00',
      '125.48',
    ]);
    expect(f.lines[0].discounts.map((d: Row) => d.amount)).to.deep.equal(['-20.52', '-25.00']);

    // The page: the struck-through original is the list total (4 × 42.75), the rows and the total as above.
    const page = await a.get('/en-us/cart');
    expect(page.status).to.equal(200);
    const html = page.text;
    expect(html).to.match(/data-testid="cart-line-total-original"[^>]*>.*?\$171\.00<\/s>/s);
    expect(html).to.match(/data-testid="cart-subtotal"[^>]*>\$171\.00</);
    expect(html).to.match(/data-testid="cart-discount"[^>]*>−\$20\.52</);
    expect(html).to.match(/data-testid="cart-promotion-amount"[^>]*>−\$25\.00</);
    expect(html).to.match(/data-testid="cart-total-label"[^>]*>Total before shipping and tax</);
    expect(html).to.match(/data-testid="cart-total"[^>]*>\$125\.48</);
    expect(html).to.include('Organisation discount');
    expect(html).not.to.include('data-testid="cart-shipping"');

    // In fr-ca the same cart in the visitor's language (CAD channel prices differ, so only the labels and the form).
    const fr = await a.get('/fr-ca/cart');
    expect(fr.status).to.equal(200);
    expect(fr.text).to.include('Total avant livraison et taxes');
  });
});

describe('money that adds up: the placed order', function () {
  this.timeout(90_000);

  it('the confirmation shows 4 × $42.75 = $171.00, the promotion as its own row, and rows that add up', async () => {
    const c = await newCustomer(await productIdByStockcode('PP-DOB-15'), 4);
    const { totals } = await chooseShipping(c.a, c.token, c.orderId, c.shipTo);
    // By hand: 171.00 − 25.00 = 146.00 of goods; shipping 26.61; tax 7 % of 146.00 = 10.22; 146.00 + 26.61 + 10.22 = 182.83.
    expect(totals).to.include({ shipping: '26.61', tax: '10.22', total: '182.83' });
    const res = await place(c.a, c.token, randomUUID(), {
      order_id: c.orderId,
      payment_type: 2,
      check_number: '3301',
      expected_total: totals.total,
    });
    expect(res.status, res.text).to.equal(201);
    const page = await c.a.get(`/en-us/orders/${c.orderId}?placed=1`);
    expect(page.status).to.equal(200);
    const html = page.text;
    expect(html).to.match(/data-testid="order-line-quantity">4</);
    expect(html).to.match(/data-testid="order-line-unit">\$42\.75</);
    expect(html).to.match(/data-testid="order-line-total">\$171\.00</);
    expect(html).to.match(
      /data-testid="order-line-discount">\s*<td[^>]*>Parts Bundle<\/td>\s*<td class="hide-sm"><\/td>\s*<td[^>]*>−\$25\.00</,
    );
    expect(html).to.match(
      /data-testid="order-line-net">\s*<td[^>]*>Net<\/td>\s*<td class="hide-sm"><\/td>\s*<td[^>]*><strong>\$146\.00</,
    );
    const rows = [...html.matchAll(/data-testid="order-row-(\w+)"><span>([^<]*)<\/span><span>([^<]*)</g)].map((m) => [
      m[1],
      m[2],
      m[3],
    ]);
    expect(rows).to.deep.equal([
      ['merchandise', 'Merchandise', '$171.00'],
      ['promotion', 'Parts Bundle', '−$25.00'],
      ['shipping', 'Shipping', '$26.61'],
      ['tax', 'Tax', '$10.22'],
    ]);
    expect(html).to.match(/data-testid="order-total">\$182\.83</);

    // The confirmation mail: the same figures.
    let sent = '';
    const s = (await testServer()).services;
    const mailer = {
      kind: 'file' as const,
      send: async (m: { text: string }) => ((sent = m.text), { messageId: 'test' }),
    };
    await sendConfirmation(
      { db: s.db, texts: s.texts, catalogText: s.catalogText, mailer },
      c.orderId,
      'en-us',
      'http://shop.test',
    );
    expect(sent).to.include('4 × $42.75 = $171.00');
    expect(sent).to.include('Parts Bundle: −$25.00');
    expect(sent).to.include(
      'Merchandise: $171.00\nParts Bundle: −$25.00\nShipping: $26.61\nTax: $10.22\nTotal: $182.83',
    );
  });
});

describe('money that adds up: quotes', function () {
  this.timeout(90_000);

  it('3 × $27,900.00 shows $83,700.00 list and the organisation discount as its own row, on both sides', async () => {
    const s = await testServer();
    const planter = await productIdByStockcode('PL-8RV');
    await s.database.pool.query('update inventory set quantity = greatest(quantity, 20) where product_id = $1', [
      planter,
    ]);
    const { a, token } = await emptyCartOf('distributor@example.com');
    const add = await json(a, token).post('/en-us/cart/add/inline').send({ product_id: planter, quantity: 3 });
    expect(add.status, add.text).to.equal(200);
    const asked = await json(a, token)
      .post('/en-us/account/quotes')
      .type('form')
      .send({ message: 'Three for the co-op, please.' });
    expect(asked.status, asked.text).to.equal(201);
    const quoteId = asked.body.quote_id;

    // By hand: 3 × 27,900.00 = 83,700.00; Prairie Supply's 12 % = 10,044.00; 83,700.00 − 10,044.00 = 73,656.00
    // (less $25.00 = 73,631.00 while the Parts Bundle still applies to every line, before it is scoped to parts).
    const check = (html: string) => {
      expect(html).to.match(/data-testid="quote-line-total"[^>]*>\$83,700\.00/);
      expect(html).not.to.include('$79,515');
      const rows = [...html.matchAll(/data-testid="quote-row-(\w+)"><span>([^<]*)<\/span><span>([^<]*)</g)].map((m) => [
        m[1],
        m[2],
        m[3],
      ]);
      expect(rows.slice(0, 2)).to.deep.equal([
        ['merchandise', 'Merchandise', '$83,700.00'],
        ['orgDiscount', 'Organisation discount', '−$10,044.00'],
      ]);
      const total = /data-testid="quote-total">([^<]*)</.exec(html)![1];
      expect(['$73,656.00', '$73,631.00']).to.include(total);
      expect(rows.length === 2 ? '$73,656.00' : '$73,631.00').to.equal(total);
    };
    const mine = await a.get(`/en-us/account/quotes/${quoteId}`);
    expect(mine.status).to.equal(200);
    expect(mine.text).to.match(/data-testid="quote-unit"[^>]*>\$27,900\.00</);
    check(mine.text);
    const staff = await agent();
    await signIn(staff, 'staff@example.com');
    const back = await staff.get(`/en-us/admin/quotes/${quoteId}`);
    expect(back.status).to.equal(200);
    check(back.text);
  });
});
