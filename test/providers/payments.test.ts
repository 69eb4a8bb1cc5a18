/** Card providers: the offline sandbox's behaviour and the Stripe adapter against a local fake Stripe. */
import { expect } from 'chai';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  OfflinePaymentProvider,
  PaymentError,
  StripePaymentProvider,
  TEST_CARDS,
} from '../../src/providers/payments/index.ts';
import { luhnValid } from '../../src/providers/payments/card.ts';

const card = (number: string, extra: Partial<{ exp_month: number; exp_year: number; cvc: string }> = {}) => ({
  number,
  exp_month: 12,
  exp_year: 2040,
  cvc: '123',
  ...extra,
});
const NOW = new Date('2026-06-01T12:00:00Z');

async function rejects(p: Promise<unknown>): Promise<PaymentError> {
  try {
    await p;
  } catch (e) {
    expect(e).to.be.instanceOf(PaymentError);
    return e as PaymentError;
  }
  throw new Error('expected a PaymentError');
}

describe('providers: offline card sandbox', () => {
  it('saves cards as self-describing references that still charge in a new sandbox (a restart), honours pm_card_visa, keeps declines', async () => {
    const p = new OfflinePaymentProvider(() => NOW);
    const saved = await p.saveCard((await p.tokenize(card(TEST_CARDS.approved))).token, {
      email: 'a@example.test',
      userId: 1,
    });
    expect(saved).to.include({ brand: 'visa', last4: '4242', expMonth: 12, expYear: 2040, customerRef: null });
    expect(saved.ref).not.to.include('424242424242');
    const restarted = new OfflinePaymentProvider(() => NOW);
    expect(
      (await restarted.charge({ token: saved.ref, amountCents: 100, currency: 'USD', idempotencyKey: 's1' })).last4,
    ).to.equal('4242');
    expect(
      (await restarted.charge({ token: 'pm_card_visa', amountCents: 100, currency: 'USD', idempotencyKey: 's2' }))
        .brand,
    ).to.equal('visa');
    const bad = await p.saveCard((await p.tokenize(card(TEST_CARDS.declined))).token, {
      email: 'a@example.test',
      userId: 1,
    });
    expect(
      (await rejects(restarted.charge({ token: bad.ref, amountCents: 100, currency: 'USD', idempotencyKey: 's3' })))
        .code,
    ).to.equal('card_declined');
    expect((await rejects(p.saveCard('tok_nope', { email: 'a@example.test', userId: 1 }))).code).to.equal(
      'invalid_card',
    );
    expect(
      (
        await rejects(
          restarted.charge({
            token: saved.ref.replace(/_[0-9a-f]{16}$/, '_zz'),
            amountCents: 100,
            currency: 'USD',
            idempotencyKey: 's4',
          }),
        )
      ).code,
    ).to.equal('invalid_card');
  });

  it('checks numbers with Luhn and refuses bad, expired and short-CVC cards before issuing a token', async () => {
    expect(luhnValid(TEST_CARDS.approved)).to.equal(true);
    expect(luhnValid('4242424242424241')).to.equal(false);
    const p = new OfflinePaymentProvider(() => NOW);
    expect((await rejects(p.tokenize(card('4242424242424241')))).code).to.equal('invalid_card');
    expect((await rejects(p.tokenize(card(TEST_CARDS.approved, { exp_month: 5, exp_year: 2026 })))).code).to.equal(
      'expired_card',
    );
    expect((await rejects(p.tokenize(card(TEST_CARDS.approved, { cvc: '12' })))).code).to.equal('incorrect_cvc');
  });

  it('keeps tokens with brand and last four only, charges once per idempotency key, captures and refunds within limits', async () => {
    const p = new OfflinePaymentProvider(() => NOW);
    const t = await p.tokenize(card('4242 4242 4242 4242'));
    expect(t).to.include({ brand: 'visa', last4: '4242' });
    expect(JSON.stringify(t)).not.to.include('424242424242');
    const a = await p.charge({ token: t.token, amountCents: 1234, currency: 'usd', idempotencyKey: 'k1' });
    const again = await p.charge({ token: t.token, amountCents: 1234, currency: 'usd', idempotencyKey: 'k1' });
    expect(again.ref).to.equal(a.ref);
    expect(p.chargeCount).to.equal(1);
    expect(
      (await rejects(p.charge({ token: t.token, amountCents: 999, currency: 'usd', idempotencyKey: 'k1' }))).code,
    ).to.equal('processing_error');
    const auth = await p.charge({
      token: t.token,
      amountCents: 5000,
      currency: 'cad',
      idempotencyKey: 'k2',
      capture: false,
    });
    expect(auth.status).to.equal('authorized');
    await rejects(p.capture(auth.ref, 6000));
    expect((await p.capture(auth.ref, 4000)).status).to.equal('captured');
    expect((await p.refund(auth.ref, 1500)).amountCents).to.equal(1500);
    await rejects(p.refund(auth.ref, 3000));
    expect(p.lookup(auth.ref)).to.include({ capturedCents: 4000, refundedCents: 1500 });
  });

  it('declines the test numbers the usual way', async () => {
    const p = new OfflinePaymentProvider(() => NOW);
    const cases: [string, string][] = [
      [TEST_CARDS.declined, 'card_declined'],
      [TEST_CARDS.insufficientFunds, 'insufficient_funds'],
      [TEST_CARDS.expired, 'expired_card'],
      [TEST_CARDS.processingError, 'processing_error'],
    ];
    for (const [number, code] of cases) {
      const t = await p.tokenize(card(number));
      const e = await rejects(p.charge({ token: t.token, amountCents: 100, currency: 'USD', idempotencyKey: number }));
      expect(e.code).to.equal(code);
    }
    expect(p.chargeCount).to.equal(0);
    expect(
      (await rejects(p.charge({ token: 'tok_nope', amountCents: 100, currency: 'USD', idempotencyKey: 'x' }))).code,
    ).to.equal('invalid_card');
  });
});

/** A small fake of Stripe's API: payment methods, payment intents (402 for the decline numbers), capture, refunds. */
async function fakeStripe() {
  const seen: { method: string; path: string; auth?: string; idem?: string; body: URLSearchParams }[] = [];
  const methods = new Map<string, string>();
  const intents = new Map<string, { amount: number; currency: string; status: string }>();
  let n = 0;
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const body = new URLSearchParams(raw);
      seen.push({
        method: req.method!,
        path: req.url!,
        auth: req.headers.authorization,
        idem: req.headers['idempotency-key'] as string | undefined,
        body,
      });
      const send = (status: number, json: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(json));
      };
      if (req.headers.authorization !== 'Bearer sk_test_fake')
        return send(401, { error: { type: 'invalid_request_error', message: 'bad key' } });
      if (req.url === '/v1/payment_methods' && req.method === 'POST') {
        const number = body.get('card[number]')!;
        const id = `pm_${++n}`;
        methods.set(id, number);
        return send(200, {
          id,
          card: {
            brand: 'visa',
            last4: number.slice(-4),
            exp_month: Number(body.get('card[exp_month]')),
            exp_year: Number(body.get('card[exp_year]')),
          },
        });
      }
      if (req.url === '/v1/payment_intents' && req.method === 'POST') {
        const number = methods.get(body.get('payment_method')!);
        if (number === TEST_CARDS.declined)
          return send(402, {
            error: {
              type: 'card_error',
              code: 'card_declined',
              decline_code: 'generic_decline',
              message: 'Your card was declined.',
            },
          });
        if (number === TEST_CARDS.insufficientFunds)
          return send(402, {
            error: {
              type: 'card_error',
              code: 'card_declined',
              decline_code: 'insufficient_funds',
              message: 'Your card has insufficient funds.',
            },
          });
        const id = `pi_${++n}`;
        const status = body.get('capture_method') === 'manual' ? 'requires_capture' : 'succeeded';
        intents.set(id, { amount: Number(body.get('amount')), currency: body.get('currency')!, status });
        return send(200, { id, status, amount: Number(body.get('amount')), currency: body.get('currency') });
      }
      const cap = /^\/v1\/payment_intents\/(pi_\d+)\/capture$/.exec(req.url!);
      if (cap && intents.has(cap[1])) {
        const pi = intents.get(cap[1])!;
        pi.status = 'succeeded';
        return send(200, { id: cap[1], status: 'succeeded', amount: pi.amount, currency: pi.currency });
      }
      if (req.url === '/v1/customers' && req.method === 'POST')
        return send(200, { id: `cus_${++n}`, email: body.get('email') });
      const attach = /^\/v1\/payment_methods\/(pm_\d+)\/attach$/.exec(req.url!);
      if (attach) {
        const number = methods.get(attach[1]);
        if (!number)
          return send(404, {
            error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such PaymentMethod' },
          });
        return send(200, {
          id: attach[1],
          customer: body.get('customer'),
          card: { brand: 'visa', last4: number.slice(-4), exp_month: 12, exp_year: 2040 },
        });
      }
      if (req.url === '/v1/refunds')
        return send(200, {
          id: 're_1',
          amount: Number(body.get('amount') ?? intents.get(body.get('payment_intent')!)?.amount),
        });
      send(404, { error: { type: 'invalid_request_error', message: 'No such route' } });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

describe('providers: Stripe adapter (against a local fake Stripe)', () => {
  let fake: Awaited<ReturnType<typeof fakeStripe>>;
  before(async () => (fake = await fakeStripe()));
  after(() => fake.close());

  it('tokenises to a PaymentMethod and charges it with a PaymentIntent, passing the idempotency key', async () => {
    const p = new StripePaymentProvider({ secretKey: 'sk_test_fake', baseUrl: fake.url, clock: () => NOW });
    const t = await p.tokenize(card(TEST_CARDS.approved));
    expect(t).to.include({ brand: 'visa', last4: '4242' });
    const c = await p.charge({ token: t.token, amountCents: 4599, currency: 'USD', idempotencyKey: 'order-1-abc' });
    expect(c).to.include({ status: 'captured', amountCents: 4599, currency: 'USD', last4: '4242' });
    const call = fake.seen.find((s) => s.path === '/v1/payment_intents')!;
    expect(call.idem).to.equal('order-1-abc');
    expect(call.body.get('currency')).to.equal('usd');
    expect(call.body.get('confirm')).to.equal('true');
    expect(call.body.get('payment_method')).to.equal(t.token);
  });

  it('maps card errors to decline codes and supports authorise, capture and refund', async () => {
    const p = new StripePaymentProvider({ secretKey: 'sk_test_fake', baseUrl: fake.url, clock: () => NOW });
    const bad = await p.tokenize(card(TEST_CARDS.insufficientFunds));
    expect(
      (await rejects(p.charge({ token: bad.token, amountCents: 100, currency: 'USD', idempotencyKey: 'i' }))).code,
    ).to.equal('insufficient_funds');
    const declined = await p.tokenize(card(TEST_CARDS.declined));
    expect(
      (await rejects(p.charge({ token: declined.token, amountCents: 100, currency: 'USD', idempotencyKey: 'd' }))).code,
    ).to.equal('card_declined');
    const good = await p.tokenize(card(TEST_CARDS.approved));
    const auth = await p.charge({
      token: good.token,
      amountCents: 2000,
      currency: 'CAD',
      idempotencyKey: 'm',
      capture: false,
    });
    expect(auth.status).to.equal('authorized');
    expect((await p.capture(auth.ref)).status).to.equal('captured');
    expect((await p.refund(auth.ref, 500)).amountCents).to.equal(500);
  });

  it('saves a card for a user: a Customer once, the PaymentMethod attached to it, charged with the customer', async () => {
    const p = new StripePaymentProvider({ secretKey: 'sk_test_fake', baseUrl: fake.url, clock: () => NOW });
    const t = await p.tokenize(card(TEST_CARDS.approved));
    const saved = await p.saveCard(t.token, { email: 'pat@example.test', userId: 7 });
    expect(saved).to.include({ ref: t.token, brand: 'visa', last4: '4242' });
    expect(saved.customerRef).to.match(/^cus_/);
    const cus = fake.seen.find((x) => x.path === '/v1/customers')!;
    expect(cus.body.get('metadata[user_id]')).to.equal('7');
    expect(fake.seen.find((x) => x.path === `/v1/payment_methods/${t.token}/attach`)!.body.get('customer')).to.equal(
      saved.customerRef,
    );
    const second = await p.saveCard((await p.tokenize(card(TEST_CARDS.approved))).token, {
      ref: saved.customerRef,
      email: 'pat@example.test',
      userId: 7,
    });
    expect(second.customerRef).to.equal(saved.customerRef);
    expect(fake.seen.filter((x) => x.path === '/v1/customers').length).to.equal(1);
    await p.charge({
      token: saved.ref,
      amountCents: 500,
      currency: 'USD',
      idempotencyKey: 'saved-1',
      customer: saved.customerRef,
    });
    expect(
      fake.seen
        .filter((x) => x.path === '/v1/payment_intents')
        .pop()!
        .body.get('customer'),
    ).to.equal(saved.customerRef);
    expect((await rejects(p.saveCard('pm_missing', { email: 'x@example.test', userId: 8 }))).code).to.equal(
      'processing_error',
    );
  });

  it('a wrong key or an unreachable API is a processing error, never a crash', async () => {
    const wrong = new StripePaymentProvider({ secretKey: 'sk_wrong', baseUrl: fake.url, clock: () => NOW });
    expect((await rejects(wrong.tokenize(card(TEST_CARDS.approved)))).code).to.equal('processing_error');
    const down = new StripePaymentProvider({
      secretKey: 'sk_test_fake',
      baseUrl: 'http://127.0.0.1:9',
      clock: () => NOW,
      timeoutMs: 2000,
    });
    expect((await rejects(down.tokenize(card(TEST_CARDS.approved)))).code).to.equal('processing_error');
  });
});
