/** EPP in Chromium: the calculator on DEMO-CONFIG, the refresh cycle, the lists, paying by EPP in checkout, axe at 1280 and 375 px. */
import { expect } from 'chai';
import { EPP_DEBOUNCE_MS } from '../../src/domain/constants.ts';
import { toCents } from '../../src/domain/money.ts';
import { TEST_CARDS } from '../../src/providers/payments/index.ts';
import { axe, hydrated, newPage, screenshot, type TestPage } from '../helpers/browser.ts';
import { DEMO_PASSWORD } from '../helpers/http.ts';
import { productIdByStockcode, sqlRows, testServer } from '../helpers/server.ts';

async function signInPage(page: TestPage, base: string, email: string) {
  await page.goto(`${base}/en-us/login`);
  await page.fill('input[name="email"]', email);
  await page.fill('input[name="password"]', DEMO_PASSWORD);
  await Promise.all([page.waitForNavigation(), page.click('button[type="submit"]')]);
  // Under load the navigation event can come before the signed-in page: wait for its api token.
  await page.waitForSelector('meta[name="api-token"]', { state: 'attached', timeout: 15_000 });
}

/** Every service-data request the page makes, with the time it was sent. */
function recordEppRequests(page: TestPage) {
  const seen: { url: URL }[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/epp/service-data')) seen.push({ url: new URL(r.url()) });
  });
  return seen;
}

/** The standard plan as shown: down payment, each instalment, total, APR, total of payments (cents). */
async function shownPlan(page: TestPage, kind: 'standard' | 'promo' = 'standard') {
  const plan = page.locator(`[data-testid="epp-calculator"] [data-testid="epp-plan"][data-kind="${kind}"]`);
  return {
    down: await plan.getByTestId('epp-down').getAttribute('data-value'),
    rows: await plan.getByTestId('epp-row').evaluateAll((els) => els.map((e) => e.getAttribute('data-amount') ?? '')),
    total: await plan.getByTestId('epp-total').getAttribute('data-value'),
    totalOfPayments: await plan.getByTestId('epp-total-of-payments').getAttribute('data-value'),
    apr: (await plan.getByTestId('epp-apr').textContent()) ?? '',
    monthly: (await plan.getByTestId('epp-monthly').textContent()) ?? '',
  };
}

const ready = (page: TestPage) =>
  page.locator('[data-testid="epp-calculator"][data-ready="true"][data-loading="false"]').waitFor({ timeout: 15_000 });

describe('browser: EPP', function () {
  this.timeout(120_000);
  let base: string;
  let demoConfig: number;
  before(async () => {
    base = (await testServer()).url;
    demoConfig = await productIdByStockcode('DEMO-CONFIG');
  });

  for (const width of [1280, 375]) {
    it(`the calculator on DEMO-CONFIG shows a down payment and monthly amounts adding up to the total, with APR and total of payments (${width} px, axe)`, async () => {
      const page = await newPage({ width, height: 900 });
      await page.goto(`${base}/en-us/products/${demoConfig}`);
      await hydrated(page);
      await ready(page);
      expect(await page.getByTestId('epp-title').first().textContent()).to.equal('Extended Payment Program (EPP)');
      for (const kind of ['standard', 'promo'] as const) {
        const p = await shownPlan(page, kind);
        expect(p.rows).to.have.length(kind === 'promo' ? 12 : 12);
        const sum = p.rows.reduce((s, a) => s + toCents(a), 0);
        expect(toCents(p.down!) + sum, JSON.stringify(p)).to.equal(toCents(p.total!));
        expect(sum).to.equal(toCents(p.totalOfPayments!));
        expect(p.apr).to.match(/^\d+\.\d\d% APR$/);
        expect(p.monthly).to.match(/^12 monthly payments of \$[\d,]+\.\d\d$/);
      }
      expect((await shownPlan(page, 'promo')).apr).to.equal('0.00% APR');
      // The one-line summary never shows a monthly amount without APR, term and down payment.
      expect(await page.getByTestId('epp-summary').first().textContent()).to.match(
        /\/month for 12 months at \d+\.\d\d% APR, after \$[\d,]+\.\d\d down/,
      );
      expect(await axe(page)).to.deep.equal([]);
      await page.locator('[data-testid="epp-calculator"]').screenshot({ path: `/tmp/epp-calculator-${width}.png` });
      await page.screenshot({ path: `/tmp/epp-product-${width}.png`, fullPage: true });
      await screenshot(page, `epp-product-${width}`);
      expect(page.problems).to.deep.equal([]);
      await page.close();
    });
  }

  it('changing months updates the figures once, after the 1000 ms debounce', async () => {
    const page = await newPage();
    const seen = recordEppRequests(page);
    // The page's clock is fake: only runFor moves it once paused.
    await page.clock.install();
    await page.goto(`${base}/en-us/products/${demoConfig}`);
    await hydrated(page);
    await ready(page);
    const before = seen.length;
    expect(before).to.equal(1);
    // The clock belongs to the browser context every test page shares: let it flow again after.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    try {
      await page.locator('[data-testid="epp-calculator"] [data-testid="epp-months"]').selectOption('18');
      await page.clock.runFor(EPP_DEBOUNCE_MS - 1);
      expect(seen.length, 'nothing is sent during the debounce').to.equal(before);
      const sent = page.waitForRequest((r) => r.url().includes('/epp/service-data'));
      await page.clock.runFor(1);
      expect(new URL((await sent).url()).searchParams.get('months')).to.equal('18');
    } finally {
      await page.clock.resume();
    }
    await page
      .locator('[data-testid="epp-calculator"] [data-testid="epp-plan"][data-kind="standard"] [data-testid="epp-row"]')
      .nth(17)
      .waitFor({ timeout: 10_000 });
    await ready(page);
    // Another quiet debounce period: still the one request.
    await page.clock.runFor(EPP_DEBOUNCE_MS * 2);
    await ready(page);
    expect(seen.length - before, 'exactly one request').to.equal(1);
    const p = await shownPlan(page);
    expect(p.rows).to.have.length(18);
    expect(toCents(p.down!) + p.rows.reduce((s, a) => s + toCents(a), 0)).to.equal(toCents(p.total!));
    expect(page.problems).to.deep.equal([]);
    await page.close();
  });

  it('a failed refresh clears the service data; the next change brings it back', async () => {
    const page = await newPage();
    await page.goto(`${base}/en-us/products/${demoConfig}`);
    await hydrated(page);
    await ready(page);
    const calc = page.locator('[data-testid="epp-calculator"]');
    await page.route('**/epp/service-data**', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: '{"error":{"code":"x","message":"x","fields":{}}}',
      }),
    );
    await calc.getByTestId('epp-months').selectOption('6');
    await page.locator('[data-testid="epp-calculator"][data-ready="false"]').waitFor({ timeout: 10_000 });
    expect(await calc.getByTestId('epp-plan').count()).to.equal(0);
    expect(await calc.getByTestId('epp-status').textContent()).to.contain('could not be calculated');
    await page.unroute('**/epp/service-data**');
    await calc.getByTestId('epp-months').selectOption('24');
    await ready(page);
    expect(await calc.locator('[data-kind="standard"] [data-testid="epp-row"]').count()).to.equal(24);
    await page.close();
  });

  it('a non-admin cannot pick a value outside the lists; an EPP admin can', async () => {
    const page = await newPage();
    const seen = recordEppRequests(page);
    await page.clock.install();
    await page.goto(`${base}/en-us/products/${demoConfig}`);
    await hydrated(page);
    await ready(page);
    const calc = page.locator('[data-testid="epp-calculator"]');
    const options = (testid: string) =>
      calc
        .getByTestId(testid)
        .locator('option')
        .evaluateAll((els) => els.map((e) => (e as HTMLOptionElement).value));
    expect(await options('epp-percent-down')).to.deep.equal(['10', '20', '30', '50']);
    expect(await options('epp-months')).to.deep.equal(['6', '12', '18', '24']);
    // Forge an option that is not in the list and choose it: the island resets to the default and never sends it.
    const before = seen.length;
    await calc.getByTestId('epp-months').selectOption('24');
    await calc.getByTestId('epp-months').evaluate((el) => {
      const o = document.createElement('option');
      o.value = '15';
      o.textContent = '15 months';
      el.appendChild(o);
    });
    await calc.getByTestId('epp-months').selectOption('15');
    await page.waitForFunction(
      () =>
        document.querySelector<HTMLSelectElement>('[data-testid="epp-calculator"] [data-testid="epp-months"]')
          ?.value === '12',
    );
    // Past the debounce (the fake clock, not a sleep): whatever was to be sent has been sent.
    await page.clock.runFor(EPP_DEBOUNCE_MS * 2);
    await ready(page);
    expect(await calc.getByTestId('epp-months').inputValue()).to.equal('12');
    expect(seen.slice(before).map((r) => r.url.searchParams.get('months'))).to.not.include('15');
    await page.close();

    const admin = await newPage();
    await signInPage(admin, base, 'admin@example.com');
    await admin.goto(`${base}/en-us/products/${demoConfig}`);
    await hydrated(admin);
    await ready(admin);
    const acalc = admin.locator('[data-testid="epp-calculator"]');
    const answered = admin.waitForResponse(
      (r) => r.url().includes('/epp/service-data') && r.url().includes('percentDown=25'),
    );
    await acalc.getByTestId('epp-percent-down').fill('25');
    expect((await answered).status()).to.equal(200);
    await admin
      .locator('[data-testid="epp-calculator"] [data-testid="epp-plan"][data-kind="standard"] [data-testid="epp-down"]')
      .filter({ hasText: '(25%)' })
      .waitFor();
    expect(admin.problems).to.deep.equal([]);
    await admin.close();
  });

  it('the cart shows the EPP preview; a customer pays an order by EPP in checkout and staff see the schedule (375 px, axe)', async () => {
    const planter = await productIdByStockcode('PL-2RC');
    await sqlRows('update inventory set quantity = greatest(quantity, 50) where product_id = $1', [planter]);
    const page = await newPage({ width: 375, height: 800 });
    await signInPage(page, base, 'jake.sorensen@example.net');
    const status = await page.evaluate(async (productId) => {
      const token = document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')!.content;
      const res = await fetch('/en-us/cart/add/inline', {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Accept: 'application/json',
          'X-Requested-With': 'XMLHttpRequest',
          'X-CSRF-Token': token,
        },
        body: JSON.stringify({ product_id: productId, quantity: 1 }),
      });
      return res.status;
    }, planter);
    expect(status).to.equal(200);
    await page.goto(`${base}/en-us/cart`);
    await hydrated(page);
    await page.locator('[data-testid="epp-preview"][data-ready="true"]').waitFor();
    expect(await page.getByTestId('epp-summary').textContent()).to.match(/APR/);
    expect(await axe(page)).to.deep.equal([]);

    await page.goto(`${base}/en-us/cart/checkout`);
    await hydrated(page);
    await page.getByTestId('saved-address').first().locator('input').check();
    await page.getByTestId('customer-continue').click();
    await page.getByTestId('shipping-rate').first().waitFor();
    await page.getByTestId('shipping-continue').click();
    await page.getByTestId('card-number').waitFor({ state: 'visible' });
    await page.getByTestId('card-number').fill(TEST_CARDS.approved);
    await page.getByTestId('card-exp').fill('12/40');
    await page.getByTestId('card-cvc').fill('123');
    await page.getByTestId('epp-pay-toggle').check();
    await ready(page);
    await page.getByTestId('epp-calculator').getByTestId('epp-months').selectOption('24');
    // At 375 px the schedule is folded behind its button: the 24th row is there, not shown.
    await page
      .locator('[data-testid="epp-calculator"] [data-testid="epp-plan"][data-kind="standard"] [data-testid="epp-row"]')
      .nth(23)
      .waitFor({ state: 'attached' });
    await page.locator('[data-testid="epp-pay"][data-ready="true"]').waitFor();
    const shown = await shownPlan(page);
    expect(await page.getByTestId('epp-charge-today').textContent()).to.contain(
      `Charged to your card today: $${Number(shown.down).toLocaleString('en-US', { minimumFractionDigits: 2 })}`,
    );
    expect(await axe(page)).to.deep.equal([]);
    await page.screenshot({ path: '/tmp/epp-checkout-375.png', fullPage: true });
    const placed = page.waitForRequest((r) => r.url().endsWith('/en-us/order/place'));
    await Promise.all([page.waitForURL(/\/en-us\/orders\/\d+\?placed=1/), page.getByTestId('place-order').click()]);
    const body = JSON.parse((await placed).postData() ?? '{}');
    expect(body).to.include({ epp: 1, epp_percent_down: 20, epp_months: 24, epp_plan: 'standard' });
    const orderId = Number(/orders\/(\d+)/.exec(page.url())![1]);
    const [pay] = await sqlRows<{ total: string }>(
      'select total::text from payments where order_id = $1 and successful',
      [orderId],
    );
    expect(pay.total).to.equal(shown.down);
    expect(page.problems).to.deep.equal([]);
    await page.close();

    const staff = await newPage();
    await signInPage(staff, base, 'staff@example.com');
    await staff.goto(`${base}/admin/orders/detail/${orderId}`);
    await staff.getByTestId('epp-plan').waitFor();
    expect(await staff.getByTestId('epp-installment').count()).to.equal(24);
    expect(await staff.getByTestId('epp-apr').textContent()).to.equal(shown.apr.replace(' APR', ''));
    expect(await axe(staff)).to.deep.equal([]);
    await staff.screenshot({ path: '/tmp/epp-staff-order.png', fullPage: true });
    expect(staff.problems).to.deep.equal([]);
    await staff.close();
  });
});
