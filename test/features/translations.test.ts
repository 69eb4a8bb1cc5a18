/** The translation API (spec §7 Translations) and what customers see of saved text. */
import { expect } from 'chai';
import { agent, type Agent } from '../helpers/http.ts';
import { testServer } from '../helpers/server.ts';
import { signedIn } from '../helpers/signed-in.ts';

const KEY = 'ui:landing.section.support.body';

const admin = (): Promise<{ a: Agent; token: string }> => signedIn('admin@example.com');

describe('translations: API', () => {
  // Starting the shared app (a fresh embedded database without DATABASE_URL) can take minutes on a busy machine.
  before(async function () {
    this.timeout(600_000);
    await testServer();
  });

  it('refuses visitors (401), customers and staff without the translation permission (403)', async () => {
    const anon = await agent();
    expect((await anon.get(`/translation/${KEY}?locale=fr-ca`).set('Accept', 'application/json')).status).to.equal(401);
    for (const email of ['customer@example.com', 'staff@example.com']) {
      const { a, token } = await signedIn(email);
      const get = await a.get(`/translation/${KEY}?locale=fr-ca`).set('Accept', 'application/json');
      expect(get.status, email).to.equal(403);
      expect(get.body.error.code).to.equal('forbidden');
      const post = await a
        .post(`/translation/${KEY}`)
        .set('X-CSRF-Token', token)
        .field('language', 'fr')
        .field('value', 'pirate');
      expect(post.status, email).to.equal(403);
      expect((await a.get(`/translation/${KEY}/fr`)).status, email).to.equal(403);
    }
    const { rows } = await (await testServer()).database.pool.query(
      "select count(*)::int as n from translations where value = 'pirate'",
    );
    expect(rows[0].n).to.equal(0);
  });

  it('a save without the CSRF token is refused', async () => {
    const { a } = await admin();
    const res = await a.post(`/translation/${KEY}`).field('language', 'fr').field('value', 'x');
    expect(res.status).to.equal(403);
  });

  it('opens an entry: a missing language/country answers id 0 and an empty value, with the other entries and the language map', async () => {
    const { a } = await admin();
    const res = await a.get(`/translation/${KEY}?locale=fr-ca`);
    expect(res.status).to.equal(200);
    expect(res.body.field).to.equal(KEY);
    expect(res.body.locale).to.equal('fr-ca');
    expect(res.body.entry).to.include({ translation_id: 0, value: '', language: 'fr', country: 'CA' });
    const en = res.body.translations.find(
      (e: { language: string; country: string }) => e.language === 'en' && e.country === '',
    );
    expect(en.value).to.be.a('string').and.not.equal('');
    expect(res.body.translations.map((e: { language: string }) => e.language)).to.include('fr');
    expect(res.body.languages).to.have.keys('en', 'fr', 'es');
    expect(res.body.languages).to.not.have.key('xx');
  });

  it('keys with history list their earlier versions, newest first', async () => {
    const { a } = await admin();
    const res = await a.get('/translation/ui:landing.hero.title?locale=en');
    expect(res.status).to.equal(200);
    expect(res.body.entry.version).to.be.greaterThan(1);
    expect(res.body.entry.changes.map((c: { version: number }) => c.version)).to.deep.equal(
      [...Array(res.body.entry.version - 1).keys()].map((k) => res.body.entry.version - 1 - k),
    );
  });

  it('bad input answers 4xx in the contract shape, never 5xx', async () => {
    const { a: raw, token } = await admin();
    const a = { get: (u: string) => raw.get(u).set('Accept', 'application/json'), post: (u: string) => raw.post(u) };
    const post = (field: string, data: Record<string, string>) => {
      let r = a
        .post(`/translation/${encodeURIComponent(field)}`)
        .set('X-CSRF-Token', token)
        .set('Accept', 'application/json');
      for (const [k, v] of Object.entries(data)) r = r.field(k, v);
      return r;
    };
    const cases: [string, () => Promise<{ status: number; body: any }>, number, RegExp][] = [
      ['no language', () => post(KEY, { value: 'x' }), 400, /^Language is required$/],
      ['empty language', () => post(KEY, { language: '', value: 'x' }), 400, /^Language is required$/],
      ['placeholder language xx', () => post(KEY, { language: 'xx', value: 'x' }), 400, /language/i],
      ['country of another language', () => post(KEY, { language: 'es', country: 'CA', value: 'x' }), 400, /country/i],
      [
        'unpaired tag',
        () => post(KEY, { language: 'fr', value: '<p>x' }),
        400,
        /^Line 1, Col \d+: Tag must be paired, missing: \[ <\/p> \]/,
      ],
      [
        'field that does not match the address',
        () => post(KEY, { language: 'fr', value: 'x', field: 'ui:nav.home' }),
        400,
        /field/i,
      ],
      ['unknown key', () => post('ui:no.such.key', { language: 'fr', value: 'x' }), 404, /Unknown translation key/],
      ['malformed key', () => post('nope', { language: 'fr', value: 'x' }), 400, /key/i],
      ['id of another entry', () => post(KEY, { language: 'fr', value: 'x', id: '1' }), 400, /entry/i],
      ['too long', () => post(KEY, { language: 'fr', value: 'x'.repeat(20_001) }), 400, /20000/],
      ['bad locale', async () => a.get(`/translation/${KEY}?locale=zz-top`), 400, /locale/i],
      ['unknown country for the language', async () => a.get(`/translation/${KEY}?locale=es-ca`), 400, /country/i],
      [
        'machine translation to English',
        async () => a.get(`/translation/${KEY}/en`),
        400,
        /^You cannot translate to English\.$/,
      ],
      ['machine translation to an unknown language', async () => a.get(`/translation/${KEY}/de`), 400, /language/i],
    ];
    for (const [name, send, status, message] of cases) {
      const res = await send();
      expect(res.status, name).to.equal(status);
      expect(res.body.error.message, name).to.match(message);
    }
  });

  it('machine translation without TRANSLATE_API_KEY translates offline from the catalogue, labelled offline (not a 503)', async () => {
    const { a } = await admin();
    const res = await a.get(`/translation/${KEY}/fr`).set('Accept', 'application/json');
    expect(res.status, res.text).to.equal(200);
    expect(res.body).to.deep.equal({
      translated: { translatedText: "Vidéos d'installation, listes d'outils et un concessionnaire près de chez vous." },
      provider: 'offline',
    });
    const es = await a.get(`/translation/${KEY}/es`).set('Accept', 'application/json');
    expect(es.body.translated.translatedText).to.equal(
      'Videos de instalación, listas de herramientas y un distribuidor cercano.',
    );
  });

  it('every save is a new version; a script is kept in history but the page shows it sanitised', async () => {
    const { a, token } = await admin();
    const first = await a
      .post(`/translation/${KEY}`)
      .set('X-CSRF-Token', token)
      .field('language', 'fr')
      .field('country', 'CA')
      .field('value', 'Soutien local, première version');
    expect(first.status).to.equal(200);
    expect(first.body.entry).to.include({
      version: 1,
      value: 'Soutien local, première version',
      language: 'fr',
      country: 'CA',
    });
    const id = first.body.entry.translation_id;
    expect(id).to.be.greaterThan(0);

    const evil =
      '<p>Soutien <strong>local</strong> <a href="javascript:alert(3)">lien</a></p><script>alert("x")</script><img src="/images/hero.svg" onerror="alert(2)" alt="">';
    const second = await a
      .post(`/translation/${KEY}`)
      .set('X-CSRF-Token', token)
      .field('language', 'fr')
      .field('country', 'CA')
      .field('value', evil)
      .field('id', String(id))
      .field('version', '1')
      .field('field', KEY);
    expect(second.status).to.equal(200);
    expect(second.body.entry).to.include({ translation_id: id, version: 2, value: evil });
    expect(second.body.entry.changes).to.deep.equal([{ value: 'Soutien local, première version', version: 1 }]);

    const { rows } = await (await testServer()).database.pool.query(
      'select value, version from translation_versions where translation_id = $1 order by version',
      [id],
    );
    expect(rows.map((r: { version: number }) => r.version)).to.deep.equal([1, 2]);
    expect(rows[1].value).to.include('<script>');

    const page = await (await agent()).get('/fr-ca/');
    const block = /data-testid="landing-support-body">([\s\S]*?)<\/div>/.exec(page.text)?.[1] ?? '';
    expect(block).to.include('Soutien <strong>local</strong>');
    expect(block).to.include('<img src="/images/hero.svg"');
    expect(page.text).to.not.include('alert(');
    expect(block).to.not.match(/<script|onerror|javascript:/i);

    // Other locales keep their own text.
    expect((await (await agent()).get('/en-us/')).text).to.not.include('Soutien');
  });

  it('a save over a newer version than the one opened is refused (409), nothing written', async () => {
    const { a, token } = await admin();
    const open = await a.get('/translation/ui:landing.section.parts.body?locale=fr');
    const { translation_id: id, version } = open.body.entry;
    const ok = await a
      .post('/translation/ui:landing.section.parts.body')
      .set('X-CSRF-Token', token)
      .type('form')
      .send({ language: 'fr', value: 'Pièces d’origine', id, version });
    expect(ok.status).to.equal(200);
    const stale = await a
      .post('/translation/ui:landing.section.parts.body')
      .set('X-CSRF-Token', token)
      .type('form')
      .send({ language: 'fr', value: 'Écrasé', id, version });
    expect(stale.status).to.equal(409);
    const again = await a.get('/translation/ui:landing.section.parts.body?locale=fr');
    expect(again.body.entry).to.include({ value: 'Pièces d’origine', version: version + 1 });
  });
});

describe('content and image editor: the landing banner', () => {
  it('the banner image is an image() directive staff change per language; unsafe addresses are dropped', async () => {
    const { a, token } = await admin();
    const before = await (await agent()).get('/es-mx/');
    expect(before.text).to.match(
      /data-testid="landing-hero-art"><img src="\/images\/hero\.svg" alt="" loading="lazy" \/>/,
    );
    const save = (value: string) =>
      a
        .post('/translation/ui:content.hero.image')
        .set('X-CSRF-Token', token)
        .type('form')
        .send({ language: 'es', value });
    expect((await save("image(['/images/products/pl-4rv.svg', 'Sembradora de 4 surcos'])")).status).to.equal(200);
    const after = await (await agent()).get('/es-mx/');
    expect(after.text).to.include(
      '<img src="/images/products/pl-4rv.svg" alt="Sembradora de 4 surcos" loading="lazy" />',
    );
    expect((await (await agent()).get('/en-us/')).text).to.include('<img src="/images/hero.svg"'); // English keeps its banner
    expect((await save("image(['javascript:alert(1)', 'x'])")).status).to.equal(200);
    const unsafe = await (await agent()).get('/es-mx/');
    expect(unsafe.text).to.not.include('javascript:');
  });
});

describe('translations: edit links', () => {
  it('staff with the permission see edit links carrying data-translation-key and data-locale, on storefront and back office', async () => {
    const { a } = await admin();
    const home = await a.get('/fr-ca/');
    expect(home.text).to.match(
      /<a href="#" class="t-edit" data-translation-key="ui:landing\.hero\.title" data-locale="fr-ca"/,
    );
    expect(home.text).to.include('data-testid="page-text-panel"');
    expect(home.text).to.include('data-translation-key="ui:nav.products"'); // header text, via the panel
    const office = await a.get('/account/dashboard');
    expect(office.text).to.include('data-translation-key="ui:dashboard.title"');
  });

  it('the header button counts the texts the drawer lists (footer and header included), on storefront and back office', async () => {
    const { a } = await admin();
    for (const p of ['/fr-ca/', '/account/dashboard']) {
      const html = (await a.get(p)).text;
      const button =
        /<button type="button" class="header-link page-text-toggle"[\s\S]*?<span class="count">\((\d+)\)<\/span><\/button>/.exec(
          html,
        );
      expect(button, p).to.not.equal(null);
      const drawer = html.slice(html.indexOf('data-testid="page-text-panel"'));
      const listed = drawer.slice(0, drawer.indexOf('</dialog>')).match(/<li data-key=/g) ?? [];
      expect(Number(button![1]), p).to.equal(listed.length);
      expect(listed.length, p).to.be.greaterThan(10);
      if (p === '/fr-ca/') expect(drawer).to.include('data-key="footer.contact"'); // the footer comes after the header
      expect(html, p).to.not.include('<!--page-text-count-->');
    }
  });

  it('customers, visitors and staff without the permission never see them', async () => {
    const pages = ['/fr-ca/', '/en-us/products'];
    const visitor = await agent();
    for (const p of pages)
      expect((await visitor.get(p)).text, p)
        .to.not.include('data-translation-key')
        .and.not.include('page-text-toggle');
    for (const email of ['customer@example.com', 'staff@example.com']) {
      const { a } = await signedIn(email);
      for (const p of pages)
        expect((await a.get(p)).text, `${email} ${p}`)
          .to.not.include('data-translation-key')
          .and.not.include('page-text-toggle');
    }
  });
});

describe('translations: the preview frame’s stylesheet', () => {
  it('the page stylesheet may be used by the editor’s sandboxed (opaque-origin) preview frame; scripts stay same-origin', async () => {
    const { a } = await admin();
    const html = (await a.get('/en-us/')).text;
    const css = /<link rel="stylesheet" href="([^"]+\.css)">/.exec(html)![1];
    const sheet = await a.get(css);
    expect(sheet.status).to.equal(200);
    expect(sheet.headers['cross-origin-resource-policy']).to.equal('cross-origin');
    const boot = /<script type="module" src="([^"]+\.js)">/.exec(html)![1];
    expect((await a.get(boot)).headers['cross-origin-resource-policy']).to.equal('same-origin');
  });
});
