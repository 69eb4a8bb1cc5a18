/**
 * Output safety in a real browser: a script planted in a product title, an address
 * and a translation stays text. Each page is checked three ways: the planted script never ran
 * (window.__xss), the browser reported no CSP violation (so nothing was even tried as markup:
 * it was escaped or sanitised, not merely blocked), and the title and address read as text.
 */
import { expect } from 'chai';
import { newPage, requireChromium, type TestPage } from '../helpers/browser.ts';
import { DEMO_PASSWORD, signIn, agent, csrf } from '../helpers/http.ts';
import { testServer } from '../helpers/server.ts';

const PAYLOAD = '<img src=x onerror="window.__xss=1"><script>window.__xss=2</script>';
const ran = (page: TestPage) => page.evaluate(() => (window as unknown as { __xss?: number }).__xss ?? null);

describe('browser: planted scripts stay inert', function () {
  this.timeout(180_000);
  let base: string;
  let restore: (() => Promise<unknown>)[] = [];
  before(function () {
    requireChromium(this);
  });
  before(async () => {
    const app = await testServer();
    base = app.url;
  });
  after(async () => {
    for (const r of restore.reverse()) await r();
    restore = [];
  });

  it('a product title with a script shows as text on the catalog, the product page and the cart', async () => {
    const { database } = await testServer();
    const q = (text: string, params: unknown[] = []) => database.pool.query(text, params);
    const {
      rows: [p],
    } = await q(`select id, title from products where stockcode = 'TL-TQW'`);
    restore.push(() => q('update products set title = $2 where id = $1', [p.id, p.title]));
    await q('update products set title = $2 where id = $1', [p.id, `Wrench ${PAYLOAD}`]);

    const page = await newPage();
    await page.goto(`${base}/en-us/products?q=TL-TQW`);
    await page.locator('[data-testid="product-card"]', { hasText: 'Wrench' }).first().waitFor();
    expect(await page.locator('body').innerText()).to.include('<script>window.__xss=2</script>');
    await page.locator('[data-testid="product-card"]', { hasText: 'Wrench' }).first().click();
    await page.waitForLoadState('load');
    expect(await page.locator('h1').innerText()).to.include('<img src=x');
    const token = await page.evaluate(
      () => document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')!.content,
    );
    const status = await page.evaluate(
      async ({ id, token }) =>
        (
          await fetch('/en-us/cart/add/inline', {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'X-CSRF-Token': token },
            body: JSON.stringify({ product_id: id, quantity: 1 }),
          })
        ).status,
      { id: p.id, token },
    );
    expect(status).to.equal(200);
    await page.goto(`${base}/en-us/cart`);
    await page.locator('[data-testid="cart-island"]', { hasText: 'Wrench' }).waitFor();
    expect(await page.locator('[data-testid="cart-island"]').innerText()).to.include('<script>');
    expect(await ran(page)).to.equal(null);
    expect(page.problems).to.deep.equal([]);
    await page.close();
  });

  it("an address with a script shows as text on the customer's account page and to staff", async () => {
    const { database } = await testServer();
    const q = (text: string, params: unknown[] = []) => database.pool.query(text, params);
    const {
      rows: [a],
    } = await q(
      `select a.id, a.address1, a.person_id from addresses a join persons p on p.id = a.person_id where p.email = 'maria.gonzalez@example.net' order by a.id limit 1`,
    );
    expect(a, 'a demo address').to.exist;
    restore.push(() => q('update addresses set address1 = $2 where id = $1', [a.id, a.address1]));
    await q('update addresses set address1 = $2 where id = $1', [a.id, `12 Main ${PAYLOAD}`]);

    const page = await newPage();
    await page.goto(`${base}/en-us/login`);
    await page.fill('input[name="email"]', 'maria.gonzalez@example.net');
    await page.fill('input[name="password"]', DEMO_PASSWORD);
    await Promise.all([page.waitForNavigation(), page.click('button[type="submit"]')]);
    await page.goto(`${base}/en-us/account`);
    expect(await page.locator('[data-testid="saved-address"]').first().innerText()).to.include(
      '<script>window.__xss=2</script>',
    );
    expect(await ran(page)).to.equal(null);
    expect(page.problems).to.deep.equal([]);
    await page.close();

    const staff = await newPage();
    await staff.goto(`${base}/en-us/login`);
    await staff.fill('input[name="email"]', 'staff@example.com');
    await staff.fill('input[name="password"]', DEMO_PASSWORD);
    await Promise.all([staff.waitForNavigation(), staff.click('button[type="submit"]')]);
    await staff.goto(`${base}/account/dashboard/customers/${a.person_id}`);
    expect(await staff.locator('main').innerText()).to.include('<script>window.__xss=2</script>');
    expect(await ran(staff)).to.equal(null);
    expect(staff.problems).to.deep.equal([]);
    await staff.close();
  });

  it('a translation with a script is sanitised on the page that shows it', async () => {
    const staff = await agent();
    await signIn(staff, 'admin@example.com');
    const token = await csrf(staff, '/en-us/account');
    const key = 'ui:landing.section.support.body';
    const before = await staff.get(`/translation/${key}?locale=es`);
    const res = await staff
      .post(`/translation/${key}`)
      .set('X-CSRF-Token', token)
      .type('form')
      .send({
        language: 'es',
        value: `<p>Soporte local</p>${PAYLOAD}`,
        ...(before.body.entry?.translation_id
          ? { id: before.body.entry.translation_id, version: before.body.entry.version }
          : {}),
      });
    expect(res.status, res.text).to.equal(200);
    const saved = res.body.entry as { translation_id: number; version: number };
    const original = before.body.entry?.value ?? '';
    restore.push(() =>
      staff
        .post(`/translation/${key}`)
        .set('X-CSRF-Token', token)
        .type('form')
        .send({ language: 'es', value: original, id: saved.translation_id, version: saved.version }),
    );

    const page = await newPage();
    await page.goto(`${base}/es-mx/`);
    expect(await page.getByTestId('landing-support-body').innerText()).to.include('Soporte local');
    expect(await ran(page)).to.equal(null);
    expect(page.problems).to.deep.equal([]);
    expect(await page.getByTestId('landing-support-body').innerHTML()).to.not.match(/<script|onerror/i);
    await page.close();
  });
});
