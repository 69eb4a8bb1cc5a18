/**
 * A farmer's whole errand for the machine they own, in one journey: sign in from the landing page,
 * add the planter by its serial alone under My machines (the model is found), open the row-unit
 * diagram from the storefront navigation and choose the planter under "Show parts for:". What does
 * not fit serial 162345 is dimmed (the rubber closing wheel); the heavy-duty hopper lid under
 * callout 9 fits it (from serial 150000), is out of stock everywhere and may be back-ordered: its
 * pop-up says the day it is expected to ship. The farmer adds it there, sees the same day in the
 * cart, checks out and pays by card. Staff then open Back orders from the back office's navigation
 * and find the line under that day. At 1280 and 375 px, with axe on the diagram and the lists.
 */
import { expect } from 'chai';
import { axe, hydrated, newPage, requireChromium, screenshot, type TestPage } from '../helpers/browser.ts';
import { testServer } from '../helpers/server.ts';
import { makeUser } from '../helpers/users.ts';
import { restockLongDay, restockMediumDay } from '../helpers/backorder-days.ts';
import { signInFromLanding } from './journeys-person.ts';

const LID = 'Seed Hopper Lid, Heavy Duty';

async function openMenu(page: TestPage, width: number) {
  if (width < 992) await page.getByRole('banner').getByRole('button', { name: 'Menu' }).click();
}

async function addMachineBySerial(page: TestPage) {
  await page.getByTestId('account-menu').locator('summary').click();
  await Promise.all([page.waitForNavigation(), page.getByRole('link', { name: 'My machines' }).first().click()]);
  await page.getByRole('textbox', { name: 'Serial number' }).fill('162345');
  await page.getByRole('spinbutton', { name: 'Model year' }).fill('2023');
  await page.getByRole('textbox', { name: 'Name' }).fill('North planter');
  await Promise.all([page.waitForNavigation(), page.getByRole('button', { name: 'Add machine' }).click()]);
  expect(await page.getByTestId('machine-row').textContent())
    .to.contain('PL-4RV')
    .and.contain('162345');
}

async function diagramForMyPlanter(page: TestPage, width: number) {
  await openMenu(page, width);
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
}

describe('browser: a farmer orders a back-ordered part from the diagram of their own planter', function () {
  this.timeout(300_000);
  let base: string;

  before(async function () {
    requireChromium(this);
    base = (await testServer()).url;
  });

  for (const width of [1280, 375]) {
    it(`machine by serial, diagram, only what fits, the back-ordered lid with its day; staff see it by day (${width} px)`, async () => {
      const farmer = await makeUser({ prefix: `machine-backorder-${width}` });
      const page = await newPage({ width, height: 900 });
      await signInFromLanding(page, base, farmer.email);
      await page.getByTestId('account-menu').waitFor();
      await addMachineBySerial(page);
      await diagramForMyPlanter(page, width);

      // Only what fits serial 162345 is shown as buyable; the old wheel is dimmed with the reason.
      const row = (code: string) => page.locator(`[data-testid="parts-list-row"][data-stockcode="${code}"]`);
      expect(await row('PP-RCW-12').getAttribute('data-fits')).to.equal('false');
      expect(await row('PP-RCW-12').getByTestId('fit-note').textContent()).to.equal('Does not fit serial 162345');
      expect(await row('PP-SHL-HD').getAttribute('data-fits')).to.equal('true');
      expect(await row('PP-SHL-HD').getByTestId('fit-note').count()).to.equal(0);
      expect(await axe(page), 'axe on the diagram').to.deep.equal([]);

      // The heavy-duty lid's pop-up, from its row: back-ordered, with the day it should ship.
      await row('PP-SHL-HD').getByRole('link', { name: LID }).click();
      const modal = page.getByTestId('part-modal');
      await modal.getByTestId('part-add-form').waitFor();
      expect(await modal.getByTestId('part-backorder').textContent()).to.equal(
        `Back-ordered, expected to ship around ${restockLongDay()}`,
      );
      expect(await modal.locator('.badge-stock').textContent()).to.equal('Back-ordered');
      await screenshot(page, `machine-backorder-modal-${width}`);
      await modal.getByRole('button', { name: 'Add to cart' }).click();
      await modal.getByTestId('cart-added').waitFor();
      await modal.getByRole('button', { name: 'Close' }).click();

      // The cart says the same day; checkout ships to the farm and pays by card.
      await page.getByTestId('cart-link').click();
      await page.waitForURL(/\/en-us\/cart$/);
      await hydrated(page);
      const items = page.getByRole('region', { name: 'Items' });
      await items.getByRole('link', { name: LID }).waitFor();
      await items.getByText(`Back-ordered, expected to ship around ${restockLongDay()}`).waitFor();
      await page.getByRole('complementary', { name: 'Order summary' }).getByRole('link', { name: 'Checkout' }).click();
      await page.waitForURL(/\/en-us\/cart\/checkout$/);
      await hydrated(page);
      const info = page.getByRole('tabpanel', { name: 'Customer info' });
      await info.getByRole('textbox', { name: 'First name', exact: true }).fill('Dale');
      await info.getByRole('textbox', { name: 'Last name', exact: true }).fill('Lindqvist');
      await info.getByRole('textbox', { name: 'Address', exact: true }).fill('1400 Section Line Road');
      await info.getByRole('textbox', { name: 'City' }).fill('Ames');
      await info.getByRole('combobox', { name: 'State / province' }).selectOption({ label: 'Iowa' });
      await info.getByRole('textbox', { name: 'Postal code' }).fill('50010');
      await info.getByRole('button', { name: 'Continue' }).click();
      const shipping = page.getByRole('tabpanel', { name: 'Shipping' });
      await shipping.getByRole('radio').first().waitFor();
      await shipping.getByRole('button', { name: 'Continue' }).click();
      const payment = page.getByRole('tabpanel', { name: 'Payment' });
      await payment.getByRole('textbox', { name: 'Card number' }).fill('4242 4242 4242 4242');
      await payment.getByRole('textbox', { name: 'Expiry (MM/YY)' }).fill('12/40');
      await payment.getByRole('textbox', { name: 'Security code' }).fill('123');
      await payment.getByRole('button', { name: 'Place order' }).click();
      await page.waitForURL(/\/en-us\/orders\/\d+\?placed=1$/);
      const heading = await page
        .getByRole('heading', { level: 1, name: /^Thank you! Order #\d+ is placed\.$/ })
        .textContent();
      const orderId = /#(\d+)/.exec(heading ?? '')?.[1];
      expect(orderId).to.match(/^\d+$/);
      expect(page.problems).to.deep.equal([]);
      await page.close();

      // Staff: Back orders, from the navigation; the farmer's line under the expected day.
      const staff = await newPage({ width, height: 900 });
      await signInFromLanding(staff, base, 'staff@example.com');
      await staff.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
      await staff.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Back orders' }).click();
      await staff.getByRole('heading', { level: 1, name: 'Back orders' }).waitFor();
      const line = staff
        .getByRole('table', { name: 'Back orders' })
        .getByRole('row')
        .filter({ has: staff.getByRole('link', { name: `#${orderId}` }) });
      expect(await line.count()).to.equal(1);
      expect(await line.textContent())
        .to.contain(restockMediumDay())
        .and.contain(LID);
      expect(await axe(staff), 'axe on Back orders').to.deep.equal([]);
      await screenshot(staff, `machine-backorder-staff-${width}`);
      expect(staff.problems).to.deep.equal([]);
      await staff.close();
    });
  }
});
