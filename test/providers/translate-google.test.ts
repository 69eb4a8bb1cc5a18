/** The machine-translation adapter against a local fake of the service, and the offline provider. */
import { expect } from 'chai';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  createTranslator,
  NotConfiguredTranslator,
  OfflineTranslator,
  TranslateFailedError,
  TranslateNotConfiguredError,
} from '../../src/providers/translate/index.ts';
import { GoogleTranslate } from '../../src/providers/translate/google.ts';

type Seen = { url: string; body: any };

async function fakeService(answer: (seen: Seen) => { status: number; body: string }) {
  const seen: Seen[] = [];
  const server = http.createServer((req, res) => {
    let data = '';
    req.on('data', (c) => (data += c));
    req.on('end', () => {
      const s = { url: req.url ?? '', body: data ? JSON.parse(data) : null };
      seen.push(s);
      const a = answer(s);
      res.writeHead(a.status, { 'content-type': 'application/json' }).end(a.body);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { baseUrl, seen, close: () => new Promise<void>((r) => server.close(() => r())) };
}

describe('providers/translate', () => {
  it('without a key the offline translator answers (labelled offline); NotConfiguredTranslator still refuses', async () => {
    const t = createTranslator({});
    expect(t).to.be.instanceOf(OfflineTranslator);
    expect(t.offline).to.equal(true);
    expect(await t.translate({ text: 'Add to cart', from: 'en', to: 'fr', format: 'text' })).to.equal(
      'Ajouter au panier',
    );
    let err: unknown;
    try {
      await new NotConfiguredTranslator().translate();
    } catch (e) {
      err = e;
    }
    expect(err).to.be.instanceOf(TranslateNotConfiguredError);
  });

  it('sends text, languages, format and key; returns the translated text', async () => {
    const svc = await fakeService(({ body }) => ({
      status: 200,
      body: JSON.stringify({
        data: { translations: [{ translatedText: body.q === '<p>Planters</p>' ? '<p>Semoirs</p>' : '?' }] },
      }),
    }));
    try {
      const t = createTranslator({ apiKey: 'k-123', baseUrl: svc.baseUrl });
      expect(t.name).to.equal('google');
      expect(await t.translate({ text: '<p>Planters</p>', from: 'en', to: 'fr', format: 'html' })).to.equal(
        '<p>Semoirs</p>',
      );
      expect(svc.seen[0].url).to.equal('/language/translate/v2?key=k-123');
      expect(svc.seen[0].body).to.deep.equal({ q: '<p>Planters</p>', source: 'en', target: 'fr', format: 'html' });
    } finally {
      await svc.close();
    }
  });

  for (const [name, status, body, pattern] of [
    [
      'a refused key',
      403,
      JSON.stringify({ error: { code: 403, message: 'API key not valid' } }),
      /403: API key not valid/,
    ],
    ['a server error', 500, '{}', /500/],
    ['an unexpected body', 200, JSON.stringify({ data: { translations: [] } }), /unexpected/],
    ['a body that is not JSON', 200, 'oops', /unexpected/],
  ] as const) {
    it(`turns ${name} into TranslateFailedError`, async () => {
      const svc = await fakeService(() => ({ status, body }));
      try {
        let err: unknown;
        try {
          await new GoogleTranslate({ apiKey: 'k', baseUrl: svc.baseUrl }).translate({
            text: 'Hi',
            from: 'en',
            to: 'es',
            format: 'text',
          });
        } catch (e) {
          err = e;
        }
        expect(err).to.be.instanceOf(TranslateFailedError);
        expect((err as Error).message).to.match(pattern);
      } finally {
        await svc.close();
      }
    });
  }

  it('an unreachable service is a TranslateFailedError', async () => {
    const svc = await fakeService(() => ({ status: 200, body: '{}' }));
    await svc.close();
    let err: unknown;
    try {
      await new GoogleTranslate({ apiKey: 'k', baseUrl: svc.baseUrl, timeoutMs: 2000 }).translate({
        text: 'Hi',
        from: 'en',
        to: 'es',
        format: 'text',
      });
    } catch (e) {
      err = e;
    }
    expect(err).to.be.instanceOf(TranslateFailedError);
  });
});
