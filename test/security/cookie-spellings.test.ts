/**
 * One reading of the Cookie header: the session cookie of a visitor who switched to the Mexican
 * channel, spelled every way a client can spell it, sent over a raw socket. Each request gets what
 * express-session gives it (its session when express-session takes the cookie, none otherwise),
 * and afterwards a returning visitor without a session and a first visitor at the same URL still
 * get the US page: the odd request never teaches the page cache otherwise.
 */
import { expect } from 'chai';
import type { Request } from 'express';
import { withoutSessionCookie } from '../../src/features/auth/bearer.ts';
import { cookiesOf } from '../../src/http/cookies.ts';
import { dbMode } from '../helpers/db.ts';
import { productIdByStockcode, testServer } from '../helpers/server.ts';
import { rawRequest } from './raw-http.ts';

const TOKEN = /<meta name="csrf-token" content="([^"]+)"/;
const currencyOf = (html: string) => /data-currency="([A-Z]{3})"/.exec(html)?.[1];

describe(`cookie spellings (${dbMode()})`, function () {
  this.timeout(120_000);
  let port: number;
  let productPath: string;
  /** The session cookie's value (`s%3A…`, as set) of a visitor on the Mexican channel. */
  let mx: string;
  /** The CSRF cookie (`hd.csrf=…`) of that visitor, and of a returning visitor without a session. */
  let mxCsrf: string;
  let plainCsrf: string;

  async function firstVisit() {
    const page = await rawRequest(port, 'GET', '/en-us/parts');
    expect(page.status).to.equal(200);
    const csrf = page.cookies.find((c) => c.startsWith('hd.csrf='));
    expect(csrf, 'a first visit gets a CSRF cookie').to.be.a('string');
    return { csrf: csrf!, token: TOKEN.exec(page.body)?.[1] ?? '' };
  }

  before(async () => {
    port = (await testServer()).port;
    productPath = `/en-us/products/${await productIdByStockcode('DEMO-CONFIG')}`;
    const v = await firstVisit();
    const switched = await rawRequest(
      port,
      'POST',
      '/en-us/channel/MX',
      {
        Cookie: v.csrf,
        'X-CSRF-Token': v.token,
        Accept: 'application/json',
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      'country=MX',
    );
    expect(switched.status, switched.body).to.equal(200);
    const sid = switched.cookies.find((c) => c.startsWith('hd.sid='));
    expect(sid, 'the switch makes a session').to.be.a('string');
    mx = sid!.slice('hd.sid='.length);
    mxCsrf = v.csrf;
    plainCsrf = (await firstVisit()).csrf;
  });

  let n = 0;
  /**
   * Sends `cookie` for a product page nobody has asked for yet, then asks for it as a returning
   * visitor without a session (twice: the second may come from the fast lane) and as a first visitor.
   */
  async function afterOdd(cookie: (sid: string) => string) {
    const url = `${productPath}?spelling=${++n}`;
    const odd = await rawRequest(port, 'GET', url, { Cookie: cookie(mx), Accept: 'text/html' });
    expect(odd.status).to.equal(200);
    const returning = [];
    for (let i = 0; i < 2; i++)
      returning.push(await rawRequest(port, 'GET', url, { Cookie: plainCsrf, Accept: 'text/html' }));
    const first = await rawRequest(port, 'GET', url, { Accept: 'text/html' });
    return {
      odd: currencyOf(odd.body),
      returning: returning.map((r) => `${r.status} ${currencyOf(r.body)}`),
      first: `${first.status} ${currencyOf(first.body)}`,
      returningCache: returning[1].headers['x-page-cache'],
    };
  }

  it('the session cookie as set: the MX visitor gets pesos, visitors without a session dollars', async () => {
    const r = await afterOdd((sid) => `${mxCsrf}; hd.sid=${sid}`);
    expect(r).to.deep.include({ odd: 'MXN', returning: ['200 USD', '200 USD'], first: '200 USD' });
  });

  it('a space before `=` (express-session trims names): its session, and it teaches the cache nothing', async () => {
    const r = await afterOdd((sid) => `${mxCsrf}; hd.sid =${sid}`);
    expect(r).to.deep.include({ odd: 'MXN', returning: ['200 USD', '200 USD'], first: '200 USD' });
    expect(r.returningCache, 'the US page is still served from the cache').to.equal('hit');
  });

  it('a space after `=`, and tabs around it: the session each time; others get dollars', async () => {
    expect(await afterOdd((sid) => `${mxCsrf}; hd.sid= ${sid}`)).to.deep.include({
      odd: 'MXN',
      returning: ['200 USD', '200 USD'],
      first: '200 USD',
    });
    expect(await afterOdd((sid) => `${mxCsrf};\thd.sid\t=\t${sid}\t`)).to.deep.include({
      odd: 'MXN',
      returning: ['200 USD', '200 USD'],
      first: '200 USD',
    });
    expect(await afterOdd((sid) => `hd.sid  =${sid} ;  ${mxCsrf}`)).to.deep.include({
      odd: 'MXN',
      returning: ['200 USD', '200 USD'],
      first: '200 USD',
    });
  });

  it('the name in another case is another cookie to express-session: no session, dollars for all', async () => {
    expect(await afterOdd((sid) => `${mxCsrf}; HD.SID=${sid}`)).to.deep.include({
      odd: 'USD',
      returning: ['200 USD', '200 USD'],
      first: '200 USD',
    });
    expect(await afterOdd((sid) => `${mxCsrf}; Hd.Sid =${sid}`)).to.deep.include({
      odd: 'USD',
      returning: ['200 USD', '200 USD'],
      first: '200 USD',
    });
  });

  it('the name twice: the first one decides, as in express-session', async () => {
    expect(await afterOdd((sid) => `${mxCsrf}; hd.sid =${sid}; hd.sid=s%3Abogus.sig`)).to.deep.include({
      odd: 'MXN',
      returning: ['200 USD', '200 USD'],
      first: '200 USD',
    });
    expect(await afterOdd((sid) => `${mxCsrf}; hd.sid=s%3Abogus.sig; hd.sid=${sid}`)).to.deep.include({
      odd: 'USD',
      returning: ['200 USD', '200 USD'],
      first: '200 USD',
    });
    expect(await afterOdd((sid) => `${mxCsrf}; hd.sid=; hd.sid =${sid}`)).to.deep.include({
      odd: 'USD',
      returning: ['200 USD', '200 USD'],
      first: '200 USD',
    });
  });

  it('an empty, unsigned or badly signed value is no session: dollars for the request and for others', async () => {
    expect(await afterOdd(() => `${mxCsrf}; hd.sid =`)).to.deep.include({
      odd: 'USD',
      returning: ['200 USD', '200 USD'],
      first: '200 USD',
    });
    expect(await afterOdd((sid) => `${mxCsrf}; hd.sid =${decodeURIComponent(sid).slice(2)}`)).to.deep.include({
      odd: 'USD',
      returning: ['200 USD', '200 USD'],
      first: '200 USD',
    });
    expect(await afterOdd((sid) => `${mxCsrf}; hd.sid = ${sid.slice(0, -3)}xyz`)).to.deep.include({
      odd: 'USD',
      returning: ['200 USD', '200 USD'],
      first: '200 USD',
    });
    // Quoted and URL-encoded differently: still the same cookie to the parser.
    expect(await afterOdd((sid) => `${mxCsrf}; hd.sid ="${decodeURIComponent(sid)}"`)).to.deep.include({
      odd: 'MXN',
      returning: ['200 USD', '200 USD'],
      first: '200 USD',
    });
  });
});

describe('cookie spellings: a bearer request never carries its session cookie to express-session', () => {
  const run = (cookie: string) => {
    const req = {
      headers: { authorization: 'Bearer abc', cookie },
      get: (name: string) => (name.toLowerCase() === 'authorization' ? 'Bearer abc' : undefined),
    } as unknown as Request;
    withoutSessionCookie('hd.sid')(req, {} as never, () => {});
    return req.headers.cookie!;
  };

  it('every spelling express-session reads as the session cookie is dropped; the other cookies stay as sent', () => {
    for (const cookie of [
      'hd.sid =s%3Aone.sig; hd.csrf=s%3Ax.y',
      'hd.csrf=s%3Ax.y;\thd.sid\t= s%3Aone.sig',
      'hd.csrf=s%3Ax.y; hd.sid=s%3Aone.sig; hd.sid =s%3Atwo.sig',
    ]) {
      const left = run(cookie);
      expect(cookiesOf(left), cookie).to.deep.equal({ 'hd.csrf': 's:x.y' });
    }
    // Another case is another cookie (express-session would not read it): it stays.
    expect(cookiesOf(run('HD.SID=s%3Aone.sig; hd.sid=s%3Atwo.sig'))).to.deep.equal({ 'HD.SID': 's:one.sig' });
  });
});
