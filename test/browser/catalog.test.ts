/** Catalog, typeahead and channels in a real browser: keyboard use, channel prices, axe at 1280 and 375 px. */
import { expect } from 'chai';
import { axe, hydrated, newPage, screenshot, type TestPage, requireChromium } from '../helpers/browser.ts';
import { testServer } from '../helpers/server.ts';

/** Islands hydrated and the header search's typeahead wired. */
async function ready(page: TestPage) {
  await hydrated(page);
  await page.waitForSelector('[data-behaviour~="typeahead"][data-behaviour-ready="true"]', { state: 'attached' });
}

async function firstPrice(page: TestPage): Promise<string> {
  return (await page.getByTestId('product-price').first().textContent())!.trim();
}

describe('browser: catalog and typeahead', function () {
  before(function () {
    requireChromium(this);
  });
  this.timeout(90_000);
  let base: string;
  before(async () => {
    base = (await testServer()).url;
  });

  it('finds a product by part of its title; ArrowDown + Enter opens it', async () => {
    const page = await newPage();
    await page.goto(`${base}/en-us/products`);
    await ready(page);
    const input = page.getByTestId('search-input');
    // autocomplete is turned back on 500 ms after the library's first change to the input
    await page.waitForFunction(
      () => document.querySelector('#site-search')?.getAttribute('autocomplete') === 'on',
      null,
      { timeout: 3000 },
    );
    await input.focus();
    await page.keyboard.type('closing whe', { delay: 40 });
    const list = page.getByTestId('typeahead-list');
    await list.locator('.tt-suggestion').first().waitFor();
    const texts = await list.locator('.tt-suggestion .ta-title').allTextContents();
    expect(texts.length).to.be.at.least(2);
    for (const t of texts) expect(t.toLowerCase()).to.include('closing whe');
    expect(await input.getAttribute('aria-expanded')).to.equal('true');
    expect(await list.locator('.ta-price').first().textContent()).to.match(/^\$/);
    await screenshot(page, 'typeahead-open-1280');
    expect(await axe(page)).to.deep.equal([]);

    await page.keyboard.press('ArrowDown');
    const chosen = await input.inputValue();
    expect(texts).to.include(chosen);
    expect(await input.getAttribute('aria-activedescendant')).to.be.a('string');
    await Promise.all([page.waitForURL(/\/en-us\/products\/\d+$/), page.keyboard.press('Enter')]);
    await expect(await page.locator('h1').first().textContent()).to.include(chosen);
    expect(page.problems).to.deep.equal([]);
    await page.close();
  });

  it('matches inside words and opens a suggestion on click', async () => {
    const page = await newPage({ width: 375 });
    await page.goto(`${base}/en-us/`);
    await ready(page);
    await page.getByTestId('search-input').fill('');
    await page.getByTestId('search-input').pressSequentially('ydraulic', { delay: 30 });
    const item = page.getByTestId('typeahead-list').locator('.tt-suggestion').first();
    await item.waitFor();
    expect(await item.locator('.ta-title').textContent()).to.equal('Hydraulic Row Marker Kit');
    await screenshot(page, 'typeahead-open-375');
    await Promise.all([page.waitForURL(/\/en-us\/products\/\d+$/), item.click()]);
    expect(page.problems).to.deep.equal([]);
    await page.close();
  });

  it("shows 'No results found!' for nonsense and Enter without a choice runs the full search", async () => {
    const page = await newPage();
    await page.goto(`${base}/en-us/products`);
    await ready(page);
    await page.getByTestId('search-input').focus();
    await page.keyboard.type('zzqqxx', { delay: 30 });
    const empty = page.getByTestId('typeahead-list').locator('.tt-notFound');
    await empty.waitFor();
    expect((await empty.textContent())!.trim()).to.equal('No results found!');
    await Promise.all([page.waitForURL(/\/en-us\/products\?q=zzqqxx$/), page.keyboard.press('Enter')]);
    expect(await page.getByTestId('catalog-empty').textContent()).to.include('No products match your search.');
    expect(page.problems).to.deep.equal([]);
    await page.close();
  });

  it('switches to the CA channel with the header picker and shows CAD prices', async () => {
    const page = await newPage();
    await page.goto(`${base}/en-us/products?sort=name`);
    await ready(page);
    const usd = await firstPrice(page);
    expect(usd).to.match(/^\$[\d,]+\.\d{2}$/);
    await Promise.all([page.waitForEvent('load'), page.getByTestId('channel-select').selectOption('CA')]);
    await ready(page);
    const cad = await firstPrice(page);
    expect(cad).to.match(/^CA\$[\d,]+\.\d{2}$/);
    expect(Number(cad.replace(/[^\d.]/g, ''))).to.be.greaterThan(Number(usd.replace(/[^\d.]/g, '')));
    expect(await page.getByTestId('channel-select').inputValue()).to.equal('CA');
    // the typeahead prices in CAD as well
    await page.getByTestId('search-input').pressSequentially('seed plate', { delay: 30 });
    await page.getByTestId('typeahead-list').locator('.tt-suggestion').first().waitFor();
    expect(await page.getByTestId('typeahead-list').locator('.ta-price').first().textContent()).to.match(/^CA\$/);
    expect(page.problems).to.deep.equal([]);
    await page.close();
  });

  it('/channel/find works with the keyboard', async () => {
    const page = await newPage();
    await page.goto(`${base}/en-us/channel/find`);
    await ready(page);
    await page.waitForSelector('[data-behaviour="channel-find"][data-behaviour-ready="true"]', { state: 'attached' });
    const rows = await page
      .getByTestId('country-row')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-country')));
    expect(rows.slice(0, 2)).to.deep.equal(['US', 'CA']);
    // Tab to Canada's button
    let found = false;
    for (let i = 0; i < 60 && !found; i++) {
      await page.keyboard.press('Tab');
      found = await page.evaluate(
        () =>
          document.activeElement?.closest('[data-country="CA"]') !== null &&
          document.activeElement?.tagName === 'BUTTON',
      );
    }
    expect(found, 'reached the Canada button with Tab').to.equal(true);
    await Promise.all([page.waitForEvent('load'), page.keyboard.press('Enter')]);
    await page.locator('[data-country="CA"].is-current').waitFor();
    expect(await page.getByTestId('channel-select').inputValue()).to.equal('CA');
    await screenshot(page, 'channel-find-1280');
    await page.goto(`${base}/en-us/products`);
    expect(await firstPrice(page)).to.match(/^CA\$/);
    expect(page.problems).to.deep.equal([]);
    await page.close();
  });

  const pages = [
    '/en-us/products',
    '/en-us/products?category=parts&page=2',
    '/fr-ca/products?q=seed',
    '/en-us/products?q=zzqqxx',
    '/en-us/channel/find',
    '/es-mx/channel/find',
  ];
  for (const width of [1280, 375]) {
    for (const path of pages) {
      it(`${path} at ${width} px: no serious axe violations, no horizontal scroll`, async () => {
        const page = await newPage({ width });
        await page.goto(`${base}${path}`);
        await ready(page);
        expect(await axe(page)).to.deep.equal([]);
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow, 'horizontal overflow in px').to.be.at.most(0);
        await screenshot(page, `catalog${path.replace(/\W+/g, '_')}-${width}`);
        expect(page.problems).to.deep.equal([]);
        await page.close();
      });
    }
  }
});
