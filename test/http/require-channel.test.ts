/**
 * One missing-channel policy (src/http/context.ts requireChannel). A store with no
 * channel (a fresh database, nothing seeded) answers every route that reads the channel with 503
 * in the contract's error shape, code 'store_unavailable' — checkout, parts, leads, the address
 * form and payment methods included, which used to have their own 503s, a fallback to 'US', or
 * "takes nothing" — and none of them invents a channel. A misconfigured channel is refused alike.
 */
import { expect } from 'chai';
import supertest from 'supertest';
import type { Response } from 'express';
import { start, type Running } from '../../src/server.ts';
import { createTestDb, type TestDb } from '../helpers/db.ts';
import { requireChannel } from '../../src/http/context.ts';
import { AppError } from '../../src/domain/errors.ts';
import type { ChannelInfo } from '../../src/http/types.ts';

const STORE_UNAVAILABLE = {
  code: 'store_unavailable',
  message: 'This store is being set up and cannot take orders right now. Please try again later.',
  fields: {},
};

describe('requireChannel: one policy for a missing channel', function () {
  this.timeout(120_000);

  describe('the rule', () => {
    const us: ChannelInfo = {
      id: 1,
      code: 'US',
      name: 'United States',
      currency: 'USD',
      currencyId: 1,
      midMarketRate: '1',
      taxExemptAvailable: true,
      defaultLocale: 'en-us',
      countryCodes: ['US'],
      countryIds: [1],
    };
    const resWith = (channel: ChannelInfo | undefined) => ({ locals: { channel } }) as unknown as Response;
    const refusal = (channel: ChannelInfo | undefined) => {
      try {
        requireChannel(resWith(channel));
        return null;
      } catch (e) {
        expect(e).to.be.instanceOf(AppError);
        return { status: (e as AppError).status, code: (e as AppError).code };
      }
    };
    it('hands back a usable channel', () => expect(requireChannel(resWith(us))).to.equal(us));
    const refused: [string, ChannelInfo | undefined][] = [
      ['no channel', undefined],
      ['a rate of 0', { ...us, midMarketRate: '0' }],
      ['no currency', { ...us, currency: '' }],
      ['no country served', { ...us, countryCodes: [], countryIds: [] }],
    ];
    for (const [name, channel] of refused)
      it(`refuses ${name} with 503 store_unavailable`, () =>
        expect(refusal(channel)).to.deep.equal({ status: 503, code: 'store_unavailable' }));
  });

  describe('a store with no channel, over HTTP', () => {
    let db: TestDb;
    let app: Running;
    let a: ReturnType<typeof supertest.agent>;
    let token: string;

    before(async () => {
      db = await createTestDb('nochannel');
      app = await start({
        env: 'test',
        port: 0,
        databaseUrl: db.databaseUrl,
        dataDir: db.dataDir,
        seed: 'none',
        logLevel: 'silent',
        sessionSecret: 'no-channel-secret-0123456789abcdef',
      });
      a = supertest.agent(app.url);
      const page = await a.get('/en-us/register');
      token = /<meta name="csrf-token" content="([^"]+)"/.exec(page.text)![1];
      const reg = await a.post('/en-us/register').type('form').send({
        _csrf: token,
        email: 'nochannel@example.test',
        password: 'long-enough-pw',
        firstName: 'Pat',
        lastName: 'Lee',
        accountType: 'personal',
      });
      expect(reg.status, reg.text).to.equal(303);
      token = /<meta name="csrf-token" content="([^"]+)"/.exec((await a.get('/en-us/account')).text)![1];
    });

    after(async () => {
      await app?.stop();
      await db?.drop();
    });

    const json = { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' };
    const gets = [
      '/en-us/',
      '/en-us/products',
      '/en-us/cart',
      '/en-us/cart/checkout',
      '/en-us/order/payment-methods',
      '/en-us/order/saved-methods',
      '/en-us/seed-plates',
      '/en-us/parts/1',
      '/en-us/leads/new',
      '/en-us/account/addresses/new',
    ];
    for (const path of gets) {
      it(`GET ${path} answers 503 store_unavailable`, async () => {
        const res = await a.get(path).set(json);
        expect({ status: res.status, body: res.body }).to.deep.equal({
          status: 503,
          body: { error: STORE_UNAVAILABLE },
        });
      });
    }

    it('POST add to cart, shipping estimate and customer info answer the same', async () => {
      const posts: [string, Record<string, unknown>][] = [
        ['/en-us/cart/add/inline', { product_id: 1, quantity: 1 }],
        ['/en-us/shipping/estimate', { product_id: 1, country: 'US', postal_code: '60601' }],
        ['/en-us/order/customer-info', { accountType: 'personal' }],
      ];
      for (const [path, body] of posts) {
        const res = await a
          .post(path)
          .set({ ...json, 'X-CSRF-Token': token })
          .send(body);
        expect({ path, status: res.status, body: res.body }).to.deep.equal({
          path,
          status: 503,
          body: { error: STORE_UNAVAILABLE },
        });
      }
    });

    it('a page says the store is not open yet, in the page language', async () => {
      const res = await a.get('/fr-ca/leads/new');
      expect(res.status).to.equal(503);
      expect(res.text).to.include('La boutique n').and.include('est pas encore ouverte');
    });
  });
});
