/**
 * Core deposits in Chromium, as people move, at 1280 and 375 px with axe on each screen:
 *   - a visitor searches the landing page's header for the meter housing, opens it and reads
 *     "Core deposit, refunded when the old part is returned: $85.00" beside its price;
 *   - staff open "Core deposit tax" from the back office's navigation, set a rule for Jalisco
 *     (Mexico) as taxed, and see it in the list; then remove it (the shared rules stay as seeded).
 */
import { expect } from 'chai';
import { axe, hydrated, newPage, requireChromium, screenshot, type TestPage } from '../helpers/browser.ts';
import { DEMO_PASSWORD } from '../helpers/http.ts';
import { sqlRows, testServer } from '../helpers/server.ts';

describe('browser: core deposits', function () {
  this.timeout(180_000);
  let base: string;

  before(async function () {
    requireChromium(this);
    base = (await testServer()).url;
  });
  after(async () => {
    await sqlRows(`delete from core_tax_rules where country = 'MX' and region = 'JAL'`);
  });

  const signIn = async (page: TestPage, email: string) => {
    await page.goto(`${base}/en-us/`);
    await hydrated(page);
    await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).click();
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByRole('textbox', { name: 'Password' }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
  };

  for (const width of [1280, 375]) {
    it(`at ${width} px: the meter housing's page shows its $85.00 core deposit beside the price`, async () => {
      const page = await newPage({ width, height: 900 });
      await page.goto(`${base}/en-us/`);
      await hydrated(page);
      const search = page.getByRole('banner').getByRole('combobox', { name: 'Search products' });
      await search.fill('Vacuum Seed Meter Housing');
      await Promise.all([page.waitForNavigation(), search.press('Enter')]);
      await Promise.all([
        page.waitForNavigation(),
        page.getByRole('link', { name: 'Vacuum Seed Meter Housing' }).first().click(),
      ]);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).to.contain('Vacuum Seed Meter Housing');
      const deposit = page.getByTestId('core-deposit');
      expect(await deposit.isVisible()).to.equal(true);
      expect(await deposit.textContent()).to.equal('Core deposit, refunded when the old part is returned: $85.00');
      expect(await axe(page), 'axe on the product page').to.deep.equal([]);
      await screenshot(page, `cores-product-${width}`);
      expect(page.problems).to.deep.equal([]);
      await page.close();
    });

    it(`at ${width} px: staff set where core deposits are taxed from the back office's navigation`, async () => {
      await sqlRows(`delete from core_tax_rules where country = 'MX' and region = 'JAL'`);
      const page = await newPage({ width, height: 900 });
      await signIn(page, 'staff@example.com');
      await Promise.all([
        page.waitForNavigation(),
        page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Core deposit tax' }).click(),
      ]);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).to.equal('Core deposit tax');
      const form = page.getByTestId('core-rule-form');
      await form.getByRole('combobox', { name: 'Country' }).selectOption({ label: 'Mexico' });
      await form.getByRole('textbox', { name: 'Region code (optional)' }).fill('JAL');
      await form.getByRole('radio', { name: 'Taxed', exact: true }).check();
      await Promise.all([page.waitForNavigation(), form.getByRole('button', { name: 'Save rule' }).click()]);
      expect(await page.getByRole('status').first().textContent()).to.contain('Rule added.');
      const row = page.locator('[data-testid="core-rule"][data-place="MX-JAL"]');
      expect(await row.getByTestId('core-rule-taxed').textContent()).to.equal('Taxed');
      expect(await row.textContent()).to.contain('Jalisco');
      expect(await axe(page), 'axe on the core tax rules').to.deep.equal([]);
      await screenshot(page, `cores-tax-rules-${width}`);
      await Promise.all([
        page.waitForNavigation(),
        row.getByRole('button', { name: 'Remove the rule of Mexico — Jalisco' }).click(),
      ]);
      expect(await page.locator('[data-testid="core-rule"][data-place="MX-JAL"]').count()).to.equal(0);
      expect(page.problems).to.deep.equal([]);
      await page.close();
    });
  }
});
