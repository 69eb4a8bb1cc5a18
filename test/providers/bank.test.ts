/** Bank-link providers: the offline sandbox over a real database, and the Plaid adapter against a local fake Plaid. */
import { expect } from 'chai';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  BankLinkError,
  createBankLinkProvider,
  OfflineBankLinkProvider,
  PlaidBankLinkProvider,
  routingValid,
} from '../../src/providers/bank/index.ts';
import { testServer } from '../helpers/server.ts';

async function rejects(p: Promise<unknown>): Promise<BankLinkError> {
  try {
    await p;
  } catch (e) {
    expect(e).to.be.instanceOf(BankLinkError);
    return e as BankLinkError;
  }
  throw new Error('expected a BankLinkError');
}

const form = (link_token: string, account_number = '000111222333') => ({
  link_token,
  routing_number: '021000021',
  account_number,
  account_holder: 'Pat Lee',
  account_type: 'checking' as const,
});

describe('providers: offline bank-link sandbox', function () {
  this.timeout(60_000);

  it('checks ABA routing numbers', () => {
    for (const ok of ['021000021', '011000015', '110000000', '121000248']) expect(routingValid(ok), ok).to.equal(true);
    for (const bad of ['021000022', '12345678', '0210000210', 'abcdefghi', '000000000'])
      expect(routingValid(bad), bad).to.equal(false);
  });

  it('issues link tokens, takes an account through its hosted form, sends two deposits under $1.00, exchanges once for the linked user, verifies', async () => {
    const db = (await testServer()).database.db;
    const p = new OfflineBankLinkProvider(db);
    const { linkToken, expiration } = await p.createLinkToken('41');
    expect(expiration.getTime()).to.be.greaterThan(Date.now());
    const added = await p.addAccount(form(linkToken));
    expect(added).to.include({ mask: '2333', bankName: 'JPMorgan Chase' });
    expect((await rejects(p.exchange(added.publicToken, '42'))).code).to.equal('invalid_token'); // not the linked user
    const acct = await p.exchange(added.publicToken, '41');
    expect(acct).to.include({ last4: '2333', holderName: 'Pat Lee', accountType: 'checking' });
    expect(acct.ref).not.to.include('000111222333');
    expect((await rejects(p.exchange(added.publicToken, '41'))).code).to.equal('invalid_token'); // one use
    const d = (await p.deposits(acct.ref))!;
    expect(d[0]).to.not.equal(d[1]);
    for (const c of d) expect(c).to.be.within(1, 99);
    expect(await p.verify(acct.ref, [d[0], d[1] === 99 ? 98 : d[1] + 1])).to.equal('mismatch');
    expect(await p.verify(acct.ref, [d[1], d[0]])).to.equal('verified');
    expect((await rejects(p.verify('acct_offline_nope', [1, 2]))).code).to.equal('invalid_account');
    expect((await rejects(p.addAccount(form('link-sandbox-unknown')))).code).to.equal('invalid_token');
    const expired = new OfflineBankLinkProvider(db, () => new Date(Date.now() - 3_600_000));
    const old = await expired.createLinkToken('41');
    expect((await rejects(p.addAccount(form(old.linkToken)))).code).to.equal('invalid_token');
  });

  it('debits once per idempotency key; accounts ending 0002 are refused (insufficient funds)', async () => {
    const db = (await testServer()).database.db;
    const p = new OfflineBankLinkProvider(db);
    const ok = await p.exchange(
      (await p.addAccount(form((await p.createLinkToken('43')).linkToken))).publicToken,
      '43',
    );
    const a = await p.debit({ ref: ok.ref, amountCents: 12345, currency: 'usd', idempotencyKey: 'k1' });
    expect(a).to.include({ status: 'pending', amountCents: 12345, currency: 'USD' });
    expect((await p.debit({ ref: ok.ref, amountCents: 12345, currency: 'usd', idempotencyKey: 'k1' })).ref).to.equal(
      a.ref,
    );
    expect(p.debitCount).to.equal(1);
    await p.cancel(a.ref);
    expect(p.debitCount).to.equal(0);
    const again = await p.debit({ ref: ok.ref, amountCents: 12345, currency: 'usd', idempotencyKey: 'k1' });
    expect(again.ref).not.to.equal(a.ref);
    expect(
      (await rejects(p.debit({ ref: ok.ref, amountCents: 1, currency: 'usd', idempotencyKey: 'k1' }))).code,
    ).to.equal('provider_error');
    expect(
      (await rejects(p.debit({ ref: ok.ref, amountCents: 0, currency: 'usd', idempotencyKey: 'k0' }))).code,
    ).to.equal('provider_error');
    const nsf = await p.exchange(
      (await p.addAccount(form((await p.createLinkToken('43')).linkToken, '99990002'))).publicToken,
      '43',
    );
    expect(
      (await rejects(p.debit({ ref: nsf.ref, amountCents: 100, currency: 'usd', idempotencyKey: 'k2' }))).code,
    ).to.equal('debit_declined');
  });

  it('is the default without Plaid credentials; Plaid when both are set', async () => {
    const db = (await testServer()).database.db;
    expect(createBankLinkProvider({ providers: {} }, db).kind).to.equal('offline');
    expect(
      createBankLinkProvider({ providers: { plaid: { clientId: 'c', secret: 's', env: 'sandbox' } } }, db).kind,
    ).to.equal('plaid');
  });
});

/** A small fake of Plaid: link tokens, public token exchange, accounts with a verification status, transfers. */
async function fakePlaid() {
  const seen: { path: string; body: Record<string, any> }[] = [];
  const state = { verification: 'pending_manual_verification', decision: 'approved' };
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const body = JSON.parse(raw || '{}');
      seen.push({ path: req.url!, body });
      const send = (status: number, json: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(json));
      };
      if (body.client_id !== 'client-1' || body.secret !== 'secret-1')
        return send(400, {
          error_type: 'INVALID_INPUT',
          error_code: 'INVALID_API_KEYS',
          error_message: 'bad keys',
          display_message: null,
        });
      switch (req.url) {
        case '/link/token/create':
          return send(200, {
            link_token: `link-sandbox-${body.user.client_user_id}`,
            expiration: '2026-12-01T00:00:00Z',
          });
        case '/item/public_token/exchange':
          if (body.public_token !== 'public-sandbox-1')
            return send(400, {
              error_type: 'INVALID_INPUT',
              error_code: 'INVALID_PUBLIC_TOKEN',
              error_message: 'bad token',
            });
          return send(200, { access_token: 'access-sandbox-1', item_id: 'item-1' });
        case '/accounts/get':
          if (body.access_token !== 'access-sandbox-1')
            return send(400, { error_type: 'INVALID_INPUT', error_code: 'INVALID_ACCESS_TOKEN', error_message: 'bad' });
          return send(200, {
            accounts: [
              {
                account_id: 'acc-1',
                mask: '6789',
                name: 'Plaid Checking',
                official_name: 'Plaid Gold Checking',
                subtype: 'checking',
                verification_status: state.verification,
              },
            ],
          });
        case '/transfer/authorization/create':
          return send(200, {
            authorization: {
              id: 'auth-1',
              decision: state.decision,
              decision_rationale:
                state.decision === 'approved' ? null : { code: 'NSF', description: 'Insufficient funds' },
            },
          });
        case '/transfer/cancel':
          return send(
            body.transfer_id === 'transfer-1' ? 200 : 400,
            body.transfer_id === 'transfer-1'
              ? { request_id: 'r1' }
              : { error_code: 'TRANSFER_NOT_CANCELLABLE', error_message: 'no' },
          );
        case '/transfer/create':
          return send(200, {
            transfer: { id: 'transfer-1', status: 'pending', amount: '123.45', iso_currency_code: 'USD' },
          });
        default:
          return send(404, { error_code: 'NOT_FOUND', error_message: 'no route' });
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    state,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

describe('providers: Plaid adapter (against a local fake Plaid)', () => {
  let fake: Awaited<ReturnType<typeof fakePlaid>>;
  before(async () => (fake = await fakePlaid()));
  after(() => fake.close());
  const plaid = () => new PlaidBankLinkProvider({ clientId: 'client-1', secret: 'secret-1', baseUrl: fake.url });

  it('creates a link token for the user with Auth and same-day micro-deposits', async () => {
    const t = await plaid().createLinkToken('41');
    expect(t.linkToken).to.equal('link-sandbox-41');
    const call = fake.seen.find((s) => s.path === '/link/token/create')!;
    expect(call.body).to.deep.include({
      client_id: 'client-1',
      secret: 'secret-1',
      products: ['auth'],
      country_codes: ['US'],
    });
    expect(call.body.auth.same_day_microdeposits_enabled).to.equal(true);
  });

  it('exchanges the public token, reads the mask and the verification status, and debits through Transfer with the idempotency key', async () => {
    const p = plaid();
    const a = await p.exchange('public-sandbox-1');
    expect(a).to.deep.equal({
      ref: 'access-sandbox-1:acc-1',
      last4: '6789',
      bankName: 'Plaid Gold Checking',
      holderName: '',
      accountType: 'checking',
    });
    expect((await rejects(p.exchange('public-sandbox-bad'))).code).to.equal('invalid_token');
    fake.state.verification = 'pending_manual_verification';
    expect(await p.verify(a.ref)).to.equal('pending');
    fake.state.verification = 'verification_failed';
    expect(await p.verify(a.ref)).to.equal('mismatch');
    fake.state.verification = 'manually_verified';
    expect(await p.verify(a.ref)).to.equal('verified');
    const d = await p.debit({
      ref: a.ref,
      amountCents: 12345,
      currency: 'USD',
      idempotencyKey: 'order-9-key',
      description: 'Order 9 for a planter',
    });
    expect(d).to.deep.equal({ ref: 'transfer-1', status: 'pending', amountCents: 12345, currency: 'USD' });
    const auth = fake.seen.find((s) => s.path === '/transfer/authorization/create')!;
    expect(auth.body).to.deep.include({
      access_token: 'access-sandbox-1',
      account_id: 'acc-1',
      type: 'debit',
      network: 'ach',
      amount: '123.45',
      idempotency_key: 'order-9-key',
    });
    expect(fake.seen.find((s) => s.path === '/transfer/create')!.body.description.length).to.be.at.most(15);
    await p.cancel(d.ref);
    expect(fake.seen.find((s) => s.path === '/transfer/cancel')!.body.transfer_id).to.equal('transfer-1');
    expect((await rejects(p.cancel('transfer-9'))).code).to.equal('provider_error');
    fake.state.decision = 'declined';
    expect(
      (await rejects(p.debit({ ref: a.ref, amountCents: 100, currency: 'USD', idempotencyKey: 'k2' }))).code,
    ).to.equal('debit_declined');
    fake.state.decision = 'approved';
    expect((await rejects(p.verify('no-colon'))).code).to.equal('invalid_account');
  });

  it('wrong keys and an unreachable service are provider errors, never a crash', async () => {
    const wrong = new PlaidBankLinkProvider({ clientId: 'client-1', secret: 'nope', baseUrl: fake.url });
    expect((await rejects(wrong.createLinkToken('1'))).code).to.equal('provider_error');
    const down = new PlaidBankLinkProvider({
      clientId: 'client-1',
      secret: 'secret-1',
      baseUrl: 'http://127.0.0.1:9',
      timeoutMs: 2000,
    });
    expect((await rejects(down.createLinkToken('1'))).code).to.equal('provider_error');
  });
});
