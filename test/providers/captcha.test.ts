/** Bot protection: the offline one-time tokens, and the reCAPTCHA adapter against a local fake siteverify. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { createOfflineCaptcha, TOKEN_TTL_MS } from '../../src/providers/captcha/offline.ts';
import { createRecaptcha } from '../../src/providers/captcha/recaptcha.ts';

const NOW = new Date('2026-11-24T12:00:00Z');
const later = (ms: number) => new Date(NOW.getTime() + ms);

describe('providers/captcha offline', () => {
  it('accepts a token it issued once, under the offline key, within its lifetime', async () => {
    const c = createOfflineCaptcha({ secret: 's' });
    const token = c.issue(NOW)!;
    expect(await c.verify({ token, key: 'offline', action: 'submit', now: later(5000) })).to.deep.equal({
      ok: true,
      score: 1,
    });
    expect(await c.verify({ token, key: 'offline', action: 'submit', now: later(6000) })).to.deep.equal({
      ok: false,
      reason: 'duplicate',
    });
  });

  it('declines missing, forged, foreign, wrong-key and expired tokens', async () => {
    const c = createOfflineCaptcha({ secret: 's' });
    const other = createOfflineCaptcha({ secret: 't' });
    const token = c.issue(NOW)!;
    expect(await c.verify({ token: undefined, key: 'offline', action: 'submit', now: NOW })).to.deep.equal({
      ok: false,
      reason: 'missing',
    });
    expect(
      (await c.verify({ token: `${token.slice(0, -2)}xx`, key: 'offline', action: 'submit', now: NOW })).ok,
    ).to.equal(false);
    expect((await c.verify({ token: other.issue(NOW)!, key: 'offline', action: 'submit', now: NOW })).ok).to.equal(
      false,
    );
    expect((await c.verify({ token, key: 'somekey', action: 'submit', now: NOW })).ok).to.equal(false);
    expect(await c.verify({ token, key: 'offline', action: 'submit', now: later(TOKEN_TTL_MS + 1) })).to.deep.equal({
      ok: false,
      reason: 'expired',
    });
    expect(await c.verify({ token: 'a.b', key: 'offline', action: 'submit', now: NOW })).to.deep.equal({
      ok: false,
      reason: 'invalid',
    });
  });

  it('forgets used tokens once they expire (state stays bounded)', async () => {
    const c = createOfflineCaptcha({ secret: 's', ttlMs: 1000 });
    await c.verify({ token: c.issue(NOW)!, key: 'offline', action: 'submit', now: NOW });
    expect(c.usedCount()).to.equal(1);
    await c.verify({ token: c.issue(later(5000))!, key: 'offline', action: 'submit', now: later(5000) });
    expect(c.usedCount()).to.equal(1);
  });
});

describe('providers/captcha reCAPTCHA adapter (fake siteverify)', () => {
  let server: http.Server;
  let url: string;
  let answer: Record<string, unknown> = {};
  let status = 200;
  const seen: URLSearchParams[] = [];
  before(async () => {
    server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        seen.push(new URLSearchParams(body));
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/recaptcha/api/siteverify`;
  });
  after(() => new Promise<void>((r) => server.close(() => r())));
  beforeEach(() => {
    seen.length = 0;
    status = 200;
  });

  const rc = () => createRecaptcha({ siteKey: 'site', secret: 'sec', verifyUrl: url, timeoutMs: 1000 });
  const verify = (token: string | undefined, key = 'site') =>
    rc().verify({ token, key, action: 'submit', remoteIp: '203.0.113.9', now: NOW });

  it('sends secret, response and remoteip, and accepts success with the submit action and a good score', async () => {
    answer = { success: true, score: 0.9, action: 'submit' };
    expect(await verify('tok')).to.deep.equal({ ok: true, score: 0.9 });
    expect(Object.fromEntries(seen[0])).to.deep.equal({ secret: 'sec', response: 'tok', remoteip: '203.0.113.9' });
  });

  it('declines low scores, other actions, failures, duplicates, a missing token, an outage', async () => {
    answer = { success: true, score: 0.2, action: 'submit' };
    expect(await verify('tok')).to.deep.equal({ ok: false, reason: 'low-score' });
    answer = { success: true, score: 0.9, action: 'login' };
    expect(await verify('tok')).to.deep.equal({ ok: false, reason: 'wrong-action' });
    answer = { success: false, 'error-codes': ['timeout-or-duplicate'] };
    expect(await verify('tok')).to.deep.equal({ ok: false, reason: 'duplicate' });
    answer = { success: false, 'error-codes': ['invalid-input-response'] };
    expect(await verify('tok')).to.deep.equal({ ok: false, reason: 'invalid' });
    expect(await verify(undefined)).to.deep.equal({ ok: false, reason: 'missing' });
    expect(seen.length).to.equal(4); // no call without a token
    status = 503;
    expect(await verify('tok')).to.deep.equal({ ok: false, reason: 'unavailable' });
    const down = createRecaptcha({ siteKey: 'site', secret: 'sec', verifyUrl: 'http://127.0.0.1:9/x', timeoutMs: 500 });
    expect(await down.verify({ token: 't', key: 'site', action: 'submit', now: NOW })).to.deep.equal({
      ok: false,
      reason: 'unavailable',
    });
  });
});
