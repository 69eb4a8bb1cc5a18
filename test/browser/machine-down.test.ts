/**
 * "Machine down" in Chromium, as people move: a guest from the landing page finds the Drawbar
 * Clevis, adds it, checks out, ticks "Machine down" on the shipping tab (the one fastest quote is
 * then offered: FedEx Express Saver $30.43, Des Moines → Ames, see test/features/machine-down.test.ts)
 * and places the order; staff, from the back office's navigation, open Orders and find it first,
 * with its badge. 1280 and 375 px.
 */
import { expect } from 'chai';
import { axe, hydrated, newPage, screenshot, type TestPage } from '../helpers/browser.ts';
import { sqlRows, testServer } from '../helpers/server.ts';
import { signInFromLanding } from './journeys-person.ts';

async function guestOrdersMachineDown(page: TestPage, base: string, width: number): Promise<string> {
  const shot = (name: string) => screenshot(page, `machine-down-${width}-${name}`);
  await page.goto(`${base}/en-us/`);
  await hydrated(page);
  await page.getByRole('combobox', { name: 'Search products' }).fill('HT-CLV');
  await page.getByRole('option', { name: /Drawbar Clevis, Forged/ }).click();
  await page.waitForURL(/\/en-us\/products\/\d+$/);
  await hydrated(page);
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await page.getByRole('link', { name: 'View cart' }).click();
  await page.waitForURL(/\/en-us\/cart$/);
  await hydrated(page);
  await page.getByRole('complementary', { name: 'Order summary' }).getByRole('link', { name: 'Checkout' }).click();
  await page.getByRole('link', { name: 'Check out as a guest' }).click();
  await page.waitForURL(/\?guest=1$/);
  await hydrated(page);

  const info = page.getByRole('tabpanel', { name: 'Customer info' });
  await info.getByRole('textbox', { name: 'Email' }).fill(`machine-down-${width}-${Date.now()}@example.test`);
  await info.getByRole('textbox', { name: 'First name', exact: true }).fill('Mack');
  await info.getByRole('textbox', { name: 'Last name', exact: true }).fill('Downey');
  await info.getByRole('textbox', { name: 'Address', exact: true }).fill('200 Field Road');
  await info.getByRole('textbox', { name: 'City' }).fill('Ames');
  await info.getByRole('combobox', { name: 'State / province' }).selectOption({ label: 'Iowa' });
  await info.getByRole('textbox', { name: 'Postal code' }).fill('50010');
  await info.getByRole('button', { name: 'Continue' }).click();

  const shipping = page.getByRole('tabpanel', { name: 'Shipping' });
  await shipping.getByRole('radio').first().waitFor();
  expect(await shipping.getByRole('radio').count(), 'ground and express offered').to.be.greaterThan(1);
  const box = shipping.getByRole('checkbox', {
    name: /^Machine down — my machine is stopped; ship by the fastest way$/,
  });
  await box.check();
  // The server's answer: one quote, the fastest, at its price.
  await shipping.getByRole('radio', { name: /FedEx Express Saver/ }).waitFor();
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="shipping-rate"]').length === 1);
  const rate = shipping.getByRole('radio', { name: /FedEx Express Saver/ });
  expect(await rate.isChecked()).to.equal(true);
  expect((await shipping.locator('.rate').textContent())?.replace(/\s+/g, ' ')).to.contain('$30.43');
  expect(await box.isChecked()).to.equal(true);
  expect(await axe(page)).to.deep.equal([]);
  await shot('1-shipping');
  await shipping.getByRole('button', { name: 'Continue' }).click();

  const payment = page.getByRole('tabpanel', { name: 'Payment' });
  await payment.getByRole('textbox', { name: 'Card number' }).fill('4242 4242 4242 4242');
  await payment.getByRole('textbox', { name: 'Expiry (MM/YY)' }).fill('12/40');
  await payment.getByRole('textbox', { name: 'Security code' }).fill('123');
  await payment.getByRole('button', { name: 'Place order' }).click();
  await page.waitForURL(/\/en-us\/guest\/orders\/\d+$/);
  const thanks = page.getByRole('heading', { level: 1, name: /^Thank you! Order #(\d+) is placed\.$/ });
  await thanks.waitFor();
  const orderId = /#(\d+)/.exec((await thanks.textContent()) ?? '')![1];
  const said = (await page.locator('main').textContent())!.replace(/\s+/g, ' ');
  // Clevis $58.00 + FedEx Express Saver $30.43 + Iowa 6 % and local 1 % on the clevis $4.06: $92.49.
  expect(said).to.contain('Machine down: your order ships by the fastest way').and.contain('$92.49');
  await shot('2-placed');
  return orderId;
}

describe('browser: machine down', function () {
  this.timeout(240_000);
  for (const width of [1280, 375]) {
    it(`a guest marks the order "machine down" and staff see it first with its badge (${width} px)`, async () => {
      const base = (await testServer()).url;
      const page = await newPage({ width, height: 900 });
      const orderId = await guestOrdersMachineDown(page, base, width);
      expect(page.problems).to.deep.equal([]);
      await page.close();

      const staff = await newPage({ width, height: 900 });
      await signInFromLanding(staff, base, 'staff@example.com');
      await staff.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
      await staff
        .getByRole('navigation', { name: 'Back office' })
        .getByRole('link', { name: 'Orders', exact: true })
        .click();
      await hydrated(staff);
      const rows = staff.getByRole('table', { name: 'Orders' }).locator('tbody tr');
      // Machine-down orders first, the newest of them (this one) at the top.
      const [newest] = await sqlRows<{ id: number }>(
        `select id from orders where machine_down and status <> 'cart' order by created_at desc, id desc limit 1`,
      );
      expect(String(newest.id)).to.equal(orderId);
      expect(await rows.first().getAttribute('data-order-id')).to.equal(orderId);
      await rows.first().getByText('Machine down', { exact: true }).waitFor({ timeout: 10_000 }); // its badge
      expect(await axe(staff)).to.deep.equal([]);
      await screenshot(staff, `machine-down-${width}-3-staff`);
      await rows
        .first()
        .getByRole('link', { name: `#${orderId}` })
        .click();
      await staff.waitForURL(new RegExp(`/admin/orders/detail/${orderId}$`));
      await staff.getByText(/^Machine down: the customer’s machine is stopped/).waitFor();
      expect(staff.problems).to.deep.equal([]);
      await staff.close();
    });
  }
});
