/** The app as a whole (src/app.ts): pages in every locale, health, security headers, bundles. */
import { expect } from 'chai';
import { agent } from '../helpers/http.ts';

describe('pages, locales and health', () => {
  it('GET /healthz answers ok with the database', async () => {
    const a = await agent();
    const res = await a.get('/healthz');
    expect(res.status).to.equal(200);
    expect(res.body).to.deep.equal({ status: 'ok', db: 'ok' });
  });

  it('GET / redirects to /en-us/', async () => {
    const res = await (await agent()).get('/');
    expect(res.status).to.equal(302);
    expect(res.headers.location).to.equal('/en-us/');
  });

  // The first request lands in the browser's language.
  for (const [header, where] of [
    ['es-MX,es;q=0.9,en;q=0.8', '/es-mx/'],
    ['fr-CA', '/fr-ca/'],
    ['fr', '/fr-ca/'],
    ['fr-FR,fr;q=0.9', '/fr-ca/'],
    ['en-CA,en;q=0.8', '/en-ca/'],
    ['de-DE,de;q=0.9', '/en-us/'],
    ['en-GB', '/en-us/'],
    ['de;q=1, es;q=0.5', '/es-mx/'],
    ['', '/en-us/'],
  ] as const) {
    it(`GET / with Accept-Language "${header}" redirects to ${where}`, async () => {
      const res = await (await agent()).get('/').set('Accept-Language', header);
      expect(res.status).to.equal(302);
      expect(res.headers.location).to.equal(where);
      expect(res.headers.vary ?? '').to.match(/Accept-Language/i);
    });
  }

  for (const locale of ['en-us', 'en-ca', 'fr-ca', 'es-mx']) {
    it(`serves the landing page in ${locale} with demo products and a csrf meta`, async () => {
      const res = await (await agent()).get(`/${locale}/`);
      expect(res.status).to.equal(200);
      expect(res.text).to.match(/<meta name="csrf-token" content="[^"]+">/);
      expect(res.text).to.include(`lang="${locale.slice(0, 2)}"`);
      expect((res.text.match(/data-testid="product-card"/g) ?? []).length).to.be.greaterThan(3);
    });
  }

  it('shows interface text in the locale (French, Spanish)', async () => {
    const a = await agent();
    expect((await a.get('/fr-ca/login')).text).to.include('Mot de passe');
    expect((await a.get('/es-mx/login')).text).to.include('Contraseña');
  });

  it('answers 404 for an unknown locale, as a page and as JSON', async () => {
    const a = await agent();
    const page = await a.get('/de-de/');
    expect(page.status).to.equal(404);
    expect(page.text).to.include('data-testid="error-page"');
    const json = await a.get('/xx-yy/products').set('Accept', 'application/json');
    expect(json.status).to.equal(404);
    expect(json.body.error.code).to.equal('not_found');
  });

  it('sends a strict Content-Security-Policy with no inline scripts', async () => {
    const res = await (await agent()).get('/en-us/');
    const csp = res.headers['content-security-policy'];
    const directives = new Map(
      csp
        .split(';')
        .map((d: string) => d.trim().split(/\s+/))
        .filter((d: string[]) => d[0])
        .map((d: string[]) => [d[0], d.slice(1)]),
    );
    expect(directives.get('script-src')).to.include("'self'");
    expect(directives.get('script-src')).not.to.include("'unsafe-inline'");
    expect(directives.get('script-src')).not.to.include("'unsafe-eval'");
    expect(directives.get('object-src')).to.deep.equal(["'none'"]);
    expect(res.text).not.to.match(/<script(?![^>]*\bsrc=)(?![^>]*type="application\/json")[^>]*>/);
  });

  it('serves hashed bundles with a one-year cache lifetime', async () => {
    const a = await agent();
    const html = (await a.get('/en-us/')).text;
    const src = /<script type="module" src="(\/build\/boot-[^"]+\.js)"/.exec(html)?.[1];
    expect(src, 'boot script').to.be.a('string');
    const res = await a.get(src!);
    expect(res.status).to.equal(200);
    expect(res.headers['cache-control']).to.include('max-age=31536000');
  });
});
