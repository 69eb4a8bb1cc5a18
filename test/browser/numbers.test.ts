/**
 * Numbers that agree, each read where a person sees it: an order dated the day it was
 * placed (not its cart's), the dashboard's KPI rows and its sales chart, the EPP calculator on a
 * configured product, the checkout summary's shipping on the Shipping tab, a warehouse's inventory
 * count, a webhook whose failure is in the log, an image a parts diagram uses; and the storefront's
 * main navigation reached at 375 px through the menu button.
 */
import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { axe, hydrated, newPage, screenshot, type TestPage } from '../helpers/browser.ts';
import { productIdByStockcode, sqlRows, testServer } from '../helpers/server.ts';
import { DEMO_PASSWORD } from '../helpers/http.ts';
import { chooseShipping, newCustomer, place } from '../features/checkout-helpers.ts';

async function signInAs(page: TestPage, base: string, email: string) {
  await page.goto(`${base}/en-us/login`);
  await page.getByTestId('login-form').locator('input[name=email]').fill(email);
  await page.getByTestId('login-form').locator('input[name=password]').fill(DEMO_PASSWORD);
  await Promise.all([page.waitForNavigation(), page.getByTestId('login-submit').click()]);
}

const text = async (page: TestPage, testid: string) =>
  ((await page.getByTestId(testid).first().textContent()) ?? '').trim();

describe('browser: numbers that agree', function () {
  this.timeout(120_000);
  let base: string;
  before(async () => {
    base = (await testServer()).url;
  });

  it('an order whose cart was made long before is dated the day it is placed in the back office and the report', async () => {
    const product = await productIdByStockcode('HT-CLV');
    await sqlRows('update inventory set quantity = greatest(quantity, 50) where product_id = $1', [product]);
    const c = await newCustomer(product, 1);
    await sqlRows(`update orders set created_at = '2024-02-14T09:00:00Z' where id = $1`, [c.orderId]); // the cart, months ago
    const { totals } = await chooseShipping(c.a, c.token, c.orderId, c.shipTo);
    const placed = await place(c.a, c.token, randomUUID(), {
      order_id: c.orderId,
      payment_type: 2,
      check_number: '7781',
      expected_total: totals.total,
    });
    expect(placed.status, placed.text).to.equal(201);
    const [row] = await sqlRows<{ same: boolean; day: string }>(
      `select created_at = submitted_at as same, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as day from orders where id = $1`,
      [c.orderId],
    );
    expect(row.same).to.equal(true);
    // Nothing counted on the cart's day: the rollup has no order on 14 February 2024 (the seed has none either).
    const [jan] = await sqlRows<{ n: number }>(
      `select coalesce(sum(orders), 0)::int as n from report_deltas where day = '2024-02-14'`,
    );
    expect(jan.n).to.equal(0);

    const page = await newPage({ width: 1280 });
    await signInAs(page, base, 'admin@example.com');
    await page.goto(`${base}/en-us/account/dashboard/orders`);
    const dateCell = page.locator(`tr[data-order-id="${c.orderId}"] td`).nth(1);
    const today = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date());
    expect((await dateCell.textContent())?.trim()).to.equal(today);
    expect((await dateCell.textContent())?.trim()).not.to.equal('Feb 14, 2024');
    // The order report for that day lists no order.
    await page.goto(`${base}/en-us/account/dashboard/reports/orders?from=2024-02-14&to=2024-02-14&group=day`);
    expect(await page.locator('body').textContent()).not.to.contain('Feb 14, 2024');
    expect(page.problems).to.deep.equal([]);
    await page.close();
  });

  it('the dashboard says which orders figure is for the period and which for all time, and charts every day', async () => {
    const page = await newPage({ width: 1280 });
    await signInAs(page, base, 'admin@example.com');
    await page.goto(`${base}/account/dashboard?period=30`);
    await hydrated(page);
    const labels = await page.getByTestId('dashboard-stats').locator('.stat-label').allTextContents();
    expect(labels[0]).to.equal('Orders, all time');
    expect(labels[2]).to.equal('Revenue, all time (submitted orders, USD)');
    // Sales by day over 30 days: 30 points, days without orders at 0 (not only the days that had one).
    const canvas = page.getByTestId('chart-canvas-sales');
    await page.waitForFunction((el) => el?.getAttribute('data-rendered') === 'true', await canvas.elementHandle(), {
      timeout: 15_000,
    });
    const drawn = JSON.parse((await canvas.getAttribute('data-values')) ?? '[]') as number[][];
    expect(drawn[1].length).to.equal(30);
    expect(drawn[1]).to.include(0);
    // Over two years the period's orders and the all-time orders are the same orders.
    await page.goto(`${base}/account/dashboard?period=730`);
    await hydrated(page);
    expect(await text(page, 'kpi-orders')).to.equal(await text(page, 'stat-orders-all-time'));
    expect(await page.getByTestId('dashboard-insight').locator('h3, h2').allTextContents()).to.include('Sales by week');
    await screenshot(page, 'numbers-dashboard-1280');
    expect(page.problems).to.deep.equal([]);
    await page.close();
  });

  it('the EPP calculator finances the configured price ($24,607.00), not the list price ($18,500.00)', async () => {
    const page = await newPage({ width: 1280 });
    await page.goto(`${base}/en-us/products/${await productIdByStockcode('DEMO-CONFIG')}`);
    await hydrated(page);
    await page.waitForFunction(() => document.querySelector('[data-testid="epp-price"]')?.textContent === '$18,500.00');
    await page.locator('input[name="options[1]"][value="3"]').check(); // 8 rows +$4,900.00
    await page.locator('input[name="options[2]"][value="5"]').check(); // 36 in +$350.00
    await page.locator('input[name="options[3]"][value="7"]').check(); // drawbar +$780.00
    await page.locator('input[name="option_qty[8]"]').fill('2'); // 2 × corn plates +$77.00
    await page.waitForFunction(
      () => document.querySelector('[data-testid="epp-price"]')?.textContent === '$24,607.00',
      null,
      { timeout: 15_000 },
    );
    expect(await page.locator('.product-details').textContent()).to.contain('$24,607.00');
    await screenshot(page, 'numbers-epp-1280');
    expect(page.problems).to.deep.equal([]);
    await page.close();
  });

  it('the checkout summary shows the shipping of the rate selected on the Shipping tab', async () => {
    const product = await productIdByStockcode('HT-CLV');
    const page = await newPage({ width: 1280 });
    await signInAs(page, base, 'ethan.miller@example.net');
    await page.evaluate(async (productId) => {
      const token = document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')!.content;
      await fetch('/en-us/cart/add/inline', {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Accept: 'application/json',
          'X-Requested-With': 'XMLHttpRequest',
          'X-CSRF-Token': token,
        },
        body: JSON.stringify({ product_id: productId, quantity: 1 }),
      });
    }, product);
    await page.goto(`${base}/en-us/cart/checkout`);
    await hydrated(page);
    await page.getByTestId('saved-address').first().locator('input').check();
    await page.getByTestId('customer-continue').click();
    await page.getByTestId('shipping-rate').first().waitFor();
    const summaryShipping = (p: string) =>
      page.waitForFunction((v) => document.querySelector('[data-testid="summary-shipping"]')?.textContent === v, p, {
        timeout: 15_000,
      });
    // The cheapest rate is selected at first (UPS Ground from Des Moines, the table carrier's $16.89): the summary says so at once.
    const rates = page.locator('label.rate');
    expect(((await rates.first().locator('.rate-price').textContent()) ?? '').trim()).to.equal('$16.89');
    await summaryShipping('$16.89');
    // Another rate picked (FedEx Express Saver, $36.73): the summary follows.
    const express = rates.filter({ hasText: 'FedEx Express Saver' });
    expect(((await express.locator('.rate-price').textContent()) ?? '').trim()).to.equal('$36.73');
    await express.locator('input').check();
    await summaryShipping('$36.73');
    await screenshot(page, 'numbers-checkout-shipping-1280');
    expect(page.problems).to.deep.equal([]);
    await page.close();
  });

  it("a warehouse button counts that warehouse's products: Inventory (3)", async () => {
    // The admin's own organisation's depot, as the add-warehouse form makes it (managers reach only theirs).
    const [w] = await sqlRows<{ id: number }>(
      `insert into warehouses (code, name, address1, city, region_code, postal_code, country_code, active, organisation_id) values ($1, 'Count Test Depot', '1 Depot Road', 'Ames', 'IA', '50010', 'US', true, (select organisation_id from users where email = 'admin@example.com')) returning id`,
      [`CT-${Date.now() % 100000}`],
    );
    await sqlRows(
      `insert into inventory (warehouse_id, product_id, quantity) select $1, id, 4 from products order by id limit 3`,
      [w.id],
    );
    const page = await newPage({ width: 1280 });
    await signInAs(page, base, 'admin@example.com');
    await page.goto(`${base}/en-us/account/dashboard/warehouses`);
    const button = page.locator(`a[href$="/warehouses/${w.id}/inventory"]`);
    expect((await button.textContent())?.trim()).to.equal('Inventory (3)');
    await page.goto(`${base}/en-us/account/dashboard/warehouses/${w.id}/inventory`);
    expect(await page.locator('tbody tr').count()).to.equal(3);
    expect(page.problems).to.deep.equal([]);
    await page.close();
  });

  it('a webhook whose failed delivery (502) is in the log does not say "No deliveries yet"', async () => {
    const [h] = await sqlRows<{ id: number }>(
      `insert into webhooks (url, events, secret, active) values ('https://failing.example/hooks', '{order.created}', 'whsec_dGVzdC10ZXN0LXRlc3QtdGVzdC10ZXN0', false) returning id`,
    );
    await sqlRows(
      `insert into logs (level, action, entity, entity_id, message, data, created_at) values ('error', 'webhook.deliver', 'webhook', $1, 'Delivery failed: 502 from failing.example', '{"statusCode": 502}', '2026-03-04T15:00:00Z')`,
      [h.id],
    );
    const page = await newPage({ width: 1280 });
    await signInAs(page, base, 'admin@example.com');
    await page.goto(`${base}/en-us/account/dashboard/integrations`);
    const row = page.getByTestId('webhook-row').filter({ hasText: 'https://failing.example/hooks' });
    const cell = (await row.locator('td').nth(3).innerText()).replace(/\s+/g, ' ').trim();
    expect(cell).to.equal('Failed Mar 4, 2026, 3:00 PM · see the log');
    expect(page.problems).to.deep.equal([]);
    await page.close();
  });

  it('media counts a parts diagram as a use and offers no Delete for it', async () => {
    const path = `/images/diagrams/count-test-${Date.now()}.svg`;
    await sqlRows(
      `insert into media (filename, path, mime, size) values ('count-test.svg', $1, 'image/svg+xml', 2048)`,
      [path],
    );
    await sqlRows(
      `insert into parts_diagrams (title, image, width, height) values ('Count test diagram', $1, 800, 600)`,
      [path],
    );
    const page = await newPage({ width: 1280 });
    await signInAs(page, base, 'admin@example.com');
    await page.goto(`${base}/en-us/account/dashboard/media?q=count-test`);
    const item = page.locator(`[data-testid="media-item"][data-path="${path}"]`);
    expect(((await item.getByTestId('media-used').textContent()) ?? '').trim()).to.equal('Used in 1 place');
    expect(await item.getByTestId('media-delete').count()).to.equal(0);
    expect(page.problems).to.deep.equal([]);
    await page.close();
  });

  it('at 375 px the menu button reveals Products, Parts diagrams and Find a dealer, each reached by a click; Escape closes it', async () => {
    for (const [name, path] of [
      ['Products', '/en-us/products'],
      ['Parts diagrams', '/en-us/parts'],
      ['Find a dealer', '/en-us/dealers'],
    ]) {
      const page = await newPage({ width: 375, height: 800 });
      await page.goto(`${base}/en-us/`);
      await hydrated(page);
      const toggle = page.getByTestId('nav-toggle');
      const link = page.getByTestId('main-nav').getByRole('link', { name, exact: true });
      expect(await link.isVisible()).to.equal(false);
      expect(await toggle.getAttribute('aria-expanded')).to.equal('false');
      await toggle.click();
      await page.waitForFunction(
        () => document.querySelector('[data-testid="nav-toggle"]')?.getAttribute('aria-expanded') === 'true',
      );
      expect(await link.isVisible()).to.equal(true);
      if (name === 'Products') {
        await screenshot(page, 'numbers-menu-375');
        expect(await axe(page)).to.deep.equal([]);
        await page.keyboard.press('Escape');
        expect(await toggle.getAttribute('aria-expanded')).to.equal('false');
        expect(await link.isVisible()).to.equal(false);
        expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).to.equal('nav-toggle');
        await page.keyboard.press('Enter'); // the keyboard opens it again
        await page.waitForFunction(
          () => document.querySelector('[data-testid="nav-toggle"]')?.getAttribute('aria-expanded') === 'true',
        );
      }
      await Promise.all([page.waitForURL(`${base}${path}`), link.click()]);
      expect(page.problems).to.deep.equal([]);
      await page.close();
    }
    // At 1280 px the links are in the header and there is no menu button.
    const wide = await newPage({ width: 1280 });
    await wide.goto(`${base}/en-us/`);
    expect(await wide.getByTestId('nav-toggle').isVisible()).to.equal(false);
    expect(
      await wide.getByTestId('main-nav').getByRole('link', { name: 'Products', exact: true }).isVisible(),
    ).to.equal(true);
    await wide.close();
  });
});
