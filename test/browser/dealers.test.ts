/** The dealer locator in Chromium: geolocation granted, refused, the postal fallback, the offline map, axe. */
import { expect } from 'chai';
import { axe, newPage, screenshot } from '../helpers/browser.ts';
import { testServer } from '../helpers/server.ts';

let base: string;

describe('browser: dealer locator', function () {
  this.timeout(90_000);
  before(async () => {
    base = (await testServer()).url;
  });

  it('with a geolocation granted by the browser, the nearest dealer comes first with its drive time', async () => {
    const page = await newPage();
    const ctx = page.context();
    await ctx.grantPermissions(['geolocation'], { origin: base });
    await ctx.setGeolocation({ latitude: 40.81, longitude: -96.7, accuracy: 30 }); // Lincoln, NE
    try {
      await page.goto(`${base}/en-us/dealers`);
      await page.waitForSelector('[data-testid="dealer-locator"][data-state="listed"]');
      expect(await page.getByTestId('dealer').first().textContent()).to.contain('Platte Valley Implement');
      expect(await page.getByTestId('dealers-status').textContent()).to.match(/Platte Valley Implement: \d+ minute/);
      // The base map is drawn from bundled borders (no tile server).
      await page.waitForFunction(() => document.querySelectorAll('[data-testid="dealers-map"] svg path').length > 50);
      await page.getByTestId('dealers-service').selectOption('epp');
      await page.waitForFunction(
        () => !document.querySelector('[data-testid="dealer-list"]')?.textContent?.includes('Platte Valley'),
      );
      expect(await page.getByTestId('dealer').first().textContent()).to.contain('EPP');
      await screenshot(page, 'dealers-located');
      expect(page.problems).to.deep.equal([]);
    } finally {
      await ctx.clearPermissions();
    }
  });

  it('location refused: the postal code finds dealers', async () => {
    const page = await newPage();
    await page.goto(`${base}/en-us/dealers`);
    await page.waitForSelector('[data-testid="dealer-locator"][data-state="postal"]');
    expect(await page.getByTestId('dealers-status').textContent()).to.contain('ZIP or postal code');
    await page.getByTestId('dealers-postal-input').fill('00123');
    await page.getByTestId('dealers-postal-submit').click();
    await page.getByTestId('field-error-postal_code').waitFor();
    await page.getByTestId('dealers-postal-input').fill('61820');
    await page.getByTestId('dealers-postal-submit').click();
    await page.waitForSelector('[data-testid="dealer-locator"][data-state="listed"]');
    expect(await page.getByTestId('dealer').first().textContent()).to.contain('Prairie State Equipment');
  });

  it('on a phone the map never covers "Use my location": a tap on the button lands on the button', async () => {
    const page = await newPage({ width: 375, height: 800 });
    const ctx = page.context();
    await ctx.grantPermissions(['geolocation'], { origin: base });
    await ctx.setGeolocation({ latitude: 40.81, longitude: -96.7, accuracy: 30 });
    try {
      await page.goto(`${base}/en-us/`);
      await page.getByTestId('nav-toggle').click();
      await page.getByTestId('main-nav').getByRole('link', { name: 'Find a dealer' }).click();
      const button = page.getByRole('button', { name: 'Use my location' });
      await button.waitFor();
      // The map is drawn (Leaflet has taken its box) before anything is measured.
      await page.waitForSelector('[data-testid="dealer-locator"][data-ready="true"]');
      const atCentre = await button.evaluate((b) => {
        b.scrollIntoView({ block: 'center' });
        const r = b.getBoundingClientRect();
        return document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2) === b;
      });
      expect(atCentre, 'the element under the button is the button').to.equal(true);
      // Both boxes read in one go, so a scroll in between cannot move one and not the other.
      const { mapBottom, sideTop } = await page.evaluate(() => ({
        mapBottom: document.querySelector('[data-testid="dealers-map"]')!.getBoundingClientRect().bottom,
        sideTop: document.querySelector('.dealers-side')!.getBoundingClientRect().top,
      }));
      expect(mapBottom, 'the map ends above the side column').to.be.at.most(sideTop);
      await button.click();
      await page.waitForSelector('[data-testid="dealer-locator"][data-state="listed"]');
      expect(await page.getByTestId('dealer').first().textContent()).to.contain('Platte Valley Implement');
    } finally {
      await ctx.clearPermissions();
    }
  });

  for (const width of [1280, 375]) {
    it(`at ${width} px: no serious axe violations, no horizontal scroll`, async () => {
      const page = await newPage({ width, height: 900 });
      await page.goto(`${base}/en-us/dealers?country=CA&postal_code=S7K%205Z7`);
      await page.waitForSelector('[data-testid="dealer-locator"][data-ready="true"]');
      expect(await axe(page)).to.deep.equal([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).to.equal(true);
      await screenshot(page, `dealers-${width}`);
    });
  }
});
