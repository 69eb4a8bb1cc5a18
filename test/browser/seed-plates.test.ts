/** The seed plate calculator and the landing page's parts and dealer entries in Chromium. */
import { expect } from 'chai';
import { axe, hydrated, newPage, screenshot } from '../helpers/browser.ts';
import { testServer } from '../helpers/server.ts';

let base: string;

describe('browser: seed plate calculator and landing entries', function () {
  this.timeout(90_000);
  before(async () => {
    base = (await testServer()).url;
  });

  it('recommends a corn plate with the arithmetic shown and adds it to the cart', async () => {
    const page = await newPage();
    await page.goto(`${base}/en-us/seed-plates`);
    await hydrated(page);
    await page.getByTestId('sp-mode-spacing').check();
    await page.getByTestId('sp-spacing').fill('6');
    const steps = await page.getByTestId('sp-steps').textContent();
    expect(steps).to.contain('6,272,640 ÷ (30 × 6)').and.to.contain('34,848 seeds/acre');
    const first = page.getByTestId('sp-plate').first();
    expect(await first.getAttribute('data-stockcode')).to.equal('DEMO-SEED-PLATE');
    expect(await first.textContent()).to.contain('29.3 rpm');
    await first.getByTestId('sp-add').click();
    await page.getByTestId('sp-status').waitFor();
    expect(await page.getByTestId('cart-count').textContent()).to.equal('1');
    await page.getByTestId('sp-speed').fill('40');
    expect(await page.getByTestId('sp-error').textContent()).to.contain('Ground speed');
    expect(page.problems).to.deep.equal([]);
  });

  it('the landing page opens parts and dealers, and the header navigation has both', async () => {
    const page = await newPage();
    await page.goto(`${base}/en-us/`);
    expect(await page.locator('.main-nav a[href="/en-us/parts"]').count()).to.equal(1);
    expect(await page.locator('.main-nav a[href="/en-us/dealers"]').count()).to.equal(1);
    await page.getByTestId('landing-parts').click();
    await page.waitForURL(/\/en-us\/parts$/);
    await page.goBack();
    await page.getByTestId('landing-dealers').click();
    await page.waitForURL(/\/en-us\/dealers$/);
  });

  for (const width of [1280, 375]) {
    it(`calculator at ${width} px: no serious axe violations, no horizontal scroll`, async () => {
      const page = await newPage({ width, height: 900 });
      await page.goto(`${base}/es-mx/seed-plates`);
      await hydrated(page);
      expect(await axe(page)).to.deep.equal([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).to.equal(true);
      await screenshot(page, `seed-plates-${width}`);
    });
  }
});
