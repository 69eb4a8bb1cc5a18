/**
 * Quotes over HTTP, as an outsider: who may see and act on which quote (by hand: a buyer
 * only their own, staff by quotes.manage), bad input with a message per field in the visitor's
 * language; a buyer asks for a quote on their cart (the cart becomes the quote), staff change a
 * price and a quantity and send a counter-offer, the product's price changes afterwards and the
 * accepted order keeps the quoted price; an expired offer cannot be accepted; a rejection keeps the
 * buyer's message. Each step audited, a webhook event, a mail.
 */
import { expect } from 'chai';
import { productIdByStockcode, testServer } from '../helpers/server.ts';
import { signedIn } from '../helpers/signed-in.ts';
import { agent, csrf } from '../helpers/http.ts';
import { addToCart, newCustomer, xhr } from './checkout-helpers.ts';
import type { FileMailer } from '../../src/providers/mail/index.ts';

async function sql<T = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
  return (await (await testServer()).database.pool.query(text, params)).rows as T[];
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

describe('quotes', function () {
  this.timeout(120_000);
  let product: number;
  let buyer: Awaited<ReturnType<typeof newCustomer>>;
  let other: Awaited<ReturnType<typeof newCustomer>>;
  let quoteId: number;
  let orderId: number;
  let lineId: number;
  let oldPrice: { product: string; channel: string | null };

  before(async () => {
    product = await productIdByStockcode('HT-CLV');
    await sql('update inventory set quantity = greatest(quantity, 100) where product_id = $1', [product]);
    const [p] = await sql<{ product: string; channel: string | null }>(
      `select price as product, (select price from channel_prices c where c.product_id = p.id and c.channel_id = (select id from channels where code = 'US')) as channel from products p where id = $1`,
      [product],
    );
    oldPrice = p;
    buyer = await newCustomer(product, 2);
    other = await newCustomer(product, 1);
  });
  after(async () => {
    if (!oldPrice) return;
    await sql('update products set price = $2 where id = $1', [product, oldPrice.product]);
    if (oldPrice.channel !== null)
      await sql(
        `update channel_prices set price = $2 where product_id = $1 and channel_id = (select id from channels where code = 'US')`,
        [product, oldPrice.channel],
      );
  });

  const ask = (who: { a: typeof buyer.a; token: string }, body: Record<string, string>, locale = 'en-us') =>
    who.a.post(`/${locale}/account/quotes`).set(xhr(who.token)).type('form').send(body);
  const events = async (type: string) =>
    (
      await sql<{ n: number }>(
        `select count(*)::int as n from webhook_events where type = $1 and (payload->>'quoteId')::int = $2`,
        [type, quoteId],
      )
    )[0].n;
  const logs = async (action: string) =>
    (
      await sql<{ n: number }>(`select count(*)::int as n from logs where action = $1 and entity_id = $2`, [
        action,
        orderId,
      ])
    )[0].n;
  /** Staff send a counter-offer on a one-line quote (read at its current version); 200 expected. */
  const staffOffer = async (
    id: number,
    o: { price: string; quantity: string; expires_on: string; message: string },
  ) => {
    const staff = await signedIn('staff@example.com');
    const { body: q } = await staff.a.get(`/en-us/admin/quotes/${id}`).set(xhr(staff.token));
    const line = q.lines[0].id;
    const res = await staff.a
      .post(`/en-us/admin/quotes/${id}/offer`)
      .set(xhr(staff.token))
      .type('form')
      .send({
        version: String(q.version),
        [`price_${line}`]: o.price,
        [`quantity_${line}`]: o.quantity,
        expires_on: o.expires_on,
        message: o.message,
      });
    expect(res.status, res.text).to.equal(200);
  };
  const mails = async () => ((await testServer()).services.mailer as FileMailer).list();

  it("asking for a quote: signed in only; the message is required, 1 to 2000 characters, in the visitor's language", async () => {
    const anon = await agent();
    const token = await csrf(anon, '/en-us/products');
    expect(
      (await anon.post('/en-us/account/quotes').set(xhr(token)).type('form').send({ message: 'Hello' })).status,
    ).to.equal(401);
    const empty = await ask(buyer, { message: '   ' });
    expect(empty.status, empty.text).to.equal(400);
    expect(empty.body.error.fields).to.deep.equal({ message: 'Write a message of 1 to 2000 characters.' });
    const long = await ask(buyer, { message: 'x'.repeat(2001) });
    expect(long.status).to.equal(400);
    expect(long.body.error.fields).to.deep.equal({ message: 'Write a message of 1 to 2000 characters.' });
    const fr = await ask(buyer, {}, 'fr-ca');
    expect(fr.status).to.equal(400);
    expect(fr.body.error.fields).to.deep.equal({ message: 'Écrivez un message de 1 à 2000 caractères.' });
    const es = await ask(buyer, {}, 'es-mx');
    expect(es.body.error.fields).to.deep.equal({ message: 'Escriba un mensaje de 1 a 2000 caracteres.' });
    // The form again, with the message beside the field.
    const page = await buyer.a.post('/en-us/account/quotes').type('form').send({ _csrf: buyer.token, message: '' });
    expect(page.status).to.equal(400);
    expect(page.text).to.include('Write a message of 1 to 2000 characters.').and.include('Request a quote');
    // Nothing was written.
    expect(
      await sql(
        'select 1 from quotes q join orders o on o.id = q.order_id where o.user_id = (select id from users where email = $1)',
        [buyer.email],
      ),
    ).to.have.length(0);
  });

  it("the cart becomes a quote request: out of the cart, audited, an event, staff mailed; the buyer's cart is empty", async () => {
    const res = await ask(buyer, { message: 'We need two for the spring season. Best price?' });
    expect(res.status, res.text).to.equal(201);
    quoteId = res.body.quote_id;
    orderId = res.body.order_id;
    expect(orderId).to.equal(buyer.orderId);
    const [o] = await sql('select status, quote from orders where id = $1', [orderId]);
    expect(o).to.deep.equal({ status: 'quote', quote: true });
    const [q] = await sql('select status, expires_on from quotes where id = $1', [quoteId]);
    expect(q).to.deep.equal({ status: 'requested', expires_on: null });
    const sync = await buyer.a.get('/en-us/cart/synchronize').set(xhr(buyer.token));
    expect(sync.body.count).to.equal(0);
    expect(await events('quote.requested')).to.equal(1);
    expect(await logs('quote.request')).to.equal(1);
    const all = await mails();
    expect(
      all.some(
        (m) => m.content.includes('staff@example.com') && m.content.includes(`${buyer.email} asked for a quote`),
      ),
    ).to.equal(true);
    [{ id: lineId }] = await sql<{ id: number }>(
      'select id from order_line_items where order_id = $1 and product_id = $2',
      [orderId, product],
    );
    // Nothing left in the cart: a second request is refused with a clear message.
    const again = await ask(buyer, { message: 'Again' });
    expect(again.status).to.equal(400);
    expect(again.body.error.message).to.equal('Your cart is empty: add products before asking for a quote.');
  });

  it('who may see and act on the quote: the buyer only their own (404 for another customer), staff by quotes.manage', async () => {
    const path = `/en-us/account/quotes/${quoteId}`;
    expect((await buyer.a.get(path).set(xhr(buyer.token))).status).to.equal(200);
    expect((await other.a.get(path).set(xhr(other.token))).status).to.equal(404);
    expect((await other.a.post(`${path}/accept`).set(xhr(other.token)).send({})).status).to.equal(404);
    expect((await other.a.post(`${path}/reject`).set(xhr(other.token)).send({ message: 'no' })).status).to.equal(404);
    const mine = await other.a.get('/en-us/account/quotes').set(xhr(other.token));
    expect(mine.body.quotes).to.deep.equal([]);
    const admin = `/en-us/admin/quotes/${quoteId}`;
    const who: [string, number, number][] = [
      // [account, GET the index, GET the quote]
      ['customer@example.com', 403, 403],
      ['buyer@acme.example', 403, 403],
      ['distributor@example.com', 403, 403],
      ['warehouse@example.com', 403, 403],
      ['staff@example.com', 200, 200],
      ['admin@example.com', 200, 200],
    ];
    for (const [email, index, one] of who) {
      const s = await signedIn(email);
      expect((await s.a.get('/en-us/admin/quotes').set(xhr(s.token))).status, email).to.equal(index);
      expect((await s.a.get(admin).set(xhr(s.token))).status, email).to.equal(one);
    }
    expect((await buyer.a.post(`${admin}/offer`).set(xhr(buyer.token)).send({})).status).to.equal(403);
    const anon = await agent();
    expect((await anon.get('/en-us/admin/quotes').set('Accept', 'application/json')).status).to.equal(401);
    expect((await anon.get(path).set('Accept', 'application/json')).status).to.equal(401);
    // Nothing to answer before staff send an offer.
    const early = await buyer.a.post(`${path}/accept`).set(xhr(buyer.token)).send({});
    expect(early.status).to.equal(409);
    expect(early.body.error.message).to.equal('There is no offer to answer yet.');
  });

  it('the back office index filters by status in the URL and shows the request', async () => {
    const staff = await signedIn('staff@example.com');
    const requested = await staff.a.get('/en-us/admin/quotes?state=requested').set(xhr(staff.token));
    expect(requested.status).to.equal(200);
    expect(requested.body.quotes.find((q: { id: number }) => q.id === quoteId)).to.include({
      state: 'requested',
      buyer: buyer.email,
      order_id: orderId,
    });
    const accepted = await staff.a.get('/en-us/admin/quotes?state=accepted').set(xhr(staff.token));
    expect(accepted.body.quotes.find((q: { id: number }) => q.id === quoteId)).to.equal(undefined);
    // No quote has expired yet: the empty state says so, in the page's language.
    const none = await staff.a.get('/en-us/admin/quotes?state=expired');
    expect(none.status).to.equal(200);
    expect(none.text).to.include('No quote has this status.');
    expect((await staff.a.get('/fr-ca/admin/quotes?state=expired')).text).to.include(
      'Aucune soumission n’a ce statut.',
    );
    // An unknown status is no filter; a page past the end is empty.
    const all = await staff.a.get('/en-us/admin/quotes?state=nonsense').set(xhr(staff.token));
    expect(all.body.quotes.some((q: { id: number }) => q.id === quoteId)).to.equal(true);
    const far = await staff.a.get('/en-us/admin/quotes?page=500').set(xhr(staff.token));
    expect(far.body).to.deep.include({ quotes: [], page: 500 });
    // The buyer without quotes sees the empty list with a way back to the cart.
    expect((await other.a.get('/en-us/account/quotes')).text).to.include('You have not asked for a quote yet.');
    const one = await staff.a.get(`/en-us/admin/quotes/${quoteId}`).set(xhr(staff.token));
    expect(one.body.messages).to.deep.equal([
      {
        author: 'buyer',
        kind: 'request',
        body: 'We need two for the spring season. Best price?',
        created_at: one.body.messages[0].created_at,
      },
    ]);
  });

  it("a counter-offer: every bad field named (the order editor's price and quantity rules), a stale version is 409", async () => {
    const staff = await signedIn('staff@example.com');
    const { body: q } = await staff.a.get(`/en-us/admin/quotes/${quoteId}`).set(xhr(staff.token));
    const offer = (body: Record<string, string>, locale = 'en-us') =>
      staff.a.post(`/${locale}/admin/quotes/${quoteId}/offer`).set(xhr(staff.token)).type('form').send(body);
    const bad = await offer({
      version: String(q.version),
      [`price_${lineId}`]: '-3',
      [`quantity_${lineId}`]: '0',
      expires_on: day(0),
      message: '',
    });
    expect(bad.status, bad.text).to.equal(400);
    expect(bad.body.error.fields).to.deep.equal({
      [`price_${lineId}`]: 'Enter a unit price of 0 or more with at most 2 decimals, such as 129.50.',
      [`quantity_${lineId}`]: 'Quantity must be at least 1.',
      expires_on: 'Choose an expiry date after today.',
      message: 'Write a message of 1 to 2000 characters.',
    });
    const far = await offer({
      version: String(q.version),
      [`price_${lineId}`]: '12.345',
      [`quantity_${lineId}`]: '1000',
      expires_on: day(91),
      message: 'ok',
    });
    expect(far.body.error.fields).to.deep.equal({
      [`price_${lineId}`]: 'Enter a unit price of 0 or more with at most 2 decimals, such as 129.50.',
      [`quantity_${lineId}`]: 'Quantity must be at most 999.',
      expires_on: 'Choose an expiry date within 90 days.',
    });
    const fr = await offer(
      {
        version: String(q.version),
        [`price_${lineId}`]: '10',
        [`quantity_${lineId}`]: '3',
        expires_on: '31/12/2026',
        message: 'ok',
      },
      'fr-ca',
    );
    expect(fr.status).to.equal(400);
    expect(fr.body.error.fields).to.deep.equal({ expires_on: 'Entrez la date d’expiration au format AAAA-MM-JJ.' });
    const stale = await offer({
      version: String(q.version - 1),
      [`price_${lineId}`]: '10',
      [`quantity_${lineId}`]: '3',
      expires_on: day(30),
      message: 'ok',
    });
    expect(stale.status).to.equal(409);
    const [line] = await sql('select unit_price, quantity from order_line_items where id = $1', [lineId]);
    expect(line.quantity).to.equal(2);
    expect(await events('quote.offered')).to.equal(0);
  });

  it('"Update totals" shows the offer\'s figures for the prices typed, and saves, sends and records nothing', async () => {
    const staff = await signedIn('staff@example.com');
    const { body: q } = await staff.a.get(`/en-us/admin/quotes/${quoteId}`).set(xhr(staff.token));
    const [before] = await sql(
      'select o.subtotal, o.total, o.version, l.unit_price, l.quantity from orders o join order_line_items l on l.id = $2 where o.id = $1',
      [orderId, lineId],
    );
    const preview = await staff.a
      .post(`/en-us/admin/quotes/${quoteId}/offer`)
      .set(xhr(staff.token))
      .type('form')
      .send({
        intent: 'preview',
        version: String(q.version),
        [`price_${lineId}`]: '10.00',
        [`quantity_${lineId}`]: '3',
        expires_on: '',
        message: '',
      });
    expect(preview.status, preview.text).to.equal(200);
    expect(preview.body.totals.subtotal).to.equal('30.00');
    const [after] = await sql(
      'select o.subtotal, o.total, o.version, l.unit_price, l.quantity from orders o join order_line_items l on l.id = $2 where o.id = $1',
      [orderId, lineId],
    );
    expect(after).to.deep.equal(before);
    expect(await events('quote.offered')).to.equal(0);
    expect(await logs('quote.offer')).to.equal(0);
    // The page: the figures beside the inputs, and a bad price named as when sending.
    const page = await staff.a
      .post(`/en-us/admin/quotes/${quoteId}/offer`)
      .type('form')
      .send({
        _csrf: staff.token,
        intent: 'preview',
        version: String(q.version),
        [`price_${lineId}`]: '10.00',
        [`quantity_${lineId}`]: '3',
      });
    expect(page.status).to.equal(200);
    expect(page.text).to.include('Totals updated for the prices and quantities above.').and.include('$30.00');
    const bad = await staff.a
      .post(`/en-us/admin/quotes/${quoteId}/offer`)
      .set(xhr(staff.token))
      .type('form')
      .send({ intent: 'preview', version: String(q.version), [`price_${lineId}`]: 'ten', [`quantity_${lineId}`]: '3' });
    expect(bad.status).to.equal(400);
    expect(bad.body.error.fields).to.deep.equal({
      [`price_${lineId}`]: 'Enter a unit price of 0 or more with at most 2 decimals, such as 129.50.',
    });
  });

  it("staff change the price and quantity and send the offer; the product's price changes; the buyer accepts: the order keeps the quoted price", async () => {
    const staff = await signedIn('staff@example.com');
    const { body: q } = await staff.a.get(`/en-us/admin/quotes/${quoteId}`).set(xhr(staff.token));
    const res = await staff.a
      .post(`/en-us/admin/quotes/${quoteId}/offer`)
      .set(xhr(staff.token))
      .type('form')
      .send({
        version: String(q.version),
        [`price_${lineId}`]: '10.00',
        [`quantity_${lineId}`]: '3',
        expires_on: day(30),
        message: 'Three at 10.00 each.',
      });
    expect(res.status, res.text).to.equal(200);
    expect(res.body).to.include({ state: 'offered', expires_on: day(30) });
    const [line] = await sql('select unit_price, quantity, total from order_line_items where id = $1', [lineId]);
    expect(line).to.deep.equal({ unit_price: '10.00', quantity: 3, total: '30.00' });
    const [o] = await sql('select status, subtotal from orders where id = $1', [orderId]);
    expect(o).to.deep.equal({ status: 'quote', subtotal: '30.00' });
    expect(await events('quote.offered')).to.equal(1);
    expect(await logs('quote.offer')).to.equal(1);
    expect(
      (await mails()).some((m) => m.content.includes(buyer.email) && m.content.includes('Three at 10.00 each.')),
    ).to.equal(true);
    // The buyer reads the offer and the conversation.
    const seen = await buyer.a.get(`/en-us/account/quotes/${quoteId}`).set(xhr(buyer.token));
    expect(seen.body).to.include({ state: 'offered', expires_on: day(30) });
    expect(seen.body.totals.subtotal).to.equal('30.00');
    expect(seen.body.lines).to.deep.equal([
      {
        id: lineId,
        title: seen.body.lines[0].title,
        stockcode: 'HT-CLV',
        quantity: 3,
        unit_price: '10.00',
        total: '30.00',
      },
    ]);
    expect(seen.body.messages.map((m: { author: string; kind: string }) => `${m.author}:${m.kind}`)).to.deep.equal([
      'buyer:request',
      'staff:offer',
    ]);
    // The catalogue's price goes up after the offer.
    await sql('update products set price = price + 100 where id = $1', [product]);
    await sql('update channel_prices set price = price + 100 where product_id = $1', [product]);
    // Staff read the quote by the buyer's number, on the order page and in the order search, never as "Order #id"; it owes nothing yet.
    expect(quoteId).to.not.equal(orderId);
    const asQuote = await staff.a.get(`/admin/orders/detail/${orderId}`);
    expect(asQuote.text).to.include(`Quote #${quoteId}`).and.not.include(`Order #${orderId}`);
    expect(asQuote.text).to.match(/data-testid="order-unpaid">\$0\.00</);
    const listed = await staff.a.get(`/en-us/account/dashboard/orders?order=${orderId}&status=quote`);
    expect(listed.text).to.match(new RegExp(`data-testid="order-link">Quote #${quoteId}</a>`));
    const ok = await buyer.a
      .post(`/en-us/account/quotes/${quoteId}/accept`)
      .set(xhr(buyer.token))
      .type('form')
      .send({ message: 'Deal.' });
    expect(ok.status, ok.text).to.equal(200);
    expect(ok.body).to.include({ state: 'accepted', order_id: orderId });
    const [placed] = await sql<Record<string, unknown>>(
      'select status, quote, subtotal, submitted_at is not null as submitted from orders where id = $1',
      [orderId],
    );
    // Accepted, it is an order that is owed: the quote flag is cleared.
    expect(placed).to.deep.equal({ status: 'pending', quote: false, subtotal: '30.00', submitted: true });
    const asOrder = await staff.a.get(`/admin/orders/detail/${orderId}`);
    expect(asOrder.text).to.include(`Order #${orderId}`);
    // Nothing paid and no fee: the whole bill (goods, shipping and tax as stored) is owed.
    const [{ total }] = await sql<{ total: string }>('select total from orders where id = $1', [orderId]);
    expect(Number(total)).to.be.greaterThan(0).and.lessThan(1000);
    expect(asOrder.text).to.include(`data-testid="order-unpaid">$${total}<`);
    const [kept] = await sql('select unit_price, quantity, total from order_line_items where id = $1', [lineId]);
    expect(kept).to.deep.equal({ unit_price: '10.00', quantity: 3, total: '30.00' });
    expect(await events('quote.accepted')).to.equal(1);
    expect(await logs('quote.accept')).to.equal(1);
    const order = await buyer.a.get(`/en-us/orders/${orderId}`);
    expect(order.status).to.equal(200);
    // Accepting twice: closed.
    const twice = await buyer.a.post(`/en-us/account/quotes/${quoteId}/accept`).set(xhr(buyer.token)).send({});
    expect(twice.status).to.equal(409);
    expect(twice.body.error.message).to.equal('This quote is closed.');
    // Staff cannot send another offer on it.
    const late = await staff.a
      .post(`/en-us/admin/quotes/${quoteId}/offer`)
      .set(xhr(staff.token))
      .type('form')
      .send({
        version: '999',
        [`price_${lineId}`]: '1.00',
        [`quantity_${lineId}`]: '1',
        expires_on: day(5),
        message: 'x',
      });
    expect(late.status).to.equal(409);
  });

  it('an expired offer cannot be accepted (a clear message in each language); the buyer rejects it with a message', async () => {
    await addToCart(other.a, other.token, product, 1);
    const asked = await ask(other, { message: 'One please.' });
    expect(asked.status, asked.text).to.equal(201);
    const id = asked.body.quote_id;
    await staffOffer(id, { price: '5.00', quantity: '1', expires_on: day(2), message: 'Five.' });
    // Two days later the offer has expired.
    await sql(`update quotes set expires_on = current_date - 1 where id = $1`, [id]);
    const seen = await other.a.get(`/en-us/account/quotes/${id}`).set(xhr(other.token));
    expect(seen.body.state).to.equal('expired');
    const no = await other.a.post(`/en-us/account/quotes/${id}/accept`).set(xhr(other.token)).send({});
    expect(no.status).to.equal(409);
    expect(no.body.error.message).to.equal('This offer has expired: ask us for a new quote.');
    const fr = await other.a.post(`/fr-ca/account/quotes/${id}/accept`).set(xhr(other.token)).send({});
    expect(fr.body.error.message).to.equal('Cette offre a expiré : demandez-nous une nouvelle soumission.');
    const es = await other.a.post(`/es-mx/account/quotes/${id}/accept`).set(xhr(other.token)).send({});
    expect(es.body.error.message).to.equal('Esta oferta venció: pídanos una nueva cotización.');
    const [o] = await sql('select status from orders where id = $1', [asked.body.order_id]);
    expect(o.status).to.equal('quote');
    // The page says so too.
    const page = await other.a.get(`/en-us/account/quotes/${id}`);
    expect(page.text).to.include('This offer expired on');
    // Rejecting needs a message.
    const blank = await other.a.post(`/en-us/account/quotes/${id}/reject`).set(xhr(other.token)).send({ message: '' });
    expect(blank.status).to.equal(400);
    expect(blank.body.error.fields).to.deep.equal({ message: 'Write a message of 1 to 2000 characters.' });
    const rej = await other.a
      .post(`/en-us/account/quotes/${id}/reject`)
      .set(xhr(other.token))
      .send({ message: 'Too late for us, thanks.' });
    expect(rej.status, rej.text).to.equal(200);
    const [r] = await sql('select status from quotes where id = $1', [id]);
    expect(r.status).to.equal('rejected');
    const msgs = await sql('select author, kind, body from quote_messages where quote_id = $1 order by id', [id]);
    expect(msgs).to.deep.equal([
      { author: 'buyer', kind: 'request', body: 'One please.' },
      { author: 'staff', kind: 'offer', body: 'Five.' },
      { author: 'buyer', kind: 'reject', body: 'Too late for us, thanks.' },
    ]);
    expect(
      (
        await sql<{ n: number }>(
          `select count(*)::int as n from webhook_events where type = 'quote.rejected' and (payload->>'quoteId')::int = $1`,
          [id],
        )
      )[0].n,
    ).to.equal(1);
  });

  it("an organisation: its approver sees and may answer a member's quote; over the member's spending limit only the approver accepts", async () => {
    const orgName = `Quote Test Farm ${process.pid}-${Date.now()}`;
    const member = await newCustomer(product, 2, { accountType: 'organization', 'org-name': orgName });
    const approver = await newCustomer(product, 1);
    const [m] = await sql<{ id: number; org: number }>(
      'select id, organisation_id as org from users where email = $1',
      [member.email],
    );
    const [a] = await sql<{ id: number }>(
      `update users set organisation_id = $1, account_type = 'organization' where email = $2 returning id`,
      [m.org, approver.email],
    );
    await sql(
      `insert into user_permissions (user_id, permission_key, granted, reason) values ($1, 'organisation.users', true, 'test approver')`,
      [a.id],
    );
    await sql(`insert into member_limits (organisation_id, user_id, per_order_limit) values ($1, $2, '5.00')`, [
      m.org,
      m.id,
    ]);
    const asked = await ask(member, { message: 'Two, please.' });
    expect(asked.status, asked.text).to.equal(201);
    const id = asked.body.quote_id;
    await staffOffer(id, { price: '100.00', quantity: '2', expires_on: day(10), message: 'Two at 100.00.' });
    // The approver lists the organisation's quotes and reads this one; another organisation's administrator may not.
    const list = await approver.a.get('/en-us/account/quotes').set(xhr(approver.token));
    expect(list.body.quotes.map((x: { id: number }) => x.id)).to.deep.equal([id]);
    expect((await approver.a.get(`/en-us/account/quotes/${id}`).set(xhr(approver.token))).status).to.equal(200);
    const acme = await signedIn('buyer@acme.example');
    expect((await acme.a.get(`/en-us/account/quotes/${id}`).set(xhr(acme.token))).status).to.equal(404);
    expect((await acme.a.post(`/en-us/account/quotes/${id}/accept`).set(xhr(acme.token)).send({})).status).to.equal(
      404,
    );
    // 200.00 of goods is over the member's 5.00 per order: the member cannot accept it, the approver can.
    const over = await member.a.post(`/en-us/account/quotes/${id}/accept`).set(xhr(member.token)).send({});
    expect(over.status).to.equal(409);
    expect(over.body.error.message).to.equal(
      'This order is over your spending limit: your organisation’s approver can accept this quote.',
    );
    const ok = await approver.a.post(`/en-us/account/quotes/${id}/accept`).set(xhr(approver.token)).send({});
    expect(ok.status, ok.text).to.equal(200);
    const [o] = await sql('select status, user_id, subtotal from orders where id = $1', [asked.body.order_id]);
    expect(o).to.deep.equal({ status: 'pending', user_id: m.id, subtotal: '200.00' });
    const [log] = await sql<{ message: string }>(
      `select message from logs where action = 'quote.accept' and entity_id = $1`,
      [asked.body.order_id],
    );
    expect(log.message).to.contain(`${approver.email} accepted quote ${id} as the organisation's approver`);
  });

  it('a cart waiting for spending approval cannot be sent for a quote (409, the cart stays as it is)', async () => {
    const waiting = await newCustomer(product, 1);
    const [u] = await sql<{ id: number }>('select id from users where email = $1', [waiting.email]);
    await sql(
      `insert into order_approvals (order_id, requested_by, organisation_id, status, reason, choice) values ($1, $2, (select id from organisations order by id limit 1), 'pending', 'order', '{}')`,
      [waiting.orderId, u.id],
    );
    const res = await ask(waiting, { message: 'A quote instead?' });
    expect(res.status).to.equal(409);
    expect(res.body.error.message).to.equal('This cart is waiting for approval.');
    const [o] = await sql('select status from orders where id = $1', [waiting.orderId]);
    expect(o.status).to.equal('cart');
    await sql(`delete from order_approvals where order_id = $1`, [waiting.orderId]);
  });
});
