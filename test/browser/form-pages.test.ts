/**
 * A form refused without JavaScript in a real browser: the same screen comes back with the
 * message and the values typed, usable at 375 px (no serious axe violation). The administrator
 * moves by the back office's navigation from the sign-in page.
 */
import { expect } from 'chai';
import { axe, newPage, screenshot, type TestPage } from '../helpers/browser.ts';
import { testServer } from '../helpers/server.ts';
import { DEMO_PASSWORD } from '../helpers/http.ts';

async function signInAsAdmin(page: TestPage, base: string) {
  await page.goto(`${base}/en-us/login`);
  await page.getByTestId('login-form').locator('input[name=email]').fill('admin@example.com');
  await page.getByTestId('login-form').locator('input[name=password]').fill(DEMO_PASSWORD);
  await Promise.all([page.waitForNavigation(), page.getByTestId('login-submit').click()]);
}

async function openFromNav(page: TestPage, name: string) {
  await Promise.all([
    page.waitForNavigation(),
    page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name }).click(),
  ]);
}

describe('browser: refused forms come back on their own screen', function () {
  this.timeout(180_000);
  let base: string;
  before(async () => {
    base = (await testServer()).url;
  });

  it('a promotion code already used: the create form again with the message beside the code and the values typed, at 375 px', async () => {
    const page = await newPage({ width: 375 });
    await signInAsAdmin(page, base);
    await openFromNav(page, 'Promotions');
    await Promise.all([page.waitForNavigation(), page.getByRole('link', { name: 'Create promotion' }).click()]);
    await page.getByRole('textbox', { name: 'Name (shown in the cart)' }).fill('Duplicate by browser');
    await page.getByRole('textbox', { name: 'Code' }).fill('parts25');
    await page.getByRole('textbox', { name: /^Amount off \(USD\)/ }).fill('5');
    await Promise.all([page.waitForNavigation(), page.getByRole('button', { name: 'Create promotion' }).click()]);
    await page.getByRole('heading', { level: 1, name: 'Create promotion' }).waitFor();
    expect(await page.getByTestId('field-error-code').textContent()).to.equal(
      'Another promotion already uses this code.',
    );
    expect(await page.getByRole('alert').first().textContent()).to.include('Another promotion already uses this code.');
    expect(await page.getByRole('textbox', { name: 'Name (shown in the cart)' }).inputValue()).to.equal(
      'Duplicate by browser',
    );
    expect(await axe(page)).to.deep.equal([]);
    await screenshot(page, 'form-pages-promotion-409-375');
    expect(page.problems).to.deep.equal([]);
    await page.close();
  });

  it('an import that cannot be read: the inventory screen again with the message and the CSV typed, at 375 px', async () => {
    const page = await newPage({ width: 375 });
    await signInAsAdmin(page, base);
    await openFromNav(page, 'Warehouses');
    await Promise.all([page.waitForNavigation(), page.getByTestId('warehouse-inventory').first().click()]);
    await page.getByRole('textbox', { name: 'CSV: stockcode,quantity' }).fill('"unterminated');
    await page.getByRole('textbox', { name: 'Reason' }).last().fill('Spring count');
    await Promise.all([page.waitForNavigation(), page.getByRole('button', { name: 'Preview changes' }).click()]);
    expect(await page.getByRole('alert').first().textContent()).to.include('The CSV cannot be read.');
    expect(await page.getByRole('textbox', { name: 'CSV: stockcode,quantity' }).inputValue()).to.equal('"unterminated');
    expect(await axe(page)).to.deep.equal([]);
    await screenshot(page, 'form-pages-inventory-400-375');
    await page.close();
  });
});
