/**
 * The page cache's parts on their own: the gzip splice (pieces compressed once, per-request text
 * stored between them) and the cache key (a page is never served to a visitor of another locale
 * or channel, even at the same URL).
 */
import zlib from 'node:zlib';
import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import express from 'express';
import supertest from 'supertest';
import { acceptsGzip, gzipOf, piece, rawOf } from '../../src/http/page-cache/gzip.ts';
import { PageCache } from '../../src/http/page-cache/index.ts';
import '../../src/http/render.ts';

describe('page cache: gzip splice', () => {
  it('pieces compressed once and text stored per request make one gzip body that inflates to the page', () => {
    const html = Buffer.from('<!doctype html><p>'.repeat(500));
    const big = randomBytes(70_000); // more than one stored block
    const cases = [
      [
        piece(html),
        Buffer.from('token-1'),
        piece(Buffer.from('</p>middle')),
        big,
        piece(Buffer.alloc(0)),
        Buffer.alloc(0),
        piece(html),
      ],
      [Buffer.from('only stored')],
      [piece(html)],
      [],
    ];
    for (const parts of cases) {
      const gz = gzipOf(parts);
      expect(zlib.gunzipSync(gz).equals(rawOf(parts))).to.equal(true);
    }
    // A piece is compressed once and reused with other text between.
    const p = piece(html);
    expect(zlib.gunzipSync(gzipOf([p, Buffer.from('a'), p])).toString()).to.equal(`${html}a${html}`);
    expect(zlib.gunzipSync(gzipOf([p, Buffer.from('bb'), p])).toString()).to.equal(`${html}bb${html}`);
    expect(gzipOf([p]).length).to.be.below(html.length / 10);
  });

  it("the trailer carries the CRC-32 of the whole page, joined from each piece's own (pieces of every size, big ones included)", () => {
    // Lengths chosen to exercise every bit of the length in the CRC join: 1 byte to over 1 MB.
    const lengths = [1, 2, 3, 7, 255, 256, 4097, 65_535, 65_536, 70_001, 1_048_577];
    const pieces = lengths.map((n) => piece(randomBytes(n)));
    for (let round = 0; round < 3; round++) {
      const parts = pieces.flatMap((p, i) => [p, Buffer.from(`t${round}-${i}`)]).reverse();
      const gz = gzipOf(parts);
      const raw = rawOf(parts);
      expect(gz.readUInt32LE(gz.length - 8)).to.equal(zlib.crc32(raw));
      expect(gz.readUInt32LE(gz.length - 4)).to.equal(raw.length);
      expect(zlib.gunzipSync(gz).equals(raw)).to.equal(true);
    }
  });

  it('reads Accept-Encoding as a client means it', () => {
    expect(acceptsGzip('gzip, deflate, br')).to.equal(true);
    expect(acceptsGzip('br;q=1.0, gzip;q=0.5')).to.equal(true);
    expect(acceptsGzip('*')).to.equal(true);
    expect(acceptsGzip('gzip;q=0')).to.equal(false);
    expect(acceptsGzip('br')).to.equal(false);
    expect(acceptsGzip(undefined)).to.equal(false);
    expect(acceptsGzip('identity')).to.equal(false);
  });
});

describe('page cache: the key', () => {
  /** One URL whose page depends on the visitor's locale and channel (headers here, the session in the app). */
  function app() {
    const cache = new PageCache({
      renderPartial: () => '',
      ttlMs: 60_000,
      sessionCookie: 'sid',
      cookieSecret: 'secret',
    });
    let renders = 0;
    const a = express();
    a.use((req, res, next) => {
      res.locals.locale = req.get('x-locale');
      res.locals.channel = { code: req.get('x-channel') };
      res.locals.flash = [];
      res.page = async (_view, locals = {}) => {
        const html = `<p>${String(locals.text)} ${res.locals.locale} ${(res.locals.channel as { code: string }).code} ${req.csrfToken ? req.csrfToken() : ''}</p>`;
        if (res.pageCacheFill) return res.pageCacheFill.finish(html, 200, locals);
        res.send(html);
      };
      req.csrfToken = () => `token-${req.get('x-visitor')}`;
      next();
    });
    a.get('/page', cache.route(), async (_req, res) => {
      renders++;
      await res.page('x', { text: 'page' });
    });
    return { agent: supertest(a), renders: () => renders };
  }

  it('serves a page only to visitors of its locale and channel, each with their own token', async () => {
    const { agent, renders } = app();
    const get = (locale: string, channel: string, v: string) =>
      agent.get('/page').set({ 'x-locale': locale, 'x-channel': channel, 'x-visitor': v });
    expect((await get('en-us', 'US', 'a')).text).to.equal('<p>page en-us US token-a</p>');
    expect((await get('en-us', 'US', 'b')).text).to.equal('<p>page en-us US token-b</p>');
    expect(renders()).to.equal(1);
    expect((await get('fr-ca', 'US', 'c')).text).to.equal('<p>page fr-ca US token-c</p>');
    expect((await get('en-us', 'CA', 'd')).text).to.equal('<p>page en-us CA token-d</p>');
    expect((await get('fr-ca', 'CA', 'e')).text).to.equal('<p>page fr-ca CA token-e</p>');
    expect(renders()).to.equal(4);
    const hit = await get('fr-ca', 'US', 'f');
    expect(hit.text).to.equal('<p>page fr-ca US token-f</p>');
    expect(hit.headers['x-page-cache']).to.equal('hit');
    expect(renders()).to.equal(4);
  });
});
