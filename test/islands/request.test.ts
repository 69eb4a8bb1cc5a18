import { expect } from 'chai';
import FakeTimers from '@sinonjs/fake-timers';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { AppRequestError, formBody, messagesOf, request } from '../../islands/lib/request.ts';
import { debounce } from '../../islands/lib/dom.ts';
import { inWebView } from '../../islands/lib/errors.ts';

type Seen = { method?: string; url?: string; headers: http.IncomingHttpHeaders; body: string };

describe('islands/lib/request', () => {
  let server: http.Server;
  let base: string;
  let seen: Seen;

  before(async () => {
    server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        seen = { method: req.method, url: req.url, headers: req.headers, body };
        const path = req.url!.split('?')[0];
        if (path === '/ok') {
          res.setHeader('content-type', 'application/json; charset=utf-8');
          res.end(JSON.stringify({ ok: true }));
        } else if (path === '/text') res.end('plain words');
        else if (path === '/empty') res.writeHead(204).end();
        else if (path === '/invalid') {
          res.writeHead(422, { 'content-type': 'application/json' });
          res.end(
            JSON.stringify({ error: { code: 'invalid', message: 'Fix these', fields: { quantity: 'Too many' } } }),
          );
        } else if (path === '/html-error') {
          res.writeHead(500, { 'content-type': 'text/html' });
          res.end('<!doctype html><h1>Oops</h1>');
        } else if (path === '/drop') req.socket.destroy();
        else res.writeHead(404).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => {
    server.close();
    delete (globalThis as { document?: unknown }).document;
  });

  it('sends a form-encoded body with the contract headers', async () => {
    (globalThis as { document?: unknown }).document = {
      querySelector: (sel: string) => (sel.includes('csrf-token') ? { content: 'tok-1' } : null),
    };
    const res = await request('POST', `${base}/ok`, {
      country: 'CA',
      n: 2,
      tags: ['a', 'b'],
      skip: undefined,
      loc: { lat: 1 },
    });
    expect(res).to.deep.equal({ ok: true });
    expect(seen.method).to.equal('POST');
    expect(seen.headers['content-type']).to.match(/^application\/x-www-form-urlencoded/);
    expect(seen.headers['x-csrf-token']).to.equal('tok-1');
    expect(seen.headers['x-requested-with']).to.equal('XMLHttpRequest');
    expect(seen.headers.accept).to.equal('application/json');
    expect(seen.body).to.equal('country=CA&n=2&tags=a&tags=b&loc=%7B%22lat%22%3A1%7D');
  });

  it('sends JSON, multipart, query strings and basic auth when asked', async () => {
    await request('PUT', `${base}/ok`, { line_items: [{ id: 1 }] }, { json: true });
    expect(seen.headers['content-type']).to.equal('application/json');
    expect(JSON.parse(seen.body)).to.deep.equal({ line_items: [{ id: 1 }] });

    const form = new FormData();
    form.append('countryCode', 'US');
    await request('POST', `${base}/ok`, form);
    expect(seen.headers['content-type']).to.match(/^multipart\/form-data; boundary=/);
    expect(seen.body).to.include('name="countryCode"');

    await request('GET', `${base}/ok?a=1`, { q: 'disc harrow' }, { basicAuth: { user: 'ü', pass: 'p:w' } });
    expect(seen.url).to.equal('/ok?a=1&q=disc+harrow');
    expect(seen.body).to.equal('');
    expect(Buffer.from(seen.headers.authorization!.replace('Basic ', ''), 'base64').toString()).to.equal('ü:p:w');
  });

  it('resolves any 2xx: text when not JSON, null when empty', async () => {
    expect(await request('GET', `${base}/text`)).to.equal('plain words');
    expect(await request('DELETE', `${base}/empty`)).to.equal(null);
  });

  it('rejects another status with AppRequestError carrying status, statusText and body', async () => {
    const err = await request('POST', `${base}/invalid`, {}).catch((e) => e);
    expect(err).to.be.instanceOf(AppRequestError);
    expect(err.status).to.equal(422);
    expect(err.statusText).to.equal('Unprocessable Entity');
    expect(err.body).to.deep.equal({
      error: { code: 'invalid', message: 'Fix these', fields: { quantity: 'Too many' } },
    });
    expect(err.message).to.equal('Fix these');
    expect(messagesOf(err)).to.deep.equal(['Fix these', 'Too many']);

    const notFound = await request('GET', `${base}/missing`).catch((e) => e);
    expect(notFound.body).to.equal('Not Found');
    const html = await request('GET', `${base}/html-error`).catch((e) => e);
    expect(html.body).to.equal('Internal Server Error');
  });

  it("rejects a network failure with exactly Error('Network Error')", async () => {
    for (const url of [`${base}/drop`, 'http://127.0.0.1:1/closed']) {
      const err = await request('GET', url).catch((e) => e);
      expect(err.constructor).to.equal(Error);
      expect(err.message).to.equal('Network Error');
    }
  });

  it('passes an abort through untouched', async () => {
    const ctl = new AbortController();
    ctl.abort();
    const err = await request('GET', `${base}/ok`, undefined, { signal: ctl.signal }).catch((e) => e);
    expect(err.name).to.equal('AbortError');
  });
});

describe('islands/lib helpers', () => {
  it('messagesOf reads every message shape once', () => {
    expect(messagesOf({ error: { message: 'A', fields: { x: 'B', y: 'A' } } })).to.deep.equal(['A', 'B']);
    expect(messagesOf(['one', { message: 'two' }, '', null])).to.deep.equal(['one', 'two']);
    expect(messagesOf('plain')).to.deep.equal(['plain']);
    expect(messagesOf({ errors: ['e1', 'e2'] })).to.deep.equal(['e1', 'e2']);
    expect(messagesOf(undefined)).to.deep.equal([]);
  });

  it('formBody drops null and undefined, stringifies dates', () => {
    const d = new Date(Date.UTC(2026, 0, 2));
    expect(formBody({ a: null, b: undefined, c: false, d }).toString()).to.equal(
      'c=false&d=2026-01-02T00%3A00%3A00.000Z',
    );
  });

  it('debounce runs once with the last arguments, after the pause and not before, and can be cancelled', () => {
    const clock = FakeTimers.install({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const calls: number[] = [];
      const f = debounce((n: number) => calls.push(n), 20);
      f(1);
      clock.tick(15);
      f(2);
      clock.tick(15);
      f(3);
      clock.tick(19);
      expect(calls, 'nothing before the pause has passed since the last call').to.deep.equal([]);
      clock.tick(1);
      expect(calls).to.deep.equal([3]);
      f(4);
      f.cancel();
      clock.tick(1000);
      expect(calls).to.deep.equal([3]);
    } finally {
      clock.uninstall();
    }
  });

  it('inWebView spots the Android WebView marker only', () => {
    expect(inWebView('Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/AP1A; wv) AppleWebKit/537.36')).to.equal(true);
    expect(inWebView('Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/126')).to.equal(false);
  });
});
