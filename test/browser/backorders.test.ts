/**
 * Back orders, as people meet them: a visitor finds the heavy-duty hopper lid (out of stock
 * everywhere, back-orderable) by the header search, reads the day it is expected to ship, adds it
 * and checks out as a new customer, choosing to ship in parts; staff open "Back orders" from the back office's navigation and
 * find the line by its day. At 1280 and 375 px.
 */
import { expect } from 'chai';
import { axe, hydrated, newPage, requireChromium, screenshot } from '../helpers/browser.ts';
import { testServer } from '../helpers/server.ts';
import { restockLongDay, restockMediumDay } from '../helpers/backorder-days.ts';
import { person, signInFromLanding } from './journeys-person.ts';

const longDay = restockLongDay;
const mediumDay = restockMediumDay;

describe('browser: back orders', function () {
  this.timeout(300_000);
  let base: string;

  before(async function () {
    requireChromium(this);
    base = (await testServer()).url;
  });

  for (const width of [1280, 375]) {
    it(`a visitor orders the back-ordered lid seeing its day; staff find it under Back orders by day (${width} px)`, async () => {
      const page = await newPage({ width, height: 900 });
      const me = person(page, 'pointer');
      await page.goto(`${base}/en-us/`);
      await hydrated(page);
      await me.type(page.getByRole('combobox', { name: 'Search products' }), 'Seed Hopper Lid, H');
      const suggestion = page.getByRole('option', { name: /Seed Hopper Lid, Heavy Duty/ });
      await suggestion.waitFor();
      await suggestion.click();
      await page.waitForURL(/\/en-us\/products\/\d+$/);
      await hydrated(page);
      await page.getByRole('heading', { level: 1, name: 'Seed Hopper Lid, Heavy Duty' }).waitFor();
      await page.getByText(`Back-ordered, expected to ship around ${longDay()}`).waitFor();
      expect(await axe(page)).to.deep.equal([]);
      await screenshot(page, `backorder-product-${width}`);
      await me.press(page.getByRole('button', { name: 'Add to cart' }));
      await me.press(page.getByRole('link', { name: 'View cart' }));
      await page.waitForURL(/\/en-us\/cart$/);
      await hydrated(page);
      await page
        .getByRole('region', { name: 'Items' })
        .getByRole('link', { name: 'Seed Hopper Lid, Heavy Duty' })
        .waitFor();
      await page
        .getByRole('region', { name: 'Items' })
        .getByText(`Back-ordered, expected to ship around ${longDay()}`)
        .waitFor();
      await me.press(
        page.getByRole('complementary', { name: 'Order summary' }).getByRole('link', { name: 'Checkout' }),
      );
      await page.waitForURL(/\/en-us\/cart\/checkout$/);
      await me.press(page.getByRole('link', { name: 'Continue as a new customer' }));
      await page.waitForURL(/\/en-us\/cart\/checkout\?new=1$/);
      await hydrated(page);
      const info = page.getByRole('tabpanel', { name: 'Customer info' });
      await me.type(info.getByRole('textbox', { name: 'Email' }), `backorder-${width}-${Date.now()}@example.test`);
      await me.type(info.getByRole('textbox', { name: 'First name' }), 'Robin');
      await me.type(info.getByRole('textbox', { name: 'Last name' }), 'Haugen');
      await me.type(info.getByRole('textbox', { name: 'Address', exact: true }), '88 Prairie Lane');
      await me.type(info.getByRole('textbox', { name: 'City' }), 'Ames');
      await me.select(info.getByRole('combobox', { name: 'State / province' }), 'Iowa');
      await me.type(info.getByRole('textbox', { name: 'Postal code' }), '50010');
      await me.press(info.getByRole('button', { name: 'Continue' }));
      const shipping = page.getByRole('tabpanel', { name: 'Shipping' });
      await shipping.getByRole('radio').first().waitFor();
      // Something is back-ordered: the buyer may ship what is in stock now, the rest later.
      const choice = shipping.getByRole('group', { name: 'Some of your parts are back-ordered. How should we ship?' });
      const split = choice.getByRole('radio', { name: 'Ship what is in stock now, the rest when it arrives' });
      const saved = page.waitForResponse((r) => r.url().includes('/order/split-shipment') && r.status() === 200);
      await me.choose(choice, split);
      await saved;
      expect(await split.isChecked()).to.equal(true);
      await me.press(shipping.getByRole('button', { name: 'Continue' }));
      const payment = page.getByRole('tabpanel', { name: 'Payment' });
      await me.type(payment.getByRole('textbox', { name: 'Card number' }), '4242 4242 4242 4242');
      await me.type(payment.getByRole('textbox', { name: 'Expiry (MM/YY)' }), '12/40');
      await me.type(payment.getByRole('textbox', { name: 'Security code' }), '123');
      await me.press(payment.getByRole('button', { name: 'Place order' }));
      await page.waitForURL(/\/en-us\/orders\/\d+\?placed=1$/);
      const heading = await page
        .getByRole('heading', { level: 1, name: /^Thank you! Order #\d+ is placed\.$/ })
        .textContent();
      const orderId = /#(\d+)/.exec(heading!)![1];
      await page.getByText('Ships in parts: what is in stock now, the rest when it arrives.').waitFor();
      expect(page.problems).to.deep.equal([]);
      await page.close();

      const staff = await newPage({ width, height: 900 });
      await signInFromLanding(staff, base, 'staff@example.com');
      await staff.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
      await staff.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Back orders' }).click();
      await staff.getByRole('heading', { level: 1, name: 'Back orders' }).waitFor();
      const row = staff
        .getByRole('table', { name: 'Back orders' })
        .getByRole('row')
        .filter({ has: staff.getByRole('link', { name: `#${orderId}` }) });
      expect(await row.count()).to.equal(1);
      expect(await row.textContent())
        .to.contain(mediumDay())
        .and.contain('Seed Hopper Lid, Heavy Duty');
      // Filtered by part number: still there; by another part: gone, with the empty state.
      await staff.getByRole('searchbox', { name: 'Part number or name' }).fill('PP-SHL-HD');
      await staff.getByRole('button', { name: 'Filter' }).click();
      await staff.waitForURL(/product=PP-SHL-HD/);
      await staff.getByRole('link', { name: `#${orderId}` }).waitFor();
      expect(await axe(staff)).to.deep.equal([]);
      await screenshot(staff, `backorders-list-${width}`);
      await staff.getByRole('searchbox', { name: 'Part number or name' }).fill('NO-SUCH-PART');
      await staff.getByRole('button', { name: 'Filter' }).click();
      await staff.getByRole('heading', { name: 'No back-ordered lines' }).waitFor();
      expect(staff.problems).to.deep.equal([]);
      await staff.getByRole('banner').getByText('Sam', { exact: true }).locator('xpath=..').click();
      await staff.getByRole('button', { name: /^Sign out$/i }).click();
      await staff.waitForURL((u) => !u.pathname.includes('/backorders'));
      await staff.close();
    });
  }
});
