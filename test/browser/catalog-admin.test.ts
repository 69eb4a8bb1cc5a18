/** Promotions, warehouses and media in a real browser: a new promotion shows as a discount line in a cart; key test red/green; axe at 1280 and 375 px. */
import { expect } from 'chai';
import { axe, hydrated, newPage, screenshot, type TestPage } from '../helpers/browser.ts';
import { testServer } from '../helpers/server.ts';
import { restoreDemoWarehouseKeys } from '../helpers/warehouse-keys.ts';
import { DEMO_PASSWORD } from '../helpers/http.ts';

async function signInAs(page: TestPage, base: string, email: string) {
  await page.goto(`${base}/en-us/login`);
  await page.getByTestId('login-form').locator('input[name=email]').fill(email);
  await page.getByTestId('login-form').locator('input[name=password]').fill(DEMO_PASSWORD);
  await Promise.all([page.waitForNavigation(), page.getByTestId('login-submit').click()]);
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

describe('browser: promotions, warehouses and media', function () {
  this.timeout(300_000);
  let base: string;
  const promoNames: string[] = [];
  before(async () => {
    base = (await testServer()).url;
  });
  after(restoreDemoWarehouseKeys);
  // A promotion applies to every cart: end ours so later tests see the carts they expect.
  after(async () => {
    if (promoNames.length)
      await (await testServer()).database.pool.query(
        "update promotions set ends_at = now(), starts_at = least(starts_at, now() - interval '1 second') where name = any($1)",
        [promoNames],
      );
  });

  it('a promotion created on the screen shows as a discount line in a shopper’s cart', async () => {
    const page = await newPage();
    await signInAs(page, base, 'admin@example.com');
    await page.goto(`${base}/en-us/account/dashboard/promotions`);
    expect(await page.getByTestId('promotions-table').getAttribute('data-sort')).to.equal('7');
    await Promise.all([page.waitForNavigation(), page.getByTestId('promotion-create').click()]);
    const name = 'Browser Harvest — $9 off';
    promoNames.push(name);
    await page.locator('input[name=name]').fill(name);
    await page.locator('input[name=code]').fill('HARVEST9');
    await page.locator('input[name=value]').fill('9');
    await page.locator('input[name=starts_at]').fill(day(-1));
    await page.locator('input[name=ends_at]').fill(day(5));
    await Promise.all([page.waitForNavigation(), page.getByTestId('promotion-save').click()]);
    expect(new URL(page.url()).pathname).to.equal('/en-us/account/dashboard/promotions');
    expect(await page.locator('[data-testid="promotion-row"]').first().getAttribute('data-code')).to.equal('HARVEST9');
    await page.close();

    const shop = await newPage();
    await shop.goto(`${base}/en-us/cart`);
    const { rows } = await (await testServer()).database.pool.query<{ id: number }>(
      "select p.id from products p where status = 0 and availability = 'in_stock' and not exists (select 1 from product_options o where o.product_id = p.id) order by id limit 1",
    );
    const added = await shop.evaluate(async (pid) => {
      const token = document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')!.content;
      const res = await fetch('/en-us/cart/add/inline', {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Accept: 'application/json',
          'X-CSRF-Token': token,
          'X-Requested-With': 'XMLHttpRequest',
        },
        body: JSON.stringify({ product_id: pid, quantity: 1 }),
        credentials: 'same-origin',
      });
      return res.status;
    }, rows[0].id);
    expect(added).to.equal(200);
    await shop.goto(`${base}/en-us/cart`);
    await hydrated(shop);
    const line = shop.getByTestId('cart-promotion').filter({ hasText: name });
    await line.waitFor();
    expect(await line.textContent()).to.include('9.00');
    await screenshot(shop, 'cart-with-new-promotion');
    await shop.close();
  });

  it('the key test shows a wrong key’s answer in red and a fresh key in green', async () => {
    const page = await newPage();
    await signInAs(page, base, 'admin@example.com');
    await page.goto(`${base}/en-us/account/dashboard/warehouses`);
    await hydrated(page);
    const card = page.locator('[data-testid="warehouse-card"]').first();
    await card.getByTestId('key-input').fill('whk_not_the_key');
    await card.getByTestId('key-test').click();
    await card.getByTestId('key-result').waitFor();
    expect(await card.getByTestId('key-result').getAttribute('class')).to.equal('key-result-fail');
    expect(await card.getByTestId('key-result').textContent()).to.include('not valid');
    let dialog = '';
    page.once('dialog', (d) => {
      dialog = d.message();
      void d.accept();
    });
    await card.getByTestId('key-regen').click();
    await card.getByTestId('key-fresh').waitFor();
    expect(dialog).to.equal("Are you sure you want to renegerate this warehouses's API token?");
    await card.getByTestId('key-test').click();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="key-result"]')?.getAttribute('data-ok') === 'true',
    );
    expect(await card.getByTestId('key-result').getAttribute('class')).to.equal('key-result-ok');
    expect(page.problems).to.deep.equal([]);
    await page.close();
  });

  for (const width of [1280, 375]) {
    it(`promotions, warehouses, inventory and media at ${width} px: no serious axe violations, no sideways scroll`, async () => {
      const page = await newPage({ width });
      await signInAs(page, base, 'admin@example.com');
      const { rows } = await (await testServer()).database.pool.query<{ id: number }>(
        "select id from warehouses where country_code = 'US' order by id limit 1",
      );
      for (const path of [
        '/en-us/account/dashboard/promotions',
        '/en-us/account/dashboard/promotions/create',
        '/en-us/account/dashboard/warehouses',
        `/en-us/account/dashboard/warehouses/${rows[0].id}/inventory`,
        '/en-us/account/dashboard/warehouses/add',
        '/en-us/account/dashboard/media',
        '/dev/image-uploader',
      ]) {
        await page.goto(`${base}${path}`);
        await hydrated(page);
        expect(await axe(page), path).to.deep.equal([]);
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow, `${path} scrolls sideways`).to.be.at.most(0);
        await screenshot(page, `catalog-admin${path.replace(/\W+/g, '_')}-${width}`);
      }
      expect(page.problems).to.deep.equal([]);
      await page.close();
    });
  }
});
