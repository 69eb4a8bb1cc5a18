/** The cart page in Chromium: quantity clamps and the 500 ms PUT, removal, discount display, axe. */
import { expect } from 'chai';
import { CART_DEBOUNCE_MS } from '../../src/domain/constants.ts';
import { eq } from 'drizzle-orm';
import type { Locator } from 'playwright-core';
import { axe, hydrated, newPage, screenshot, type TestPage, requireChromium } from '../helpers/browser.ts';
import { productIdByStockcode, testServer } from '../helpers/server.ts';
import { optionChoices, productOptions } from '../../src/db/schema/index.ts';

type Db = Awaited<ReturnType<typeof testServer>>['services']['db'];

/** Adds through the real endpoint from inside the page (its session, its CSRF token). */
async function addInPage(page: TestPage, body: Record<string, unknown>) {
  return page.evaluate(async (b) => {
    const token = document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')!.content;
    const res = await fetch('/en-us/cart/add/inline', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json',
        'X-Requested-With': 'XMLHttpRequest',
        'X-CSRF-Token': token,
      },
      body: JSON.stringify(b),
      credentials: 'same-origin',
    });
    return { status: res.status, body: await res.json() };
  }, body);
}

const formValue = (postData: string | null, key: string) => new URLSearchParams(postData ?? '').get(key);
/** Polls from Node (the page's clock may be fake) until the input shows `value`, up to 10 s. */
const waitForValue = async (input: Locator, value: string) => {
  const until = Date.now() + 10_000;
  let shown = await input.inputValue();
  while (shown !== value && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 25));
    shown = await input.inputValue();
  }
  expect(shown).to.equal(value);
};

describe('browser: cart page', function () {
  before(function () {
    requireChromium(this);
  });
  this.timeout(90_000);
  let base: string;
  let db: Db;
  before(async () => {
    const app = await testServer();
    base = app.url;
    db = app.services.db;
  });

  async function cartPage(width?: number, opts: { fakeClock?: boolean } = {}) {
    const page = await newPage(width ? { width } : {});
    if (opts.fakeClock) await page.clock.install();
    await page.goto(`${base}/en-us/cart`);
    const config = await productIdByStockcode('DEMO-CONFIG');
    const [six] = await db
      .select({ choiceId: optionChoices.id })
      .from(optionChoices)
      .innerJoin(productOptions, eq(productOptions.id, optionChoices.optionId))
      .where(eq(optionChoices.name, '6 rows'));
    const a = await addInPage(page, { product_id: await productIdByStockcode('PP-SHL'), quantity: 2 });
    const b = await addInPage(page, { product_id: config, quantity: 1, selections: [{ choiceId: six.choiceId }] });
    expect(a.status, JSON.stringify(a.body)).to.equal(200);
    expect(b.status, JSON.stringify(b.body)).to.equal(200);
    await page.goto(`${base}/en-us/cart`);
    await hydrated(page);
    return { page, lineA: a.body.line.order_line_item_id as number, lineB: b.body.line.order_line_item_id as number };
  }

  it('clamps typed quantities: 5000 is sent as 999 and 0 as 1, after a pause, as PUT', async () => {
    const { page, lineA } = await cartPage(undefined, { fakeClock: true });
    const line = page.locator(`[data-testid="cart-line"][data-line-id="${lineA}"]`);
    const input = line.getByTestId('qty-input');
    expect(await page.getByTestId('cart-count').textContent()).to.equal('3');

    // The page's clock is fake: nothing is sent until CART_DEBOUNCE_MS have passed since the last edit.
    const puts: string[] = [];
    page.on('request', (r) => void (r.method() === 'PUT' && puts.push(r.url())));
    const put999 = page.waitForRequest((r) => r.method() === 'PUT' && r.url().endsWith(`/en-us/cart/${lineA}`));
    // Stop the page's time (it flows naturally after install) so only runFor moves it.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    await input.fill('5000');
    await page.clock.runFor(CART_DEBOUNCE_MS - 1);
    expect(puts, 'nothing sent before the pause').to.deep.equal([]);
    // Listen for the reply before the request can go: a reply that comes back fast is not missed.
    const replied999 = page.waitForResponse(
      (r) => r.request().method() === 'PUT' && r.url().endsWith(`/en-us/cart/${lineA}`),
    );
    await page.clock.runFor(1);
    const req = await put999;
    await page.clock.resume();
    expect(formValue(req.postData(), 'quantity')).to.equal('999');
    await replied999;
    // The response reaches the network layer before the island has read it: wait for the render.
    await page.waitForFunction(() => document.querySelector('[data-testid="cart-count"]')?.textContent === '1000');
    await waitForValue(input, '999');

    const put1 = page.waitForRequest((r) => r.method() === 'PUT' && r.url().endsWith(`/en-us/cart/${lineA}`));
    await input.fill('0');
    await page.clock.runFor(CART_DEBOUNCE_MS);
    expect(formValue((await put1).postData(), 'quantity')).to.equal('1');
    await page.waitForFunction(() => document.querySelector('[data-testid="cart-count"]')?.textContent === '2');
    await waitForValue(input, '1');

    // The − button never goes below 1; + sends 2 once the clicks pause.
    expect(await line.getByTestId('qty-decrease').isDisabled()).to.equal(true);
    const put2 = page.waitForRequest((r) => r.method() === 'PUT' && r.url().endsWith(`/en-us/cart/${lineA}`));
    await line.getByTestId('qty-increase').click();
    await line.getByTestId('qty-increase').click();
    await page.clock.runFor(CART_DEBOUNCE_MS);
    expect(formValue((await put2).postData(), 'quantity')).to.equal('3');
    expect(page.problems).to.deep.equal([]);
    await page.close();
  });

  it('removes a line: the button reads Removing... and the line goes; an error restores Remove and alerts', async () => {
    const { page, lineA, lineB } = await cartPage();
    // A failing DELETE first: every message of the reply is an alert, the button comes back.
    await page.route(`**/en-us/cart/${lineB}`, (route) =>
      route.request().method() === 'DELETE'
        ? route.fulfill({
            status: 409,
            contentType: 'application/json',
            body: JSON.stringify({
              error: { code: 'conflict', message: 'Could not remove that line.', fields: { line: 'Try again later.' } },
            }),
          })
        : route.continue(),
    );
    const lineBEl = page.locator(`[data-testid="cart-line"][data-line-id="${lineB}"]`);
    await lineBEl.getByTestId('cart-remove').click();
    await page.getByTestId('alert').filter({ hasText: 'Could not remove that line.' }).waitFor();
    await page.getByTestId('alert').filter({ hasText: 'Try again later.' }).waitFor();
    expect(await lineBEl.getByTestId('cart-remove').textContent()).to.equal('Remove');
    await page.unroute(`**/en-us/cart/${lineB}`);

    // A DELETE held open until the test has seen 'Removing...', then the line is gone.
    let release: () => void = () => {};
    const held = new Promise<void>((r) => (release = r));
    await page.route(`**/en-us/cart/${lineA}`, async (route) => {
      if (route.request().method() === 'DELETE') await held;
      await route.continue();
    });
    const lineAEl = page.locator(`[data-testid="cart-line"][data-line-id="${lineA}"]`);
    await lineAEl.getByTestId('cart-remove').click();
    await page.waitForFunction(
      (id) =>
        document.querySelector(`[data-line-id="${id}"] [data-testid="cart-remove"]`)?.textContent === 'Removing...',
      lineA,
    );
    release();
    await lineAEl.waitFor({ state: 'detached' });
    expect(await page.getByTestId('cart-line').count()).to.equal(1);
    await page.waitForFunction(() => document.querySelector('[data-testid="cart-count"]')?.textContent === '1');

    // Removing the last line shows the empty state with a link to products.
    await lineBEl.getByTestId('cart-remove').click();
    await page.getByTestId('cart-empty').waitFor();
    expect(await page.getByTestId('cart-empty-link').getAttribute('href')).to.equal('/en-us/products');
    expect(await page.getByTestId('cart-count').isHidden()).to.equal(true);
    expect(page.problems).to.deep.equal([]);
    await page.close();
  });

  it('toggles the discount display: request sent, icon and original prices follow, kept after reload', async () => {
    const { page } = await cartPage();
    const toggle = page.getByTestId('discount-toggle');
    expect(await toggle.getAttribute('data-state')).to.equal('1');
    expect(await toggle.locator('svg').getAttribute('data-icon')).to.equal('eye');
    const promoted = (await page.getByTestId('cart-promotion').count()) > 0;
    // Original prices are struck through exactly when something is discounted (a promotion in force).
    expect((await page.getByTestId('cart-line-total-original').count()) > 0).to.equal(promoted);
    await screenshot(page, 'cart-discounts-shown');

    const sent = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/en-us/cart/viewdiscounts'));
    await toggle.click();
    expect(formValue((await sent).postData(), 'showDiscount')).to.equal('0');
    await page.waitForFunction(
      () => document.querySelector('[data-testid="discount-toggle"]')?.getAttribute('data-state') === '0',
    );
    expect(await toggle.locator('svg').getAttribute('data-icon')).to.equal('eye-slash');
    expect(await toggle.getAttribute('aria-pressed')).to.equal('false');
    expect(await page.getByTestId('cart-line-total-original').count()).to.equal(0);
    expect(await page.evaluate(() => document.documentElement.dataset.showDiscount)).to.equal('0');

    // Applied at page load: the state survives a reload.
    await page.reload();
    await hydrated(page);
    expect(await page.getByTestId('discount-toggle').getAttribute('data-state')).to.equal('0');
    expect(await page.evaluate(() => document.documentElement.dataset.showDiscount)).to.equal('0');

    // With the refresh marker the page reloads after a toggle.
    await page.goto(`${base}/en-us/cart?refresh=1`);
    await hydrated(page);
    expect(await page.getByTestId('cart-page').getAttribute('data-refresh')).to.equal('1');
    await Promise.all([page.waitForNavigation(), page.getByTestId('discount-toggle').click()]);
    await hydrated(page);
    expect(await page.getByTestId('discount-toggle').getAttribute('data-state')).to.equal('1');
    expect(page.problems).to.deep.equal([]);
    await page.close();
  });

  for (const width of [1280, 375]) {
    it(`passes axe at ${width} px with no horizontal scroll`, async () => {
      const { page } = await cartPage(width);
      expect(await axe(page)).to.deep.equal([]);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, 'horizontal overflow in px').to.be.at.most(0);
      await screenshot(page, `cart-${width}`);
      const empty = await newPage({ width });
      await empty.goto(`${base}/en-us/cart`);
      await hydrated(empty);
      expect(await axe(empty)).to.deep.equal([]);
      await screenshot(empty, `cart-empty-${width}`);
      expect(page.problems).to.deep.equal([]);
      await empty.close();
      await page.close();
    });
  }
});
