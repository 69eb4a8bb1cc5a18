/**
 * The parts explorer in Chromium: from a planter's product page to its diagram, a callout's parts,
 * the add-to-cart modal, the zoom limits (-4..2), two-way highlight, search in the diagram, deep
 * links, and axe at 1280 and 375 px.
 */
import { expect } from 'chai';
import { axe, hydrated, newPage, screenshot, type TestPage } from '../helpers/browser.ts';
import { productIdByStockcode, testServer } from '../helpers/server.ts';

let base: string;

async function explorerReady(page: TestPage) {
  await page.waitForSelector('[data-testid="parts-map"][data-ready="true"]', { timeout: 15_000 });
}
const zoomOf = async (page: TestPage) => Number(await page.getByTestId('parts-map').getAttribute('data-zoom'));
/** Clicks a zoom control and waits for the map's zoom to end at a new level (no fixed pause). */
async function zoomWith(page: TestPage, control: ReturnType<TestPage['locator']>) {
  const from = String(await zoomOf(page));
  await control.click();
  await page.waitForFunction(
    (z) => document.querySelector('[data-testid="parts-map"]')?.getAttribute('data-zoom') !== z,
    from,
  );
}

describe('browser: parts explorer', function () {
  this.timeout(120_000);
  before(async () => {
    base = (await testServer()).url;
  });

  for (const width of [1280, 375]) {
    it(`at ${width} px: a callout with alternatives ticks none of them, and its Quantity column fits the panel`, async () => {
      const page = await newPage({ width, height: 900 });
      await page.goto(`${base}/en-us/products/${await productIdByStockcode('PL-4RV')}`);
      await page.getByTestId('diagram-link').first().click();
      await explorerReady(page);
      await page.locator('path.callout-rect[data-callout="4"], [data-callout-link="4"]').first().click();
      const list = page.locator('[data-testid="parts-panel"] [data-testid="callout-parts"][data-callout="4"]');
      await list.waitFor();
      const boxes = list.getByRole('checkbox');
      expect(await boxes.count()).to.be.at.least(2);
      for (const box of await boxes.all()) expect(await box.isChecked()).to.equal(false);
      const [panel, qty] = await Promise.all([list.boundingBox(), list.getByRole('spinbutton').first().boundingBox()]);
      expect(qty!.x + qty!.width, 'the quantity box ends inside the panel').to.be.at.most(
        panel!.x + panel!.width + 0.5,
      );
      // Ticking one and adding adds that one only.
      await boxes.nth(1).check();
      await list.getByRole('button', { name: 'Add ticked parts to cart' }).click();
      await list.locator('[data-cart-added]:not([hidden])').waitFor();
      expect(await page.getByTestId('cart-link').textContent()).to.match(/1\s*$/);
      await page.close();
    });
  }

  it('from a planter product page: open its diagram, click a callout, add a part from the modal', async () => {
    const page = await newPage();
    await page.goto(`${base}/en-us/products/${await productIdByStockcode('PL-4RV')}`);
    await page.getByTestId('diagram-link').first().click();
    await explorerReady(page);
    expect(await page.getByTestId('diagram-title').textContent()).to.contain('Row Unit');
    // Callout 1 (the opener blade) is a rectangle on the map.
    await page.locator('path.callout-rect[data-callout="1"]').click();
    await page.waitForSelector('[data-testid="parts-panel"] [data-testid="callout-parts"][data-callout="1"]');
    expect(await page.getByTestId('parts-panel').textContent()).to.contain('PP-DOB-15');
    expect(page.url()).to.contain('callout=1');
    // The list row of callout 1 is highlighted as the active one.
    expect(await page.locator('[data-callout-row="1"]').first().getAttribute('class')).to.contain('is-active');
    await page.getByTestId('parts-panel').getByTestId('part-open').first().click();
    const modal = page.getByTestId('part-modal');
    await modal.getByTestId('part-add-form').waitFor();
    expect(await modal.getByTestId('part-qty').inputValue()).to.equal('2'); // a row unit uses a pair
    await screenshot(page, 'parts-modal');
    await modal.getByTestId('part-add').click();
    await modal.getByTestId('cart-added').waitFor();
    expect(await page.getByTestId('cart-count').textContent()).to.equal('2');
    expect(page.problems).to.deep.equal([]);
  });

  it('in French, the part pop-up reads the catalogue in French: name and description', async () => {
    const page = await newPage();
    await page.goto(`${base}/fr-ca/`);
    await hydrated(page);
    await page.getByRole('combobox', { name: 'Rechercher des produits' }).fill('PL-4RV');
    await page.getByRole('option', { name: /Semoir pneumatique 4 rangs/ }).click();
    await page.waitForURL(/\/fr-ca\/products\/\d+$/);
    await page.getByTestId('diagram-link').first().click();
    await explorerReady(page);
    await page.locator('path.callout-rect[data-callout="1"]').click();
    await page.waitForSelector('[data-testid="parts-panel"] [data-testid="callout-parts"][data-callout="1"]');
    await page.getByTestId('parts-panel').getByTestId('part-open').first().click();
    const modal = page.getByTestId('part-modal');
    await modal.getByTestId('part-add-form').waitFor();
    expect(await modal.locator('.part-detail__desc').textContent()).to.match(
      /^Acier au bore traité thermiquement, 4 mm d’épaisseur, 15 po de diamètre\. À remplacer par paire\. /,
    );
    expect(await modal.textContent()).not.to.include('Heat-treated');
    expect(page.problems).to.deep.equal([]);
    await page.close();
  });

  it('zoom stops at -4 and 2', async () => {
    const page = await newPage();
    await page.goto(`${base}/en-us/parts/1`);
    await explorerReady(page);
    const zoomIn = page.locator('.leaflet-control-zoom-in');
    const zoomOut = page.locator('.leaflet-control-zoom-out');
    for (let i = 0; i < 10; i++) {
      if ((await zoomIn.getAttribute('class'))?.includes('leaflet-disabled')) break;
      await zoomWith(page, zoomIn);
    }
    expect(await zoomOf(page)).to.equal(2);
    expect(await zoomIn.getAttribute('class')).to.contain('leaflet-disabled');
    expect(page.url()).to.contain('zoom=2');
    for (let i = 0; i < 10; i++) {
      if ((await zoomOut.getAttribute('class'))?.includes('leaflet-disabled')) break;
      await zoomWith(page, zoomOut);
    }
    expect(await zoomOf(page)).to.equal(-4);
    expect(await zoomOut.getAttribute('class')).to.contain('leaflet-disabled');
  });

  it('keyboard: a list row highlights its rectangle, Enter on a rectangle opens its parts; search flies to a part', async () => {
    const page = await newPage();
    await page.goto(`${base}/en-us/parts/1`);
    await explorerReady(page);
    await page.locator('[data-callout-link="6"]').focus();
    expect(await page.locator('path.callout-rect[data-callout="6"]').getAttribute('stroke-width')).to.equal('4');
    await page.locator('path.callout-rect[data-callout="5"]').focus();
    expect(await page.locator('[data-callout-row="5"]').first().getAttribute('class')).to.contain('is-hover');
    await page.keyboard.press('Enter');
    await page.waitForSelector('[data-testid="parts-panel"] [data-callout="5"]');
    await page.getByTestId('diagram-find').fill('sp-soy');
    await page.getByTestId('diagram-find').press('Enter');
    await page.waitForSelector('[data-testid="parts-panel"] [data-callout="4"]');
    expect(await page.getByTestId('parts-map').getAttribute('data-active-callout')).to.equal('4');
  });

  it('a deep link opens the callout at its zoom', async () => {
    const page = await newPage();
    await page.goto(`${base}/en-us/parts/2?callout=2&zoom=1`);
    await explorerReady(page);
    expect(await zoomOf(page)).to.equal(1);
    expect(await page.getByTestId('parts-panel').textContent()).to.contain('DEMO-SEED-PLATE');
  });

  for (const width of [1280, 375]) {
    it(`index and explorer at ${width} px: no serious axe violations, no horizontal scroll`, async () => {
      const page = await newPage({ width, height: 900 });
      await page.goto(`${base}/en-us/parts`);
      expect(await axe(page)).to.deep.equal([]);
      await screenshot(page, `parts-index-${width}`);
      await page.goto(`${base}/en-us/parts/1?callout=3`);
      await explorerReady(page);
      expect(await axe(page)).to.deep.equal([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).to.equal(true);
      await screenshot(page, `parts-explorer-${width}`);
    });
  }
});

describe('browser: parts callout editor (staff)', function () {
  this.timeout(120_000);

  it('staff drag a callout on the diagram and the new rectangle is saved (audited)', async () => {
    const page = await newPage();
    const base = (await testServer()).url;
    await page.goto(`${base}/en-us/login`);
    await page.fill('input[name="email"]', 'staff@example.com');
    await page.fill('input[name="password"]', 'demo-pass-2026');
    await Promise.all([page.waitForNavigation(), page.click('form [type="submit"]')]);
    await page.goto(`${base}/en-us/parts/3`);
    await page.waitForSelector('[data-testid="parts-map"][data-ready="true"]');
    await page.getByTestId('edit-toggle').click();
    const handle = page.locator('.rect-handle--move').first();
    await page.getByTestId('parts-map').scrollIntoViewIfNeeded();
    const box = (await handle.boundingBox())!;
    await page.mouse.move(box.x + 8, box.y + 8);
    await page.mouse.down();
    await page.mouse.move(box.x + 48, box.y + 28, { steps: 5 });
    await page.mouse.up();
    await page.getByTestId('alert').first().waitFor();
    const { rows } = await (await testServer()).database.pool.query(
      "select action from logs where action = 'diagram.callout.move' and entity_id = 3",
    );
    expect(rows.length).to.be.at.least(1);
    await screenshot(page, 'parts-editor');
    expect(page.problems).to.deep.equal([]);
  });
});
