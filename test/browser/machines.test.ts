/**
 * "Parts for the machine I own" in Chromium, as a person does it: sign in from the landing page,
 * open My machines from the account menu, add a planter by its serial alone (the model is found),
 * open a parts diagram from the storefront navigation, choose the machine under "Show parts for:",
 * and see the closing wheel that was replaced at serial 150000 dimmed with "Does not fit serial
 * 162345" while its replacement is shown normally; follow the dimmed wheel's "Replaced by PP-SCW"
 * to the part that fits, then search "closing whe": the suggestions and the results say the
 * spiked wheel "Fits North planter". At 1280 and 375 px, with axe on every page.
 * Each width signs in as its own new customer, so no other file's machines are touched.
 */
import { expect } from 'chai';
import { axe, newPage, screenshot, requireChromium, type TestPage } from '../helpers/browser.ts';
import { testServer } from '../helpers/server.ts';
import { signInFrom } from '../helpers/sign-in-page.ts';
import { makeUser } from '../helpers/users.ts';

const WORDS = { signIn: 'Sign in', email: 'Email', password: 'Password' };

async function openNav(page: TestPage, width: number) {
  if (width < 992) await page.getByRole('banner').getByRole('button', { name: 'Menu' }).click();
}

describe('browser: my machines and fitment on a parts diagram', function () {
  this.timeout(180_000);
  let base: string;
  before(async function () {
    requireChromium(this);
    base = (await testServer()).url;
  });

  for (const width of [1280, 375]) {
    it(`at ${width} px: add a machine by serial, then see what does not fit it on the row-unit diagram`, async () => {
      const user = await makeUser({ prefix: 'machines-browser' });
      const page = await newPage({ width, height: 900 });
      await signInFrom(page, base, 'en-us', user.email, WORDS);

      // My machines, from the account menu.
      // The menu's summary shows the person's first name (a new customer is "Test").
      await page.getByTestId('account-menu').locator('summary').click();
      await Promise.all([page.waitForNavigation(), page.getByRole('link', { name: 'My machines' }).first().click()]);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).to.equal('My machines');
      expect(await page.getByRole('combobox', { name: 'Model' }).inputValue()).to.equal('');
      await page.getByRole('textbox', { name: 'Serial number' }).fill('162345');
      await page.getByRole('spinbutton', { name: 'Model year' }).fill('2023');
      await page.getByRole('textbox', { name: 'Name' }).fill('North planter');
      await page.getByRole('spinbutton', { name: 'Hours (optional)' }).fill('410');
      await Promise.all([page.waitForNavigation(), page.getByRole('button', { name: 'Add machine' }).click()]);
      const row = page.getByTestId('machine-row');
      expect(await row.count()).to.equal(1);
      expect(await row.textContent())
        .to.contain('North planter')
        .and.to.contain('PL-4RV')
        .and.to.contain('162345');
      expect(await axe(page), 'axe on My machines').to.deep.equal([]);
      await screenshot(page, `machines-${width}`);

      // A parts diagram, from the storefront navigation.
      await openNav(page, width);
      await Promise.all([
        page.waitForNavigation(),
        page.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: 'Parts diagrams' }).click(),
      ]);
      await Promise.all([
        page.waitForNavigation(),
        page.getByRole('link', { name: '4-Row Vacuum Planter — Row Unit' }).click(),
      ]);
      await page.waitForSelector('[data-testid="parts-map"][data-ready="true"]', { timeout: 15_000 });
      await page.getByRole('combobox', { name: 'Show parts for:' }).selectOption({
        label: 'North planter (PL-4RV, serial 162345)',
      });
      await Promise.all([page.waitForNavigation(), page.getByRole('button', { name: 'Show', exact: true }).click()]);
      await page.waitForSelector('[data-testid="parts-map"][data-ready="true"]', { timeout: 15_000 });

      const oldWheel = page.locator('[data-testid="parts-list-row"][data-stockcode="PP-RCW-12"]');
      const newWheel = page.locator('[data-testid="parts-list-row"][data-stockcode="PP-SCW"]');
      expect(await oldWheel.getAttribute('class')).to.contain('is-misfit');
      expect(await oldWheel.getByTestId('fit-note').textContent()).to.equal('Does not fit serial 162345');
      expect(await oldWheel.getByTestId('fit-note').isVisible()).to.equal(true);
      expect(await newWheel.getAttribute('class')).to.equal(null);
      expect(await newWheel.getByTestId('fit-note').count()).to.equal(0);
      expect(await page.getByTestId('parts-machine-note').textContent()).to.contain('North planter');
      expect(await axe(page), 'axe on the diagram').to.deep.equal([]);
      await screenshot(page, `machines-diagram-${width}`);

      // The dimmed wheel points to the part that replaced it and fits the planter.
      const replaced = oldWheel.getByRole('link', { name: 'Replaced by PP-SCW' });
      expect(await replaced.isVisible()).to.equal(true);
      expect(await newWheel.getByRole('link', { name: /Replaced by/ }).count()).to.equal(0);
      await Promise.all([page.waitForNavigation(), replaced.click()]);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).to.contain('Spiked Closing Wheel');

      // A search says which part fits the planter: in the suggestions, then in the results.
      const search = page.getByRole('combobox', { name: 'Search products' });
      await page.waitForFunction(
        () => document.querySelector('#site-search')?.getAttribute('autocomplete') === 'on',
        null,
        { timeout: 5000 },
      );
      await search.focus();
      await page.keyboard.type('closing whe', { delay: 40 });
      const list = page.getByTestId('typeahead-list');
      await list.locator('.tt-suggestion').first().waitFor();
      const spiked = list.locator('.tt-suggestion', { hasText: 'PP-SCW' });
      expect(await spiked.getByTestId('fits').textContent()).to.equal('Fits North planter');
      expect(await list.locator('.tt-suggestion', { hasText: 'PP-RCW-12' }).getByTestId('fits').count()).to.equal(0);
      await screenshot(page, `machines-typeahead-${width}`);
      await Promise.all([page.waitForNavigation(), search.press('Enter')]);
      expect(new URL(page.url()).search).to.equal('?q=closing+whe');
      const card = (code: string) => page.getByTestId('product-card').filter({ hasText: code });
      expect(await card('PP-SCW').getByTestId('fits').textContent()).to.equal('Fits North planter');
      expect(await card('PP-RCW-12').getByTestId('fits').count()).to.equal(0);
      expect(await axe(page), 'axe on the search results').to.deep.equal([]);
      await screenshot(page, `machines-search-${width}`);
      expect(page.problems).to.deep.equal([]);
      await page.close();
    });
  }
});
