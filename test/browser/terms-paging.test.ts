/**
 * Invoices due past the first page, as staff do it: from the back office's navigation,
 * "Overdue only", then Next to the second page (the filter still ticked) and Previous back. The 60
 * overdue invoices are made by SQL, due in 2001 so they come first; deleted after. At 1280 and 375 px.
 */
import { expect } from 'chai';
import { axe, newPage, requireChromium, screenshot, type TestPage } from '../helpers/browser.ts';
import { removeInvoices, seedInvoices } from '../helpers/invoices.ts';
import { testServer } from '../helpers/server.ts';
import { signInFromLanding } from './journeys-person.ts';

describe('browser: invoices due pages', function () {
  this.timeout(300_000);
  let base: string;
  let ids: number[] = [];

  before(async function () {
    requireChromium(this);
    base = (await testServer()).url;
    ids = await seedInvoices(60, '2001-01-01');
  });
  after(() => removeInvoices(ids));

  const orderLinks = async (page: TestPage) =>
    (await page.getByRole('table', { name: 'Invoices due' }).getByTestId('invoice-link').allTextContents()).map((t) =>
      Number(t.replace('#', '')),
    );

  for (const width of [1280, 375]) {
    it(`staff page through overdue invoices with Next and Previous, the filter kept (${width} px)`, async () => {
      const staff = await newPage({ width, height: 900 });
      await signInFromLanding(staff, base, 'staff@example.com');
      await staff.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
      await staff.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Invoices due' }).click();
      await staff.getByRole('heading', { level: 1, name: 'Invoices due' }).waitFor();
      await staff.getByRole('checkbox', { name: 'Overdue only' }).check();
      await staff.getByRole('button', { name: 'Apply' }).click();
      await staff.waitForURL(/overdue=1/);
      expect(await orderLinks(staff)).to.deep.equal(ids.slice(0, 50));
      const pager = staff.getByRole('navigation', { name: 'Pages' });
      expect(await pager.getByRole('link', { name: 'Previous' }).count(), 'no Previous on the first page').to.equal(0);

      await pager.getByRole('link', { name: 'Next' }).click();
      await staff.waitForURL(/overdue=1&after=/);
      expect((await orderLinks(staff)).slice(0, 10)).to.deep.equal(ids.slice(50));
      expect(await staff.getByRole('checkbox', { name: 'Overdue only' }).isChecked()).to.equal(true);
      expect(await axe(staff)).to.deep.equal([]);
      await screenshot(staff, `terms-invoices-page2-${width}`);

      await pager.getByRole('link', { name: 'Previous' }).click();
      await staff.waitForURL(/overdue=1&before=/);
      expect(await orderLinks(staff)).to.deep.equal(ids.slice(0, 50));
      expect(await pager.getByRole('link', { name: 'Previous' }).count()).to.equal(0);
      // The pager is reachable by keyboard: Next takes focus and Enter follows it.
      await pager.getByRole('link', { name: 'Next' }).focus();
      await staff.keyboard.press('Enter');
      await staff.waitForURL(/overdue=1&after=/);
      expect((await orderLinks(staff)).slice(0, 10)).to.deep.equal(ids.slice(50));
      expect(staff.problems).to.deep.equal([]);
      // The browser is shared: staff sign out from their menu.
      await staff.getByRole('banner').getByText('Sam', { exact: true }).locator('xpath=..').click();
      await staff.getByRole('button', { name: /^Sign out$/i }).click();
      await staff.waitForURL((u) => !u.pathname.includes('/invoices'));
      await staff.close();
    });
  }
});
