/** The product editor in a real browser: create with two option levels and a channel price, find it on the storefront; duplicate SKU flagged before saving; axe at 1280 and 375 px. */
import { expect } from 'chai';
import path from 'node:path';
import { writeFileSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import sharp from 'sharp';
import { axe, hydrated, newPage, screenshot, type TestPage } from '../helpers/browser.ts';
import { testServer } from '../helpers/server.ts';
import { DEMO_PASSWORD } from '../helpers/http.ts';

async function signInAs(page: TestPage, base: string, email: string) {
  await page.goto(`${base}/en-us/login`);
  await page.getByTestId('login-form').locator('input[name=email]').fill(email);
  await page.getByTestId('login-form').locator('input[name=password]').fill(DEMO_PASSWORD);
  await Promise.all([page.waitForNavigation(), page.getByTestId('login-submit').click()]);
}

describe('browser: product editor', function () {
  this.timeout(120_000);
  let base: string;
  before(async () => {
    base = (await testServer()).url;
  });

  it('staff creates a product with two option levels, a channel price and an uploaded image, and finds it on the storefront', async () => {
    const page = await newPage();
    await signInAs(page, base, 'staff@example.com');
    await page.goto(`${base}/en-us/account/dashboard/producteditor`);
    await Promise.all([page.waitForNavigation(), page.getByTestId('product-new').click()]);
    await hydrated(page);
    await page.getByTestId('pe-title').fill('Browser Test Hopper Kit');
    await page.getByTestId('pe-make-slug').click();
    expect(await page.getByTestId('pe-slug').inputValue()).to.equal('browser-test-hopper-kit');
    await page.getByTestId('pe-stockcode').fill('BT-HOPPER');
    await page.getByTestId('pe-sku').fill('BT-HOPPER-SKU');
    await page.getByTestId('pe-price').fill('200.00');
    // Option level 1 with two choices; the second choice gets a child option (level 2).
    await page.getByTestId('add-option-o').click();
    await page.getByTestId('option-name-o0').fill('Size');
    await page.getByTestId('add-choice-o0').click();
    await page.getByTestId('choice-name-o0c0').fill('Small');
    await page.getByTestId('choice-code-o0c0').fill('1');
    await page.getByTestId('add-choice-o0').click();
    await page.getByTestId('choice-name-o0c1').fill('Large');
    await page.getByTestId('choice-code-o0c1').fill('2');
    await page.getByTestId('choice-price-o0c1').fill('40.00');
    await page.getByTestId('add-option-o0c1o').click();
    await page.getByTestId('option-name-o0c1o0').fill('Lid');
    await page.getByTestId('add-choice-o0c1o0').click();
    await page.getByTestId('choice-name-o0c1o0c0').fill('Hinged lid');
    await page.getByTestId('choice-code-o0c1o0c0').fill('7');
    // Make 'Small' the default so the storefront's first stock code is predictable.
    await page.getByTestId('choice-o0c0').locator('input[type=checkbox]').check();
    // Channel price in the US channel.
    await page.getByTestId('add-channel-select').selectOption({ label: 'United States (USD)' });
    await page.getByTestId('add-channel').click();
    // A channel starts at the base price in its currency ($200.00 × 1.37 = C$274.00), not 0.00.
    expect(await page.getByTestId('channel-US').getByTestId('channel-price').inputValue()).to.equal('200.00');
    await page.getByTestId('add-channel-select').selectOption({ label: 'Canada (CAD)' });
    await page.getByTestId('add-channel').click();
    expect(await page.getByTestId('channel-CA').getByTestId('channel-price').inputValue()).to.equal('274.00');
    await page.getByTestId('channel-CA').getByRole('button', { name: 'Remove' }).click();
    await page.locator('[data-testid^="channel-"] [data-testid="channel-price"]').first().fill('215.00');
    // Upload an image (a real PNG made here) with progress, into the media library.
    const dir = mkdtempSync(path.join(os.tmpdir(), 'pe-img-'));
    const file = path.join(dir, 'hopper.png');
    writeFileSync(
      file,
      await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 40, g: 110, b: 60 } } })
        .png()
        .toBuffer(),
    );
    await page.getByTestId('pe-upload').setInputFiles(file);
    await page.getByTestId('image-list').locator('img').first().waitFor();
    expect(await page.getByTestId('pe-form').getAttribute('data-dirty')).to.equal('true');
    await page.getByTestId('pe-save').click();
    await page.waitForFunction(() => /\/producteditor\/\d+$/.test(location.pathname));
    await page.waitForFunction(
      () => document.querySelector('[data-testid="pe-form"]')?.getAttribute('data-dirty') === 'false',
    );
    // Once saved, the page names the product, not "New product".
    expect(await page.getByRole('heading', { level: 1 }).textContent()).to.equal('Browser Test Hopper Kit');
    expect(await page.title()).to.contain('Edit product: Browser Test Hopper Kit');
    await screenshot(page, 'product-editor-created');
    expect(page.problems).to.deep.equal([]);

    const { rows } = await (await testServer()).database.pool.query<{ id: number; primary_image: string }>(
      "select id, primary_image from products where stockcode = 'BT-HOPPER'",
    );
    expect(rows[0].primary_image).to.match(/^\/media\//);
    const shop = await newPage();
    await shop.goto(`${base}/en-us/products/${rows[0].id}`);
    await hydrated(shop);
    expect(await shop.getByTestId('product-name').textContent()).to.include('Browser Test Hopper Kit');
    expect(await shop.getByTestId('price').textContent()).to.include('$215.00');
    expect(await shop.getByTestId('stock-code').textContent()).to.equal('BT-HOPPER-001');
    expect(await shop.locator('img[src^="/media/"]').count()).to.be.greaterThan(0);
    await shop.close();
    await page.close();
  });

  it('a duplicate SKU is flagged beside the field before saving', async () => {
    const page = await newPage();
    await signInAs(page, base, 'staff@example.com');
    await page.goto(`${base}/en-us/account/dashboard/producteditor/new`);
    await hydrated(page);
    const { rows } = await (await testServer()).database.pool.query<{ sku: string }>(
      "select sku from products where stockcode = 'DEMO-CONFIG'",
    );
    await page.getByTestId('pe-sku').fill(rows[0].sku);
    await page.getByTestId('error-sku').waitFor();
    expect(await page.getByTestId('error-sku').textContent()).to.include('DEMO-CONFIG');
    expect(await page.locator('[data-field="sku"]').getAttribute('class')).to.include('has-error');
    await page.close();
  });

  for (const width of [1280, 375]) {
    it(`list and editor at ${width} px: no serious axe violations, no sideways scroll`, async () => {
      const page = await newPage({ width });
      await signInAs(page, base, 'admin@example.com');
      await page.goto(`${base}/en-us/account/dashboard/producteditor?q=DEMO-CONFIG`);
      expect(await axe(page), 'list').to.deep.equal([]);
      await screenshot(page, `product-list-${width}`);
      // Keyboard: focus the row's Edit button and press Enter (at 375 px the table scrolls sideways).
      const edit = page.locator('[data-stockcode="DEMO-CONFIG"] [data-testid="product-edit"]');
      await edit.focus();
      await Promise.all([page.waitForURL(/\/producteditor\/\d+$/), page.keyboard.press('Enter')]);
      await hydrated(page);
      expect(await axe(page), 'editor').to.deep.equal([]);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).to.be.at.most(0);
      await screenshot(page, `product-editor-${width}`);
      expect(page.problems).to.deep.equal([]);
      await page.close();
    });
  }
});
