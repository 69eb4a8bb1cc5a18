/**
 * Raw values never shown to people, read where staff see them: an order's shipping
 * method by carrier and service (not 'R_L_CARRIERS_LTL_FREIGHT'), its card by brand and last four
 * (not 'pm_demo_visa_4242'), its history counted in words ("1 change", "1 modification") and dated
 * the day the order was placed; the log's actions in words and its amounts as money.
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

/** From the back office's navigation to demo order #3 (placed with EPP, R+L freight, a Visa card). */
async function openOrder3(page: TestPage) {
  await Promise.all([
    page.waitForNavigation(),
    page.getByTestId('admin-nav').getByRole('link', { name: 'Orders', exact: true }).click(),
  ]);
  await Promise.all([page.waitForNavigation(), page.getByRole('link', { name: '#3', exact: true }).click()]);
}

const RAW_CODE = /\b[A-Z]+(?:_[A-Z]+){2,}\b|\bpm_[a-z0-9_]+|\b[a-z_]+\.[a-z_]+\b/;

describe('browser: raw values shown to people', function () {
  this.timeout(120_000);
  let base: string;
  before(async () => {
    base = (await testServer()).url;
  });

  it("an order's page names its carrier and card, its history says 1 change on the order's own date, and the editor shows each line's options", async () => {
    const page = await newPage({ width: 1280 });
    await signInAs(page, base, 'admin@example.com');
    await openOrder3(page);
    expect((await page.getByTestId('order-shipment-method').textContent())?.trim()).to.equal(
      'R+L Carriers · LTL Freight',
    );
    const payments = (await page.getByTestId('order-payments').textContent()) ?? '';
    expect(payments).to.contain('Card · Visa •••• 4242');
    expect((await page.getByTestId('order-log-count').textContent())?.trim()).to.equal('1 change');
    const history = (await page.getByTestId('order-log').textContent()) ?? '';
    expect(history).to.contain('Order placed');
    expect(history).to.contain('May 20, 2026'); // order #3 is dated May 20, 2026 (seed: 12 days before 1 June)
    expect(history).not.to.contain('Apr 20, 2026');
    const main = (await page.locator('main').textContent()) ?? '';
    expect(main).not.to.match(RAW_CODE);
    await screenshot(page, 'raw-order-detail-1280');
    expect(await axe(page)).to.deep.equal([]);

    // The editor says the same.
    await Promise.all([page.waitForNavigation(), page.getByRole('link', { name: 'Edit order' }).click()]);
    await hydrated(page);
    expect((await page.getByTestId('editor-shipment-method').textContent())?.trim()).to.equal(
      'R+L Carriers · LTL Freight',
    );
    // Each line shows what it was configured with, as the detail page does.
    const options = await page
      .getByTestId('editor-lines')
      .locator('tr[data-line-type="0"]')
      .first()
      .getByTestId('line-option')
      .allTextContents();
    expect(options).to.include.members([
      'Row count: 8 rows',
      'Hitch: Drawbar pull-type',
      'Extra seed plates: Corn 30-cell × 10',
    ]);
    expect((await page.getByTestId('refund-card').first().textContent())?.trim()).to.equal('Visa •••• 4242');
    await page.getByLabel('Refund amount: Visa •••• 4242').waitFor();
    expect((await page.getByTestId('editor-payments').textContent()) ?? '').to.contain('Card · Visa •••• 4242');
    expect(page.problems).to.deep.equal([]);
    await page.close();
  });

  it('in French the history counts "1 modification" and the log names its actions', async () => {
    const page = await newPage({ width: 1280 });
    await signInAs(page, base, 'admin@example.com');
    await page.goto(`${base}/fr-ca/account/dashboard/orders`); // the French back office's first page
    await Promise.all([page.waitForNavigation(), page.getByRole('link', { name: '#3', exact: true }).click()]);
    expect((await page.getByTestId('order-log-count').textContent())?.trim()).to.equal('1 modification');
    expect((await page.getByTestId('order-log-action').first().textContent())?.trim()).to.equal('Commande passée');
    await Promise.all([
      page.waitForNavigation(),
      page.getByTestId('admin-nav').getByRole('link', { name: 'Journal' }).click(),
    ]);
    const actions = await page.getByTestId('log-action').allTextContents();
    expect(actions).to.include('Connexion'); // this test's own sign-in, on the first page
    for (const a of actions) expect(a, 'an action shown as its code').not.to.match(/^[a-z_]+\.[a-z_.-]+$/);
    // The demo's declined card, found by its code, is named in words with its level.
    await page.getByLabel('Quoi').fill('payment.failed');
    await Promise.all([page.waitForNavigation(), page.getByRole('button', { name: 'Appliquer' }).click()]);
    const declined = page.getByTestId('log-row').filter({ hasText: 'Card declined' });
    expect((await declined.getByTestId('log-action').textContent())?.trim()).to.equal('Paiement refusé');
    expect(await declined.textContent()).to.contain('Avertissement');
    await screenshot(page, 'raw-log-fr-ca-1280');
    expect(page.problems).to.deep.equal([]);
    await page.close();
  });

  it("the log says a placed order's total as money, not '54067.95 USD'", async () => {
    const product = await productIdByStockcode('HT-CLV');
    await sqlRows('update inventory set quantity = greatest(quantity, 50) where product_id = $1', [product]);
    const c = await newCustomer(product, 1);
    const { totals } = await chooseShipping(c.a, c.token, c.orderId, c.shipTo);
    const placed = await place(c.a, c.token, randomUUID(), {
      order_id: c.orderId,
      payment_type: 2,
      check_number: '5521',
      expected_total: totals.total,
    });
    expect(placed.status, placed.text).to.equal(201);

    const page = await newPage({ width: 1280 });
    await signInAs(page, base, 'admin@example.com');
    await Promise.all([
      page.waitForNavigation(),
      page.getByTestId('admin-nav').getByRole('link', { name: 'Log' }).click(),
    ]);
    await page.getByLabel('Search').fill(`Order ${c.orderId} placed`);
    await Promise.all([page.waitForNavigation(), page.getByRole('button', { name: 'Apply' }).click()]);
    const row = page.getByTestId('log-row').filter({ hasText: `Order ${c.orderId} placed` });
    const message = (await row.locator('.log-data').textContent()) ?? '';
    expect(message).to.match(/placed \(\$[\d,]+\.\d\d, check 5521\)/);
    expect(message).not.to.match(/\d\.\d\d USD/);
    expect((await row.getByTestId('log-action').textContent())?.trim()).to.equal('Order placed');
    expect(page.problems).to.deep.equal([]);
    await page.close();
  });

  it('an ended promotion says Expired even when it was also switched off', async () => {
    const page = await newPage({ width: 1280 });
    await signInAs(page, base, 'admin@example.com');
    await Promise.all([
      page.waitForNavigation(),
      page.getByTestId('admin-nav').getByRole('link', { name: 'Promotions' }).click(),
    ]);
    // "Winter Service — $15 off": ended in the demo data and switched off.
    const row = page.getByTestId('promotion-row').filter({ hasText: 'Winter Service' });
    expect((await row.locator('.badge').first().textContent())?.trim()).to.equal('Expired');
    expect(await page.getByTestId('promotion-row').locator('.badge').allTextContents()).not.to.include('Inactive');
    expect(page.problems).to.deep.equal([]);
    await page.close();
  });

  it("the landing hero's button stands clear of its paragraph, and the lead form's date button is the SVG calendar", async () => {
    const page = await newPage({ width: 1280 });
    await page.goto(`${base}/en-us/`);
    const copy = (await page.getByTestId('landing-hero-body').boundingBox())!;
    const cta = (await page
      .getByTestId('landing-hero')
      .getByRole('link', { name: 'Shop planters and parts' })
      .boundingBox())!;
    expect(cta.y - (copy.y + copy.height)).to.be.at.least(16);
    await Promise.all([page.waitForNavigation(), page.getByTestId('landing-lead').click()]);
    const open = page.locator('.date-field__open').first();
    await open.waitFor();
    expect((await open.textContent())?.trim()).to.equal(''); // no emoji
    expect(await open.locator('svg').count()).to.equal(1);
    expect(await open.getAttribute('aria-label')).to.be.a('string');
    expect(await axe(page)).to.deep.equal([]);
    expect(page.problems).to.deep.equal([]);
    await page.close();
  });
});
