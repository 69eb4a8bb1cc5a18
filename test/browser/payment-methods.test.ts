/**
 * Saved payment methods in Chromium: a customer adds a bank account through the bank
 * link, confirms the two deposits and pays an order with it; cards are saved, made default and
 * removed after a confirmation; axe at 1280 and 375 px.
 */
import { expect } from 'chai';
import { axe, hydrated, newPage, requireChromium, type TestPage } from '../helpers/browser.ts';
import { productIdByStockcode, sqlRows, testServer } from '../helpers/server.ts';
import { DEMO_PASSWORD } from '../helpers/http.ts';
import { TEST_CARDS } from '../../src/providers/payments/index.ts';

const USER = 'jake.sorensen@example.net'; // a demo customer no other suite checks out with

/** Signs in through the login form's own POST (fetch with the page's CSRF token), then checks the session took. */
async function signInPage(page: TestPage, base: string, email: string) {
  await page.goto(`${base}/en-us/login`);
  const status = await page.evaluate(
    async ({ email, password }) => {
      const token = document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')!.content;
      const res = await fetch('/en-us/login', {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ email, password, _csrf: token }),
        redirect: 'manual',
      });
      return res.type === 'opaqueredirect' ? 303 : res.status;
    },
    { email, password: DEMO_PASSWORD },
  );
  expect(status, `sign-in as ${email}`).to.equal(303);
  await page.goto(`${base}/en-us/account`);
  expect(new URL(page.url()).pathname, `signed in as ${email}`).to.equal('/en-us/account');
}

async function addInPage(page: TestPage, productId: number) {
  return page.evaluate(async (productId) => {
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
  }, productId);
}

const shot = (page: TestPage, name: string) => page.screenshot({ path: `/tmp/bank-${name}.png`, fullPage: true });

describe('browser: saved payment methods and bank accounts', function () {
  this.timeout(180_000);
  let base: string;
  let product: number;
  before(async function () {
    requireChromium(this);
    const app = await testServer();
    base = app.url;
    product = await productIdByStockcode('HT-CLV');
    await app.database.pool.query('update inventory set quantity = greatest(quantity, 50) where product_id = $1', [
      product,
    ]);
  });

  it('a customer adds a bank account, confirms the two deposits and pays an order with it (1280 px)', async () => {
    const page = await newPage();
    await signInPage(page, base, USER);
    await page.goto(`${base}/en-us/account/payment`);
    await hydrated(page);
    expect(await axe(page)).to.deep.equal([]);
    await page.getByTestId('pm-routing').fill('110000000');
    await page.getByTestId('pm-account').fill('000123456789');
    await page.getByTestId('pm-holder').fill('Jake Sorensen');
    const posted: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST') posted.push(`${new URL(r.url()).pathname} ${r.postData() ?? ''}`);
    });
    await page.getByTestId('pm-bank-save').click();
    const bank = page.locator('[data-testid="pm-item"][data-kind="bank"][data-last4="6789"]');
    await bank.waitFor();
    expect(await bank.getAttribute('data-status')).to.equal('pending');
    expect(await page.getByTestId('pm-status').textContent()).to.contain('two deposits');
    // The account number went to the bank link's endpoint only; our route got a public token.
    expect(posted.filter((p) => p.includes('000123456789')).map((p) => p.split(' ')[0])).to.deep.equal([
      '/bank-link/accounts',
    ]);
    expect(await axe(page)).to.deep.equal([]);
    await shot(page, '1280-pending');

    // One wrong try first: a clear message and the tries left.
    const statement = await page.evaluate(
      async () =>
        (await (await fetch('/bank-link/statement', { headers: { Accept: 'application/json' } })).json()) as {
          accounts: { mask: string; deposits: string[] }[];
        },
    );
    const deposits = statement.accounts.find((a) => a.mask === '6789')!.deposits;
    await bank.getByTestId('pm-amount-1').fill(deposits[0] === '0.99' ? '0.98' : '0.99');
    await bank.getByTestId('pm-amount-2').fill(deposits[1]);
    await bank.getByTestId('pm-verify-submit').click();
    await page.getByTestId('pm-error').waitFor();
    expect(await page.getByTestId('pm-error').textContent()).to.contain('2 tries left');
    await shot(page, '1280-wrong');
    await bank.getByTestId('pm-amount-1').fill(deposits[0]);
    await bank.getByTestId('pm-amount-2').fill(deposits[1]);
    await bank.getByTestId('pm-verify-submit').click();
    await page.locator('[data-testid="pm-item"][data-kind="bank"][data-status="verified"]').waitFor();
    expect(await page.getByTestId('pm-status').textContent()).to.contain('verified');
    expect(await axe(page)).to.deep.equal([]);
    await shot(page, '1280-verified');

    // Pay an order with it at checkout.
    expect(await addInPage(page, product)).to.equal(200);
    await page.goto(`${base}/en-us/cart/checkout`);
    await hydrated(page);
    await page.getByTestId('saved-address').first().locator('input').check();
    await page.getByTestId('customer-continue').click();
    await page.getByTestId('shipping-rate').first().waitFor();
    await page.getByTestId('shipping-continue').click();
    await page.getByTestId('saved-methods').waitFor();
    const choice = page.getByTestId('saved-bank-6789');
    expect(await choice.isChecked()).to.equal(true); // the verified account became the default
    expect(await page.getByTestId('card-number').count()).to.equal(0);
    expect(await axe(page)).to.deep.equal([]);
    await shot(page, '1280-checkout');
    await Promise.all([page.waitForURL(/\/en-us\/orders\/\d+\?placed=1/), page.getByTestId('place-order').click()]);
    await page.getByTestId('order-placed').waitFor();
    expect(await page.getByTestId('order-payment').textContent()).to.contain('ending 6789');
    expect(await axe(page)).to.deep.equal([]);
    await shot(page, '1280-placed');
    expect(page.problems).to.deep.equal([]);
    await page.close();
  });

  it('saves a card, makes it the default and removes it after confirming (375 px)', async () => {
    const page = await newPage({ width: 375, height: 800 });
    await signInPage(page, base, USER);
    await page.goto(`${base}/en-us/account/payment`);
    expect(new URL(page.url()).pathname).to.equal('/en-us/account/payment');
    await hydrated(page);
    expect(await axe(page)).to.deep.equal([]);
    await page.getByTestId('pm-card-number').fill(TEST_CARDS.approvedMastercard);
    await page.getByTestId('pm-card-exp').fill('11/39');
    await page.getByTestId('pm-card-cvc').fill('123');
    await page.getByTestId('pm-card-save').click();
    const card = page.locator('[data-testid="pm-item"][data-kind="card"][data-last4="4444"]');
    await card.waitFor();
    expect(await card.getByTestId('pm-default').count()).to.equal(0);
    await card.getByTestId('pm-make-default').click();
    await card.getByTestId('pm-default').waitFor();
    expect(await axe(page)).to.deep.equal([]);
    await shot(page, '375-cards');
    // Declining the confirmation keeps it; accepting removes it.
    page.once('dialog', (d) => void d.dismiss());
    await card.getByTestId('pm-remove').click();
    expect(await card.count()).to.equal(1);
    let message = '';
    page.once('dialog', (d) => {
      message = d.message();
      void d.accept();
    });
    await card.getByTestId('pm-remove').click();
    await card.waitFor({ state: 'detached' });
    expect(message).to.contain('Mastercard ending 4444');
    // the default passed to the verified bank account
    expect(
      await page
        .locator('[data-testid="pm-item"][data-kind="bank"][data-last4="6789"]')
        .getByTestId('pm-default')
        .count(),
    ).to.equal(1);
    // a bad card number shows the provider's message beside the form
    await page.getByTestId('pm-card-number').fill('4242424242424241');
    await page.getByTestId('pm-card-exp').fill('11/39');
    await page.getByTestId('pm-card-cvc').fill('123');
    await page.getByTestId('pm-card-save').click();
    await page.getByTestId('pm-card-error').waitFor();
    expect(await axe(page)).to.deep.equal([]);
    await shot(page, '375-error');
    // the checkout's payment tab offers the verified account at 375 px too
    expect(await addInPage(page, product)).to.equal(200);
    await page.goto(`${base}/en-us/cart/checkout`);
    await hydrated(page);
    await page.getByTestId('saved-address').first().locator('input').check();
    await page.getByTestId('customer-continue').click();
    await page.getByTestId('shipping-rate').first().waitFor();
    await page.getByTestId('shipping-continue').click();
    await page.getByTestId('saved-methods').waitFor();
    expect(await page.getByTestId('saved-bank-6789').isChecked()).to.equal(true);
    await page.getByTestId('saved-new').check();
    await page.getByTestId('card-number').waitFor({ state: 'visible' });
    expect(await axe(page)).to.deep.equal([]);
    await page.getByTestId('saved-bank-6789').check();
    expect(await page.getByTestId('card-number').count()).to.equal(0);
    expect(await axe(page)).to.deep.equal([]);
    await shot(page, '375-checkout');
    expect(page.problems).to.deep.equal([]);
    await page.close();
  });

  it("staff open the customer's payment methods from the customer page (1280 and 375 px)", async () => {
    const [person] = await sqlRows<{ id: number }>(
      'select p.id from persons p join users u on u.id = p.user_id where u.email = $1',
      [USER],
    );
    const page = await newPage();
    await signInPage(page, base, 'staff@example.com');
    await page.goto(`${base}/account/dashboard/customers/${person.id}`);
    const href = await page.getByTestId('customer-payment-methods').getAttribute('href');
    expect(href).to.match(/^\/en-us\/account\/payment\?user_id=\d+$/);
    await page.goto(`${base}${href}`);
    await hydrated(page);
    expect(await page.locator('h1').textContent()).to.contain('Jake Sorensen');
    expect(await page.getByRole('link', { name: 'Back to the customer' }).getAttribute('href')).to.equal(
      `/account/dashboard/customers/${person.id}`,
    );
    expect(await page.locator('[data-testid="pm-item"][data-kind="bank"][data-last4="6789"]').count()).to.equal(1);
    expect(await page.getByTestId('pm-add-card').count()).to.equal(1);
    expect(await axe(page)).to.deep.equal([]);
    await shot(page, '1280-staff');
    await page.setViewportSize({ width: 375, height: 800 });
    expect(await axe(page)).to.deep.equal([]);
    await shot(page, '375-staff');
    expect(page.problems).to.deep.equal([]);
    await page.close();
  });
});
