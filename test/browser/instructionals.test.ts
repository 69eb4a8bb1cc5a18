/** The instructional editor in a real browser: keyboard-usable forms, the nav warning modal, axe. */
import { expect } from 'chai';
import { axe, hydrated, newPage, screenshot, type TestPage } from '../helpers/browser.ts';
import { productIdByStockcode, testServer } from '../helpers/server.ts';
import { DEMO_PASSWORD } from '../helpers/http.ts';

async function signInAs(page: TestPage, base: string, email: string) {
  await page.goto(`${base}/en-us/login`);
  await page.getByTestId('login-form').locator('input[name=email]').fill(email);
  await page.getByTestId('login-form').locator('input[name=password]').fill(DEMO_PASSWORD);
  await Promise.all([page.waitForNavigation(), page.getByTestId('login-submit').click()]);
}

describe('browser: instructional editor', function () {
  this.timeout(300_000);
  let base: string;
  before(async () => {
    base = (await testServer()).url;
  });

  it('edits an instructional, warns before leaving unsaved changes, and the product shows the guide', async () => {
    const page = await newPage();
    await signInAs(page, base, 'admin@example.com');
    await page.goto(`${base}/en-us/instructional/editor`);
    await page.getByTestId('ins-row').first().waitFor();
    expect(await page.getByTestId('ins-row').count()).to.be.at.least(4);
    expect(await axe(page), 'list 1280').to.deep.equal([]);
    await screenshot(page, 'instructionals-list-1280');

    await page.getByTestId('ins-row').filter({ hasText: 'Adjusting drive chain tension' }).getByRole('link').click();
    await page.getByTestId('ins-form').waitFor();
    await hydrated(page);
    await page.locator('#f-title').fill('Adjusting drive chain tension (#40 chain)');

    // Leaving by a link with unsaved changes: the modal; Stay keeps the edit.
    await page.getByTestId('page-back').click();
    await page.getByTestId('nav-warning').waitFor();
    expect(await axe(page), 'nav warning').to.deep.equal([]);
    await page.getByTestId('nav-warning-stay').click();
    expect(new URL(page.url()).pathname).to.match(/\/edit\/\d+$/);
    expect(await page.locator('#f-title').inputValue()).to.equal('Adjusting drive chain tension (#40 chain)');

    // A new step, saved: no warning on submit.
    await page.locator('#st-2-title').fill('Check sprocket alignment');
    await page.locator('#st-2-body').fill('<p>Lay a straight edge across both sprockets.</p>');
    await Promise.all([page.waitForNavigation(), page.getByTestId('ins-save').click()]);
    // The saved form comes back from the server (the flash fades after 10 s, so it is not waited for).
    expect(new URL(page.url()).pathname).to.match(/\/edit\/\d+$/);
    expect(await page.locator('#f-title').inputValue()).to.equal('Adjusting drive chain tension (#40 chain)');
    expect(await page.locator('#st-2-title').inputValue()).to.equal('Check sprocket alignment');
    expect(await axe(page), 'form 1280').to.deep.equal([]);
    await screenshot(page, 'instructional-form-1280');

    // Leave for real after a change.
    await page.locator('#f-title').fill('Something else');
    await page.getByTestId('page-back').click();
    await Promise.all([page.waitForNavigation(), page.getByTestId('nav-warning-leave').click()]);
    expect(new URL(page.url()).pathname).to.equal('/en-us/instructional/editor');

    await page.setViewportSize({ width: 375, height: 800 });
    expect(await axe(page), 'list 375').to.deep.equal([]);
    await page.getByTestId('ins-row').first().getByRole('link').click();
    await page.getByTestId('ins-form').waitFor();
    expect(await axe(page), 'form 375').to.deep.equal([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).to.be.at.most(375);
    await screenshot(page, 'instructional-form-375');
    expect(page.problems).to.deep.equal([]);
    await page.close();

    const customer = await newPage({ width: 375 });
    await customer.goto(`${base}/en-us/products/${await productIdByStockcode('DC-40-10')}`);
    await customer
      .getByTestId('product-guide')
      .filter({ hasText: 'Adjusting drive chain tension (#40 chain)' })
      .click();
    await customer.getByTestId('ins-step-list').waitFor();
    expect(await customer.getByTestId('ins-step-list').textContent()).to.include('Check sprocket alignment');
    expect(await axe(customer), 'customer guide 375').to.deep.equal([]);
    await screenshot(customer, 'instructional-public-375');
    expect(customer.problems).to.deep.equal([]);
    await customer.close();
  });
});
