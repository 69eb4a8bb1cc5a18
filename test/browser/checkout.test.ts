/** Checkout in Chromium: returning customer by card, new organisation by check with tax exemption, channel switch declined, axe on each tab. */
import { expect } from 'chai';
import { axe, hydrated, newPage, screenshot, showsTestId, type TestPage } from '../helpers/browser.ts';
import { productIdByStockcode, testServer } from '../helpers/server.ts';
import { DEMO_PASSWORD } from '../helpers/http.ts';
import { TEST_CARDS } from '../../src/providers/payments/index.ts';

async function addInPage(page: TestPage, productId: number, quantity = 1, locale = 'en-us') {
  return page.evaluate(
    async ({ productId, quantity, locale }) => {
      const token = document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')!.content;
      const res = await fetch(`/${locale}/cart/add/inline`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Accept: 'application/json',
          'X-Requested-With': 'XMLHttpRequest',
          'X-CSRF-Token': token,
        },
        body: JSON.stringify({ product_id: productId, quantity }),
      });
      return res.status;
    },
    { productId, quantity, locale },
  );
}

async function signInPage(page: TestPage, base: string, email: string) {
  await page.goto(`${base}/en-us/login`);
  await page.fill('input[name="email"]', email);
  await page.fill('input[name="password"]', DEMO_PASSWORD);
  await Promise.all([page.waitForNavigation(), page.click('button[type="submit"]')]);
}

const tabState = (page: TestPage) =>
  page.evaluate(() =>
    [0, 1, 2].map((i) => (document.querySelector(`[data-testid="checkout-tab-${i}"]`) as HTMLButtonElement).disabled),
  );

describe('browser: checkout', function () {
  this.timeout(120_000);
  let base: string;
  let product: number;
  before(async () => {
    const app = await testServer();
    base = app.url;
    product = await productIdByStockcode('HT-CLV');
    await app.database.pool.query('update inventory set quantity = greatest(quantity, 50) where product_id = $1', [
      product,
    ]);
  });

  it('a returning customer checks out with a saved address and the test card and lands on the confirmation page', async () => {
    const page = await newPage();
    await signInPage(page, base, 'ethan.miller@example.net'); // not customer@example.com: other tests rely on that demo cart
    expect(await addInPage(page, product, 1)).to.equal(200);
    await page.goto(`${base}/en-us/cart/checkout`);
    await hydrated(page);
    expect(await tabState(page)).to.deep.equal([false, true, true]);
    expect(await page.getByTestId('saved-address').count()).to.be.at.least(1);
    expect(await axe(page)).to.deep.equal([]);
    await screenshot(page, 'checkout-1-customer');
    await page.getByTestId('saved-address').first().locator('input').check();
    await page.getByTestId('customer-continue').click();
    await page.getByTestId('shipping-rate').first().waitFor();
    expect(await tabState(page)).to.deep.equal([false, false, true]);
    expect(await page.getByTestId('checkout-announce').textContent()).to.contain('Step 2 of 3');
    expect(await axe(page)).to.deep.equal([]);
    await screenshot(page, 'checkout-2-shipping');
    await page.getByTestId('shipping-continue').click();
    await page.getByTestId('card-number').waitFor({ state: 'visible' });
    expect(await tabState(page)).to.deep.equal([false, false, false]);
    expect(await axe(page)).to.deep.equal([]);
    await page.getByTestId('card-number').fill(TEST_CARDS.approved);
    await page.getByTestId('card-exp').fill('12/40');
    await page.getByTestId('card-cvc').fill('123');
    await screenshot(page, 'checkout-3-payment');
    const placed = page.waitForRequest((r) => r.url().endsWith('/en-us/order/place'));
    await Promise.all([page.waitForURL(/\/en-us\/orders\/\d+\?placed=1/), page.getByTestId('place-order').click()]);
    expect((await placed).headers()['idempotency-key']).to.match(/^[\w-]{8,}$/);
    await page.getByTestId('order-placed').waitFor();
    expect(await page.getByTestId('order-payment').textContent()).to.contain('ending in 4242');
    expect(await axe(page)).to.deep.equal([]);
    await screenshot(page, 'checkout-4-confirmation');
    expect(page.problems).to.deep.equal([]);
    await page.close();
  });

  it('a new visitor checks out by check as an organisation with tax exemption: tax shown as zero', async () => {
    const page = await newPage({ width: 375, height: 800 });
    await page.goto(`${base}/en-us/products`);
    expect(await addInPage(page, product, 2)).to.equal(200);
    await page.goto(`${base}/en-us/cart/checkout`);
    await showsTestId(page, 'checkout-choose');
    expect(await axe(page)).to.deep.equal([]);
    await page.getByTestId('checkout-new').click();
    await hydrated(page);
    expect(await axe(page)).to.deep.equal([]);
    await page.getByTestId('co-email').fill(`org-${Date.now()}@example.test`);
    expect(await page.getByTestId('co-subscribe').isChecked(), 'marketing opt-in starts unticked').to.equal(false);
    await page.getByTestId('account-organization').check();
    await page.getByTestId('co-org').fill(`Prairie Oats ${Date.now()}`);
    await page.getByTestId('ship-firstName').fill('Lee');
    await page.getByTestId('ship-lastName').fill('Hart');
    await page.getByTestId('ship-address1').fill('400 Elm Street');
    await page.getByTestId('ship-city').fill('Lincoln');
    await page.getByTestId('ship-region').selectOption('NE');
    await page.getByTestId('ship-postalcode').fill('68508');
    await page.getByTestId('tax-exempt').check();
    await page.getByTestId('biz-type').selectOption('agricultural_producer');
    await page.getByTestId('signature').fill('Lee Hart');
    await page.getByTestId('position-title').fill('Owner');
    expect(await axe(page)).to.deep.equal([]);
    await screenshot(page, 'checkout-375-new-customer');
    await page.getByTestId('customer-continue').click();
    await page.getByTestId('shipping-rate').first().waitFor();
    expect(await axe(page)).to.deep.equal([]);
    await page.getByTestId('shipping-continue').click();
    await page.getByTestId('pay-check').check();
    await page.getByTestId('check-number').fill('2207');
    expect(await page.getByTestId('summary-tax').textContent()).to.equal('$0.00');
    expect(await axe(page)).to.deep.equal([]);
    await screenshot(page, 'checkout-375-payment');
    await Promise.all([page.waitForURL(/\/orders\/\d+\?placed=1/), page.getByTestId('place-order').click()]);
    await page.getByTestId('order-tax-exempt').waitFor();
    expect(await page.getByTestId('order-totals').textContent()).to.contain('$0.00');
    expect(await page.getByTestId('order-payment').textContent()).to.contain('2207');
    expect(await axe(page)).to.deep.equal([]);
    await screenshot(page, 'checkout-375-confirmation');
    expect(page.problems).to.deep.equal([]);
    await page.close();
  });

  it('on an es-mx phone the expiry may be typed as digits, and a wrong one is told beside the field in Spanish', async () => {
    const page = await newPage({ width: 375, height: 800 });
    await page.goto(`${base}/es-mx/`);
    expect(await addInPage(page, product, 1, 'es-mx')).to.equal(200);
    await page.goto(`${base}/es-mx/cart/checkout`);
    await page.getByTestId('checkout-new').click();
    await hydrated(page);
    // Countries in Spanish.
    expect((await page.getByTestId('ship-country').locator('option').allTextContents()).slice(1)).to.deep.equal([
      'Estados Unidos',
      'Canadá',
      'México',
    ]);
    await page.getByTestId('co-email').fill(`mx-${Date.now()}@example.test`);
    expect(
      await page.getByRole('checkbox', { name: /correo|ofertas|novedades|suscrib/i }).isChecked(),
      'marketing opt-in starts unticked',
    ).to.equal(false);
    await page.getByTestId('ship-firstName').fill('Lucía');
    await page.getByTestId('ship-lastName').fill('Ramírez');
    await page.getByTestId('ship-address1').fill('Av. Juárez 120');
    await page.getByTestId('ship-city').fill('Guadalajara');
    await page.getByTestId('ship-region').selectOption('JAL');
    await page.getByTestId('ship-postalcode').fill('44100');
    await page.getByTestId('customer-continue').click();
    await page.getByTestId('shipping-rate').first().waitFor();
    // What ships from each warehouse is named in Spanish, as in the summary beside it.
    expect(await page.getByText('1 × Horquilla de barra de tiro, forjada').count()).to.be.at.least(1);
    expect(await page.getByText(/Drawbar Clevis/).count()).to.equal(0);
    await page.getByTestId('shipping-continue').click();
    await page.getByTestId('card-number').waitFor({ state: 'visible' });
    expect(await page.getByTestId('card-exp').getAttribute('placeholder')).to.equal('MM/AA');
    await page.getByTestId('card-number').fill(TEST_CARDS.approved);
    await page.getByTestId('card-exp').fill('1329');
    await page.getByTestId('card-cvc').fill('123');
    await page.getByRole('button', { name: 'Realizar pedido' }).click();
    // Beside the field, named by it, in Spanish; nothing placed.
    expect(await page.getByTestId('card-exp-error').textContent()).to.equal(
      'Escriba el vencimiento como mes y año, por ejemplo 12/29.',
    );
    expect(await page.getByLabel('Vencimiento (MM/AA)').getAttribute('aria-describedby')).to.equal('co-exp-err');
    expect(await page.getByTestId('place-error').count()).to.equal(0);
    expect(await axe(page)).to.deep.equal([]);
    await screenshot(page, 'checkout-375-es-mx-expiry');
    await page.getByTestId('card-exp').fill('1240');
    await Promise.all([
      page.waitForURL(/\/es-mx\/orders\/\d+\?placed=1/),
      page.getByRole('button', { name: 'Realizar pedido' }).click(),
    ]);
    await page.getByTestId('order-placed').waitFor();
    expect(page.problems).to.deep.equal([]);
    await page.close();
  });

  it('a Canadian address on the US channel asks to switch; declining keeps tabs 2 and 3 disabled', async () => {
    const page = await newPage();
    await signInPage(page, base, 'will.harper@acme.example');
    expect(await addInPage(page, product, 1)).to.equal(200);
    await page.goto(`${base}/en-us/cart/checkout`);
    await hydrated(page);
    await page.getByTestId('checkout-tab-0').click(); // a cart with a saved ship-to opens on a later tab
    await page.getByTestId('address-add-new').check();
    await page.getByTestId('ship-firstName').fill('Jo');
    await page.getByTestId('ship-lastName').fill('Roy');
    const regions = page.waitForResponse((r) => r.url().endsWith('/en-us/address/get-regions'));
    await page.getByTestId('ship-country').selectOption('CA');
    await regions;
    const names = await page.getByTestId('ship-region').locator('option').allTextContents();
    expect(names.slice(1)).to.deep.equal([...names.slice(1)].sort((a, b) => a.localeCompare(b)));
    await page.getByTestId('ship-region').selectOption('QC');
    await page.getByTestId('ship-address1').fill('1 Rue Principale');
    await page.getByTestId('ship-city').fill('Laval');
    await page.getByTestId('ship-postalcode').fill('H7N 1A1');
    let asked = '';
    page.once('dialog', (d) => {
      asked = d.message();
      void d.dismiss();
    });
    await page.getByTestId('customer-continue').click();
    await page.getByTestId('checkout-error').waitFor();
    expect(asked).to.contain('Canada');
    expect(await tabState(page)).to.deep.equal([false, true, true]);
    expect(await page.locator('[data-country-check]').getAttribute('data-country-check')).to.equal('failed');
    expect(page.problems).to.deep.equal([]);
    await page.close();
  });

  it('the account address edit reloads regions for the country and saves; axe passes at 375 px', async () => {
    const page = await newPage({ width: 375, height: 800 });
    await signInPage(page, base, 'grace.owens@example.net');
    await page.goto(`${base}/en-us/account`);
    await page.getByTestId('address-edit-link').first().click();
    await hydrated(page);
    expect(await axe(page)).to.deep.equal([]);
    const regions = page.waitForResponse((r) => r.url().endsWith('/en-us/address/get-regions'));
    await page.getByTestId('addr-country').selectOption('CA');
    await regions;
    await page.getByTestId('addr-region').selectOption('MB');
    await page.getByTestId('addr-postalcode').fill('12345');
    await page.getByTestId('address-save').click();
    await page.getByTestId('address-error').waitFor();
    expect(await page.locator('.field.has-error #addr-postalcode').count()).to.equal(1);
    await screenshot(page, 'address-edit-375');
    await page.getByTestId('addr-postalcode').fill('R7A 7J8');
    await Promise.all([page.waitForURL(/\/en-us\/account$/), page.getByTestId('address-save').click()]);
    expect(await page.getByTestId('saved-address').first().textContent()).to.contain('R7A 7J8');
    expect(page.problems).to.deep.equal([]);
    await page.close();
  });
});
