/**
 * Business journeys, done as a person does them (see journeys.test.ts for the rules):
 * an organisation buyer checks out tax exempt with a PO number and a separate bill-to; staff find
 * the order in the back office, change a quantity and record a payment; the buyer sees the change.
 * Each at 1280 and 375 px.
 */
import { expect } from 'chai';
import { axe, hydrated, newPage, screenshot, requireChromium, type TestPage } from '../helpers/browser.ts';
import { sqlRows, testServer } from '../helpers/server.ts';
import { DEMO_PASSWORD } from '../helpers/http.ts';
import { figure, person, type Mode, dropCart, freshAcmeCart, signInFromLanding } from './journeys-person.ts';

describe('browser: business journeys', function () {
  this.timeout(300_000);
  let base: string;
  let cartId: number | null = null;

  before(async function () {
    requireChromium(this);
    base = (await testServer()).url;
    await sqlRows(
      `update inventory set quantity = greatest(quantity, 60) where product_id = (select id from products where stockcode = 'DEMO-SEED-PLATE')`,
    );
  });
  // The buyer shops in a new, empty cart of their own (the newest cart is the customer's cart).
  beforeEach(async () => {
    cartId = await freshAcmeCart();
  });
  afterEach(async () => {
    await dropCart(cartId);
  });

  const signIn = (page: TestPage, email: string) => signInFromLanding(page, base, email);

  for (const width of [1280, 375]) {
    it(`an Acme Farms buyer checks out tax exempt with a PO number, billed elsewhere; staff edit and take a payment; the buyer sees it (${width} px)`, async () => {
      const page = await newPage({ width, height: 900 });
      const me = person(page, 'pointer');
      await signIn(page, 'buyer@acme.example');
      await page.getByRole('heading', { level: 1, name: 'My account' }).waitFor();
      await page.getByRole('banner').getByRole('link', { name: 'Harrow & Drill' }).click();
      await hydrated(page);
      await page
        .getByRole('region', { name: 'Popular right now' })
        .getByRole('link', { name: /^Seed Plate — Corn 30-cell/ })
        .click();
      await page.waitForURL(/\/en-us\/products\/\d+$/);
      await hydrated(page);
      await me.press(page.getByRole('button', { name: 'Increase Quantity' }));
      await page.getByRole('definition').filter({ hasText: '$77.00' }).first().waitFor();
      await me.press(page.getByRole('button', { name: 'Add to cart' }));
      await me.press(page.getByRole('link', { name: 'View cart' }));
      await page.waitForURL(/\/en-us\/cart$/);
      await hydrated(page);
      await me.press(
        page.getByRole('complementary', { name: 'Order summary' }).getByRole('link', { name: 'Checkout' }),
      );
      await page.waitForURL(/\/en-us\/cart\/checkout$/);
      await hydrated(page);

      const info = page.getByRole('tabpanel', { name: 'Customer info' });
      await me.choose(info.getByRole('group', { name: 'Ship to' }), info.getByRole('radio', { name: /4410 FM 1585/ }));
      await me.tick(info.getByRole('checkbox', { name: 'This purchase is tax exempt' }), true);
      await me.select(info.getByRole('combobox', { name: 'Business type' }), 'Agricultural producer');
      await me.type(info.getByRole('textbox', { name: 'Signature (type your full name)' }), 'Jordan Okafor');
      await me.type(info.getByRole('textbox', { name: 'Position title' }), 'Farm manager');
      // The bill goes to the north field yard, not to the ship-to.
      const billTo = info.getByRole('group', { name: 'Bill to' });
      await me.tick(billTo.getByRole('checkbox', { name: 'Bill to the shipping address' }), false);
      await me.choose(
        billTo.getByRole('radiogroup', { name: 'Bill to' }),
        billTo.getByRole('radio', { name: /1180 County Road 5700/ }),
      );
      expect(await axe(page)).to.deep.equal([]);
      await me.press(info.getByRole('button', { name: 'Continue' }));
      const shipping = page.getByRole('tabpanel', { name: 'Shipping' });
      await shipping.getByRole('radio').first().waitFor();
      await me.press(shipping.getByRole('button', { name: 'Continue' }));
      const payment = page.getByRole('tabpanel', { name: 'Payment' });
      await payment.getByRole('heading', { name: 'Payment' }).waitFor();
      const summary = page.getByRole('complementary', { name: 'Order summary' });
      // Tax exempt: no tax; $77.00 + $10.27 UPS Ground (seed plates are not parts: no Parts Bundle).
      expect(await figure(summary, 'Tax').textContent()).to.equal('$0.00');
      expect(await figure(summary, 'Total').textContent()).to.equal('$87.27');
      await me.choose(
        payment.getByRole('group', { name: 'Payment method' }),
        payment.getByRole('radio', { name: 'Check' }),
      );
      await me.type(payment.getByRole('textbox', { name: 'Check number' }), '5521');
      const po = `PO-ACME-${width}-${Date.now() % 100000}`;
      await me.type(payment.getByRole('textbox', { name: 'PO number (optional)' }), po);
      await me.press(payment.getByRole('button', { name: 'Place order' }));
      await page.waitForURL(/\/en-us\/orders\/\d+\?placed=1$/);
      const heading = await page
        .getByRole('heading', { level: 1, name: /^Thank you! Order #\d+ is placed\.$/ })
        .textContent();
      const orderId = /#(\d+)/.exec(heading!)![1];
      const items = page.getByRole('region', { name: 'Items' });
      expect(
        await items
          .getByRole('row', {
            name: /^Seed Plate — Corn 30-cell DEMO-SEED-PLATE (2 × \$38\.50 )?2 (\$38\.50 )?\$77\.00$/,
          })
          .count(),
      ).to.equal(1);
      expect(await items.getByText('Tax exempt', { exact: true }).isVisible()).to.equal(true);
      const paid = page.getByRole('region', { name: 'Payment' });
      expect(await paid.textContent())
        .to.contain('Check #5521')
        .and.contain(`PO ${po}`);
      expect(await axe(page)).to.deep.equal([]);
      await screenshot(page, `journey-buyer-order-${width}`);

      // Staff find it in the back office's order search and open the editor.
      const staff = await newPage({ width, height: 900 });
      await signIn(staff, 'staff@example.com');
      await staff.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
      await staff
        .getByRole('navigation', { name: 'Back office' })
        .getByRole('link', { name: 'Orders', exact: true })
        .click();
      await hydrated(staff);
      const search = staff.getByRole('search', { name: 'Orders' });
      await search.getByRole('searchbox', { name: 'PO number' }).fill(po);
      await search.getByRole('button', { name: 'Search' }).click();
      const found = staff.getByRole('table', { name: 'Orders' }).getByRole('row').filter({ hasText: po });
      await found.getByRole('link', { name: `#${orderId}` }).waitFor();
      // Total and unpaid (the other columns may be folded away at 375 px).
      // Paid by check, not yet cashed: the whole bill is owed, shipping included.
      expect(await found.textContent()).to.match(/\$87\.27\s*Unpaid \$87\.27/);
      expect(
        await staff.getByRole('table', { name: 'Orders' }).getByRole('row').count(),
        'the heading row and the one order',
      ).to.equal(2);
      await found.getByRole('link', { name: `#${orderId}` }).click();
      await hydrated(staff);
      const customer = staff.getByRole('region', { name: 'Customer' });
      expect(await figure(customer, 'PO number').textContent()).to.equal(po);
      expect(await figure(customer, 'Tax exempt').textContent()).to.equal('TX-EX-448812');
      expect(await staff.getByRole('region', { name: 'Ship to' }).textContent()).to.match(
        /4410 FM 1585.*Bill to.*1180 County Road 5700/s,
      );
      await staff.getByRole('link', { name: 'Edit order' }).click();
      await staff.waitForURL(/\/admin\/orders\/detail\/\d+\/edit$/);
      await hydrated(staff);
      // From here on the editor works in place: a reload would lose this mark.
      await staff.evaluate(() => {
        const w = window as unknown as { stillHere: boolean; waitSeen: string[] };
        w.stillHere = true;
        w.waitSeen = [];
        const el = document.getElementById('wait-overlay')!;
        new MutationObserver(() => {
          if (el.hidden) return;
          const r = el.getBoundingClientRect();
          w.waitSeen.push(`${getComputedStyle(el).opacity} ${r.width >= innerWidth && r.height >= innerHeight}`);
        }).observe(el, { attributes: true, attributeFilter: ['hidden'] });
      });
      const editorItems = staff.getByRole('region', { name: 'Items' });
      await editorItems.getByRole('button', { name: 'One more: Seed Plate — Corn 30-cell' }).click();
      // The draft: 3 × $38.50 = $115.50 + $10.27 shipping, no tax = $125.77, all of it owed.
      await editorItems
        .filter({ hasText: /Merchandise\s*\$115\.50\s*Shipping\s*\$10\.27\s*Tax\s*\$0\.00\s*Total\s*\$125\.77/ })
        .waitFor();
      // Changes apply only on "Save order".
      await staff.getByRole('button', { name: 'Save order' }).click();
      await staff.getByTestId('order-editor').and(staff.locator('[data-dirty="false"]')).waitFor();
      const take = staff.getByRole('region', { name: 'Take a payment' });
      // The whole bill is paid: the line's $115.50 and the $10.27 shipping, $125.77.
      await take.getByRole('textbox', { name: 'Amount received (USD)' }).fill('125.77');
      await take.getByRole('textbox', { name: 'Check number' }).fill('7788');
      await take.getByRole('button', { name: 'Distribute over what is owed' }).click();
      expect(await take.getByRole('textbox', { name: 'Assigned: Seed Plate — Corn 30-cell' }).inputValue()).to.equal(
        '115.50',
      );
      expect(await take.getByRole('textbox', { name: 'Assigned: Shipping' }).inputValue()).to.equal('10.27');
      await take.getByRole('button', { name: 'Record payment' }).click();
      // The new payment appears in place, the order's figures follow, the page is the same page.
      const payments = staff.getByRole('region', { name: 'Payments' });
      await payments
        .getByRole('row', { name: /^\d+ Check #7788 · Successful \$125\.77 Refresh payment #\d+$/ })
        .waitFor();
      await editorItems.filter({ hasText: /Total\s*\$125\.77\s*Paid\s*−\$125\.77\s*Unpaid\s*\$0\.00/ }).waitFor();
      const mark = await staff.evaluate(() => {
        const w = window as unknown as { stillHere?: boolean; waitSeen?: string[] };
        return { stillHere: w.stillHere, waitSeen: w.waitSeen };
      });
      expect(mark.stillHere, 'no reload').to.equal(true);
      // The full-screen wait overlay at opacity 0.5 covered the page while the payment was taken (spec §9).
      expect(mark.waitSeen).to.include('0.5 true');
      expect(await axe(staff)).to.deep.equal([]);
      await screenshot(staff, `journey-staff-editor-${width}`);
      expect(staff.problems).to.deep.equal([]);
      // The browser is shared: staff sign out from their menu before the buyer comes back.
      await staff.getByRole('banner').getByText('Sam', { exact: true }).locator('xpath=..').click(); // the menu's summary: at 375 px only its icon shows
      await staff.getByRole('button', { name: /^Sign out$/i }).click();
      await staff.waitForURL((u) => !u.pathname.includes('/edit'));
      await staff.close();

      // The buyer, later: the account's order shows three plates and the payment.
      await signIn(page, 'buyer@acme.example');
      await page.getByRole('heading', { level: 1, name: 'My account' }).waitFor();
      await page
        .getByRole('region', { name: 'Recent orders' })
        .getByRole('link', { name: orderId, exact: true })
        .click();
      await page
        .getByRole('heading', { level: 2, name: `Order #${orderId}` })
        .or(page.getByRole('heading', { level: 1, name: `Order #${orderId}` }))
        .waitFor();
      const after = page.getByRole('region', { name: 'Items' });
      expect(
        await after
          .getByRole('row', {
            name: /^Seed Plate — Corn 30-cell DEMO-SEED-PLATE (3 × \$38\.50 )?3 (\$38\.50 )?\$115\.50$/,
          })
          .count(),
      ).to.equal(1);
      expect(await after.textContent()).to.match(/Total\s*\$125\.77/);
      expect(await page.getByRole('region', { name: 'Payment' }).textContent()).to.contain(`PO ${po}`);
      expect(page.problems).to.deep.equal([]);
      await page.close();
    });
  }
});

describe('browser: a visitor finds a dealer and asks to be contacted; the lead reaches the staff', function () {
  this.timeout(240_000);
  let base: string;
  before(async function () {
    requireChromium(this);
    base = (await testServer()).url;
  });

  async function dealerThenLead(width: number, mode: Mode) {
    const page = await newPage({ width, height: 900 });
    const me = person(page, mode);
    await page.goto(`${base}/en-us/`);
    await hydrated(page);
    const support = page.getByRole('region', { name: 'Support' });
    await me.press(support.getByRole('link', { name: 'Find a dealer' }));
    await page.waitForURL(/\/en-us\/dealers$/);
    await hydrated(page);
    // Location is not shared: the ZIP code finds the dealers.
    await me.type(page.getByRole('textbox', { name: 'ZIP or postal code' }), '61820');
    await me.press(page.getByRole('button', { name: 'Find dealers' }));
    const nearest = page.getByRole('region', { name: 'Nearest dealers' });
    await nearest.getByRole('heading', { level: 3, name: 'Prairie State Equipment' }).waitFor();
    expect(await axe(page)).to.deep.equal([]);
    await screenshot(page, `journey-dealer-${width}-${mode}`);

    // Pick that dealer and contact it: the lead form names the dealer the request goes to.
    await me.press(nearest.getByRole('link', { name: 'Contact this dealer — Prairie State Equipment' }));
    await page.waitForURL(/\/en-us\/leads\/new\?dealer=\d+$/);
    await hydrated(page);
    expect((await page.getByTestId('lead-dealer').textContent())!.replace(/\s+/g, ' ').trim()).to.equal(
      'Your request goes to Prairie State Equipment, Urbana, IL. Choose another dealer',
    );
    expect(await axe(page)).to.deep.equal([]);
    await screenshot(page, `journey-dealer-lead-form-${width}-${mode}`);
    const email = `lead-${width}-${mode}-${Date.now()}@example.net`;
    await me.type(page.getByRole('textbox', { name: 'First name' }), 'Robin');
    await me.type(page.getByRole('textbox', { name: 'Last name' }), `Fields${width}${mode}`);
    await me.type(page.getByRole('textbox', { name: 'Email' }), email);
    await me.select(page.getByRole('combobox', { name: 'State, province or region' }), 'Illinois');
    await me.type(
      page.getByRole('textbox', { name: 'What can we help with? (optional)' }),
      'A 6-row planter for 30 in rows.',
    );
    await me.press(page.getByRole('button', { name: 'Send' }));
    await page.waitForURL(/sent=1/);
    await page.getByText('Thank you! We received your request and will be in touch soon.').first().waitFor();
    expect(page.problems).to.deep.equal([]);
    await page.close();

    // The admin finds it in the back office's leads.
    const admin = await newPage({ width, height: 900 });
    await admin.goto(`${base}/en-us/`);
    await hydrated(admin);
    await admin.getByRole('banner').getByRole('link', { name: 'Sign in' }).click();
    await admin.getByRole('textbox', { name: 'Email' }).fill('admin@example.com');
    await admin.getByRole('textbox', { name: 'Password' }).fill(DEMO_PASSWORD);
    await admin.getByRole('button', { name: 'Sign in' }).click();
    await admin.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await admin.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Leads' }).click();
    await admin.getByRole('heading', { level: 1, name: 'Leads' }).waitFor();
    const row = admin.getByRole('row').filter({ hasText: email });
    await row.waitFor();
    expect(await row.textContent())
      .to.contain(`Robin Fields${width}${mode}`)
      .and.contain('IL');
    const dealerCell = admin.getByRole('columnheader', { name: 'Dealer' });
    expect(await dealerCell.count()).to.equal(1);
    // The lead names the dealer; its link filters the list to that dealer's leads (the filter is in the URL).
    await row.getByRole('link', { name: 'Prairie State Equipment' }).click();
    await admin.waitForURL(/\/en-us\/admin\/leads\?dealer=\d+$/);
    expect(
      await admin
        .getByRole('combobox', { name: 'Dealer' })
        .evaluate((el) => (el as HTMLSelectElement).selectedOptions[0].label),
    ).to.equal('Prairie State Equipment');
    await admin.getByRole('row').filter({ hasText: email }).waitFor();
    expect(await axe(admin)).to.deep.equal([]);
    await screenshot(admin, `journey-dealer-leads-${width}-${mode}`);
    await admin.getByRole('banner').getByText('Morgan', { exact: true }).locator('xpath=..').click(); // the menu's summary: at 375 px only its icon shows
    await admin.getByRole('button', { name: /^Sign out$/i }).click();
    await admin.waitForURL((u) => !u.pathname.includes('/admin/leads'));
    expect(admin.problems).to.deep.equal([]);
    await admin.close();
  }

  for (const width of [1280, 375]) {
    it(`from the landing page: find a dealer by ZIP code, contact it with a lead; the admin sees the lead and its dealer under Leads (${width} px)`, () =>
      dealerThenLead(width, 'pointer'));
  }
  it('the same by keyboard only (1280 px)', () => dealerThenLead(1280, 'keyboard'));
});
