/**
 * In a real browser: the product editor's images are chosen from the media
 * library (thumbnails, a search, the keyboard), not typed as a path. The demo library holds the
 * row-unit diagram and five product pictures (src/db/seed/content.ts).
 */
import { expect } from 'chai';
import { axe, hydrated, newPage, screenshot, type TestPage } from '../helpers/browser.ts';
import { sqlRows, testServer } from '../helpers/server.ts';
import { DEMO_PASSWORD } from '../helpers/http.ts';

async function signInAs(page: TestPage, base: string, email: string) {
  await page.goto(`${base}/en-us/login`);
  await page.getByTestId('login-form').locator('input[name=email]').fill(email);
  await page.getByTestId('login-form').locator('input[name=password]').fill(DEMO_PASSWORD);
  await Promise.all([page.waitForNavigation(), page.getByTestId('login-submit').click()]);
}

describe('browser: the product editor picks images from the media library', function () {
  this.timeout(180_000);
  let base: string;
  before(async () => {
    base = (await testServer()).url;
  });

  for (const width of [1280, 375]) {
    it(`at ${width} px: search the library, pick with the mouse and with the keyboard; the saved product keeps both`, async () => {
      const page = await newPage({ width, height: 900 });
      await signInAs(page, base, 'staff@example.com');
      await Promise.all([
        page.waitForNavigation(),
        page.getByTestId('admin-nav').getByRole('link', { name: 'Products' }).click(),
      ]);
      await Promise.all([page.waitForNavigation(), page.getByRole('link', { name: 'Add product' }).click()]);
      await hydrated(page);
      const stock = `MP-${width}`;
      await page.getByRole('textbox', { name: 'Title', exact: true }).fill(`Media Picker Kit ${width}`);
      await page.getByRole('button', { name: 'Create from title' }).click();
      await page.getByRole('textbox', { name: 'Stock code' }).fill(stock);
      await page.getByRole('textbox', { name: 'SKU' }).fill(`${stock}-SKU`);
      await page.getByTestId('pe-price').fill('120.00');

      // No path to type any more.
      expect(await page.getByPlaceholder('/media/…').count()).to.equal(0);
      const images = page.getByTestId('image-list');

      // The library, searched: "planter" leaves the 4-row vacuum planter and the configurable one.
      await page.getByRole('button', { name: 'Choose from the media library' }).click();
      const dialog = page.getByRole('dialog', { name: 'Media library' });
      await dialog.waitFor();
      expect(await dialog.getByRole('status').textContent()).to.equal('Images shown: 6');
      expect(
        await dialog
          .getByRole('searchbox', { name: 'Search by name or description' })
          .evaluate((el) => el === document.activeElement),
      ).to.equal(true);
      await dialog.getByRole('searchbox', { name: 'Search by name or description' }).fill('row unit');
      expect(await dialog.getByRole('status').textContent()).to.equal('Images shown: 1');
      await dialog.getByRole('searchbox', { name: 'Search by name or description' }).fill('zzz');
      expect(await dialog.getByRole('status').textContent()).to.equal('No image in the library matches.');
      await dialog.getByRole('searchbox', { name: 'Search by name or description' }).fill('row unit');
      const diagram = dialog.getByRole('button', { name: /row-unit\.svg/ });
      const thumb = await diagram.locator('img').evaluate((img: HTMLImageElement) => ({
        src: img.getAttribute('src'),
        loaded: img.complete && img.naturalWidth > 0,
      }));
      expect(thumb.src).to.equal('/images/diagrams/row-unit.svg');
      await screenshot(page, `media-picker-${width}`);
      expect(await axe(page), 'axe with the picker open').to.deep.equal([]);
      await diagram.click();
      await dialog.waitFor({ state: 'hidden' });
      expect(await images.locator('img').evaluateAll((els) => els.map((e) => e.getAttribute('src')))).to.deep.equal([
        '/images/diagrams/row-unit.svg',
      ]);

      // The keyboard: open, type, ↓ into the grid, Enter. The diagram is marked Added and skipped.
      await page.getByRole('button', { name: 'Choose from the media library' }).focus();
      await page.keyboard.press('Enter');
      await dialog.waitFor();
      expect(await dialog.getByRole('button', { name: /row-unit\.svg/ }).isDisabled()).to.equal(true);
      expect(await dialog.getByRole('button', { name: /row-unit\.svg/ }).textContent()).to.include('Added');
      await page.keyboard.type('seed plate');
      expect(await dialog.getByRole('status').textContent()).to.equal('Images shown: 1');
      await page.keyboard.press('ArrowDown');
      const focused = await page.evaluate(() => document.activeElement?.getAttribute('data-path'));
      expect(focused).to.match(/^\/images\/products\/.*seed-plate.*\.svg$/);
      await page.keyboard.press('Enter');
      await dialog.waitFor({ state: 'hidden' });
      expect(await images.locator('img').count()).to.equal(2);
      // Escape closes without choosing.
      await page.getByRole('button', { name: 'Choose from the media library' }).click();
      await dialog.waitFor();
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      expect(await images.locator('img').count()).to.equal(2);

      await page.getByRole('button', { name: 'Save product' }).click();
      await page.waitForFunction(() => /\/producteditor\/\d+$/.test(location.pathname));
      await page.waitForFunction(
        () => document.querySelector('[data-testid="pe-form"]')?.getAttribute('data-dirty') === 'false',
      );
      const [row] = await sqlRows<{ primary_image: string; images: string[] }>(
        `select primary_image, images from products where stockcode = $1`,
        [stock],
      );
      expect(row.primary_image).to.equal('/images/diagrams/row-unit.svg');
      expect(row.images).to.deep.equal(['/images/diagrams/row-unit.svg', focused]);
      expect(page.problems).to.deep.equal([]);
      await page.close();
    });
  }
});
