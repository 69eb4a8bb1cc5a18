/**
 * The catalogue in four languages: a fr-ca and an es-mx visitor read the demo
 * catalogue's names, categories, options and promotions in their language on the catalog, the
 * product page, the cart and the order page (confirmation and history); a product without a
 * translation shows its English name; a translation saved in the translation editor shows on the
 * next page.
 */
import { expect } from 'chai';
import { agent, csrf, type Agent } from '../helpers/http.ts';
import { productIdByStockcode, sqlRows, testServer } from '../helpers/server.ts';
import { signedIn } from '../helpers/signed-in.ts';
import { dbMode } from '../helpers/db.ts';

/** The page's text with tags dropped and entities decoded (what a reader sees). */
const text = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/\s+/g, ' ');

/** Props of the page's islands (JSON in data attributes or script tags), decoded, for option names. */
const decoded = (html: string) =>
  html
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\\u0026/g, '&');

async function addToCart(a: Agent, locale: string, stockcode: string) {
  const token = await csrf(a, `/${locale}/`);
  const res = await a
    .post(`/${locale}/cart/add/inline`)
    .set('X-CSRF-Token', token)
    .set('X-Requested-With', 'XMLHttpRequest')
    .type('form')
    .send({ product_id: String(await productIdByStockcode(stockcode)), quantity: '1' });
  expect(res.status, JSON.stringify(res.body)).to.equal(200);
  return res.body as { html: string };
}

describe(`catalogue in four languages (${dbMode()})`, function () {
  this.timeout(120_000);
  before(async function () {
    this.timeout(600_000);
    await testServer();
  });

  it('the catalog lists products and categories in French and in Spanish', async () => {
    const fr = text((await (await agent()).get('/fr-ca/products?category=planters')).text);
    expect(fr).to.include('Semoir pneumatique sur mesure — À configurer');
    expect(fr).to.include('Semoirs');
    expect(fr).to.include('Disques de semis');
    expect(fr).to.not.include('Custom Vacuum Planter');
    const es = text((await (await agent()).get('/es-mx/products?category=planters')).text);
    expect(es).to.include('Sembradora neumática a la medida — Configúrela');
    expect(es).to.include('Sembradoras');
    expect(es).to.include('Refacciones');
    expect(es).to.not.include('Custom Vacuum Planter');
    // A service's label, shown instead of stock, is catalogue text too.
    const services = text((await (await agent()).get('/fr-ca/products?category=kits-service')).text);
    expect(services).to.include('Envoyé par courriel').and.include('Garantie prolongée — Semoir, 2 ans');
    expect(services).to.not.include('Sent by email');
  });

  it("search and typeahead find and name products in the visitor's language", async () => {
    const fr = text((await (await agent()).get('/fr-ca/products?q=semoir%20configurer')).text);
    expect(fr).to.include('Semoir pneumatique sur mesure — À configurer');
    const es = (await (await agent()).get('/es-mx/search/typeahead?q=rueda%20tapadora')).body as { value: string }[];
    expect(es.map((s) => s.value).sort()).to.deep.equal(['Rueda tapadora de hule 1 x 12', 'Rueda tapadora de picos']);
    // English words still find the product, named in the visitor's language.
    const en = (await (await agent()).get('/fr-ca/search/typeahead?q=spiked')).body as { value: string }[];
    expect(en.map((s) => s.value)).to.deep.equal(['Roue de fermeture à pointes']);
  });

  it('the product page shows the name, category, description, options and choices in the language', async () => {
    const id = await productIdByStockcode('DEMO-CONFIG');
    const frHtml = (await (await agent()).get(`/fr-ca/products/${id}`)).text;
    const fr = text(frHtml);
    expect(fr).to.include('Semoir pneumatique sur mesure — À configurer');
    expect(fr).to.include('Choisissez le nombre de rangs');
    expect(fr).to.not.include('Choose the row count');
    expect(decoded(frHtml))
      .to.include('Nombre de rangs')
      .and.include('6 rangs')
      .and.include('Disques de semis supplémentaires')
      .and.include('Trois points, catégorie II');
    const esHtml = (await (await agent()).get(`/es-mx/products/${id}`)).text;
    expect(text(esHtml)).to.include('Sembradora neumática a la medida — Configúrela').and.include('Sembradoras');
    expect(decoded(esHtml))
      .to.include('Número de surcos')
      .and.include('6 surcos')
      .and.include('Platos de siembra adicionales');
    // The JSON form of the page too.
    const json = (await (await agent()).get(`/es-mx/products/${id}`).set('Accept', 'application/json')).body;
    expect(json.title).to.equal('Sembradora neumática a la medida — Configúrela');
    expect(json.options.map((o: { name: string }) => o.name)).to.include('Número de surcos');
  });

  it('the cart names the product, its options and the promotion in the language', async () => {
    const fr = await agent();
    const added = await addToCart(fr, 'fr-ca', 'DEMO-CONFIG');
    expect(text(added.html)).to.include('Semoir pneumatique sur mesure — À configurer');
    // The Parts Bundle comes off parts only: a part in the cart brings it.
    await addToCart(fr, 'fr-ca', 'PP-SCW');
    const frCart = decoded((await fr.get('/fr-ca/cart')).text);
    expect(frCart).to.include('Semoir pneumatique sur mesure — À configurer');
    expect(frCart).to.include('Lot de pièces');
    expect(frCart).to.not.include('Parts Bundle');
    const sync = (await fr.get('/fr-ca/cart/synchronize')).body;
    const line = sync.line_items.find((l: { line_type: number }) => l.line_type === 0);
    expect(line.title).to.equal('Semoir pneumatique sur mesure — À configurer');
    expect(line.line_options.map((o: { option_name: string }) => o.option_name)).to.include('Nombre de rangs');
    expect(sync.promotions.map((p: { name: string }) => p.name)).to.deep.equal(['Lot de pièces']);

    const es = await agent();
    await addToCart(es, 'es-mx', 'PP-SCW');
    const esCart = decoded((await es.get('/es-mx/cart')).text);
    expect(esCart).to.include('Rueda tapadora de picos');
    expect(esCart).to.include('Paquete de refacciones');
  });

  it('the order page (confirmation and history) names the lines in the language', async () => {
    const { a } = await signedIn('customer@example.com');
    const [order] = await sqlRows<{ id: number }>(
      `select o.id from orders o join users u on u.id = o.user_id
        where u.email = 'customer@example.com' and o.status <> 'cart'
          and exists (select 1 from order_line_items l join products p on p.id = l.product_id where l.order_id = o.id and p.stockcode = 'PP-DOB-15')
        order by o.id limit 1`,
    );
    expect(order, 'a demo order of the customer with the 15" opener blade').to.not.equal(undefined);
    const fr = text((await a.get(`/fr-ca/orders/${order.id}?placed=1`)).text);
    expect(fr).to.include('Disque ouvreur 15 po');
    expect(fr).to.not.include('Disc Opener Blade');
    const es = text((await a.get(`/es-mx/orders/${order.id}`)).text);
    expect(es).to.include('Disco abresurcos de 15 pulg.');
  });

  it('the channel picker names the channels in the language', async () => {
    const fr = decoded((await (await agent()).get('/fr-ca/')).text);
    expect(fr).to.include('États-Unis').and.include('Mexique');
    const es = decoded((await (await agent()).get('/es-mx/')).text);
    expect(es).to.include('Estados Unidos').and.include('Canadá');
  });

  it('a product without a translation shows its English name (and the others stay translated)', async () => {
    const app = await testServer();
    const id = await productIdByStockcode('HT-PIN-1');
    const field = `cat:product.${id}.title`;
    const saved = await sqlRows<{ id: number; language: string; country: string; value: string }>(
      'select id, language, country, value from translations where field = $1',
      [field],
    );
    expect(saved.map((r) => r.value).sort()).to.deep.equal([
      'Goupille d’attelage 1 po avec agrafe',
      'Pasador de enganche de 1 pulg. con seguro',
    ]);
    const removed = app.services.readModel.nextChange('translations');
    await sqlRows('delete from translations where field = $1', [field]);
    await removed;
    try {
      const fr = text((await (await agent()).get(`/fr-ca/products/${id}`)).text);
      expect(fr).to.include('Hitch Pin 1 in with Clip');
      expect(fr).to.include('Attelages'); // its category still in French
      const list = text((await (await agent()).get('/fr-ca/products?category=hitches')).text);
      expect(list).to.include('Hitch Pin 1 in with Clip').and.include('Attelage rapide catégorie II');
    } finally {
      const back = app.services.readModel.nextChange('translations');
      for (const r of saved) {
        await sqlRows('insert into translations (field, language, country, value) values ($1, $2, $3, $4)', [
          field,
          r.language,
          r.country,
          r.value,
        ]);
      }
      await back;
    }
    expect(text((await (await agent()).get(`/fr-ca/products/${id}`)).text)).to.include(
      'Goupille d’attelage 1 po avec agrafe',
    );
  });

  it('a name saved in the translation editor shows on the next page', async () => {
    const { a, token } = await signedIn('admin@example.com');
    const id = await productIdByStockcode('TL-GREASE');
    const field = `cat:product.${id}.title`;
    const page = async () => text((await (await agent()).get(`/fr-ca/products/${id}`)).text);
    expect(await page()).to.include('Pistolet graisseur à levier');

    // Staff see the edit link beside the product's name, carrying the field and the locale.
    expect((await a.get(`/fr-ca/products/${id}`)).text).to.include(
      `data-translation-key="${field}" data-locale="fr-ca"`,
    );
    await a.get('/en-us/'); // the shared admin session goes back to English for the suites that follow
    expect((await (await agent()).get(`/fr-ca/products/${id}`)).text).to.not.include('data-translation-key');
    const opened = await a.get(`/translation/${field}?locale=fr`).set('Accept', 'application/json');
    expect(opened.status, JSON.stringify(opened.body)).to.equal(200);
    expect(opened.body.entry.value).to.equal('Pistolet graisseur à levier');
    const english = opened.body.translations.find((e: { language: string }) => e.language === 'en');
    expect(english, 'the English reference is the product column (no row)').to.include({
      translation_id: 0,
      value: 'Grease Gun, Lever Action',
    });

    const save = (value: string, version: number) =>
      a
        .post(`/translation/${field}`)
        .set('X-CSRF-Token', token)
        .set('Accept', 'application/json')
        .send({ language: 'fr', country: '', value, version });
    const res = await save('Pompe à graisse à levier', opened.body.entry.version);
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    try {
      expect(await page()).to.include('Pompe à graisse à levier');
    } finally {
      expect((await save('Pistolet graisseur à levier', res.body.entry.version)).status).to.equal(200);
    }
    expect(await page()).to.include('Pistolet graisseur à levier');
  });

  it('the editor refuses a catalogue key of an entity that does not exist', async () => {
    const { a } = await signedIn('admin@example.com');
    const res = await a.get('/translation/cat:product.987654.title?locale=fr').set('Accept', 'application/json');
    expect(res.status).to.equal(404);
  });
});
