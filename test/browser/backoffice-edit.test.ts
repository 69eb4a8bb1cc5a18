/**
 * The back office's editing screens in a real browser, moving as a person does from the back office's navigation:
 *   - an administrator (promotions.edit is the admin's: staff@ cannot reach promotions) opens
 *     Promotions, clicks the expired "Winter Service", changes its amount and sees it in the list;
 *   - staff open Customers, click "Add customer", submit without an email (the message shows),
 *     then with one, and land on the new customer's page (a customer account, no permissions);
 *   - the product editor's save bar stays on screen at 1280x900 after scrolling to the bottom,
 *     and Title and Slug sit side by side at 1280 px, stacked at 375 px.
 * Each screen checked with axe at 1280 and 375 px.
 */
import { expect } from 'chai';
import { axe, hydrated, newPage, requireChromium, screenshot, type TestPage } from '../helpers/browser.ts';
import { sqlRows, testServer } from '../helpers/server.ts';
import { DEMO_PASSWORD } from '../helpers/http.ts';

describe('browser: back office edits', function () {
  this.timeout(180_000);
  let base: string;
  const added: string[] = [];

  before(async function () {
    requireChromium(this);
    base = (await testServer()).url;
  });
  // Leave the shared demo data as it was: Winter Service's amount, and no extra customers.
  afterEach(async () => {
    await sqlRows(
      `update promotions set configuration = '[{"actions":[{"type":"amount_off","value":15}]}]'::jsonb where code = 'WINTER15'`,
    );
  });
  after(async () => {
    for (const email of added) {
      await sqlRows('delete from persons where email = $1', [email]);
      await sqlRows('delete from users where email = $1', [email]);
    }
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
  const backOffice = (page: TestPage) => page.getByRole('navigation', { name: 'Back office' });

  for (const width of [1280, 375]) {
    it(`an administrator edits an expired promotion's amount and sees it in the list (${width} px)`, async () => {
      const amount = width === 1280 ? '35' : '40.50';
      const shown = width === 1280 ? '$35.00' : '$40.50';
      const page = await newPage({ width, height: 900 });
      await signIn(page, 'admin@example.com');
      await backOffice(page).getByRole('link', { name: 'Promotions' }).click();
      const table = page.getByRole('table');
      const row = table
        .getByRole('row')
        .filter({ has: page.getByRole('link', { name: 'Winter Service', exact: true }) });
      expect(await row.getByRole('cell').nth(5).textContent()).to.contain('Expired');
      await row.getByRole('link', { name: 'Winter Service', exact: true }).click();

      await page.getByRole('heading', { level: 1, name: 'Edit promotion' }).waitFor();
      const name = page.getByRole('textbox', { name: 'Name (shown in the cart)' });
      expect(await name.inputValue()).to.equal('Winter Service');
      expect(await page.getByRole('textbox', { name: 'Code' }).inputValue()).to.equal('WINTER15');
      const value = page.getByRole('textbox', { name: 'Amount off (USD)' });
      expect(await value.inputValue()).to.equal('15');
      expect(await axe(page), 'edit form').to.deep.equal([]);
      await screenshot(page, `promotion-edit-${width}`);

      // A bad amount is refused with the create form's message, the other fields kept.
      await value.fill('0');
      await page.getByRole('button', { name: 'Save changes' }).click();
      // Beside the amount, and named above the form (the form's alert).
      const fieldError = page.getByTestId('field-error-value');
      await fieldError.waitFor();
      expect(await fieldError.textContent()).to.equal('The amount must be more than 0.');
      expect(await page.getByRole('alert').filter({ hasText: 'The amount must be more than 0.' }).count()).to.equal(1);
      expect(await name.inputValue()).to.equal('Winter Service');

      await value.fill(amount);
      // The flash fades after ten seconds: read it from the page the server sent (a loaded machine may paint later).
      const list = page.waitForResponse(
        (r) => /\/account\/dashboard\/promotions$/.test(new URL(r.url()).pathname) && r.request().method() === 'GET',
      );
      await page.getByRole('button', { name: 'Save changes' }).click();
      const listBody = await (await list).text();
      expect(listBody).to.contain('“Winter Service” was saved.');
      await page.getByRole('heading', { level: 1, name: 'Promotions' }).waitFor();
      const saved = page
        .getByRole('table')
        .getByRole('row')
        .filter({ has: page.getByRole('link', { name: 'Winter Service', exact: true }) });
      expect(await saved.getByRole('cell').nth(2).textContent()).to.equal(shown);
      expect(await axe(page), 'list').to.deep.equal([]);
      await screenshot(page, `promotions-${width}`);
      const [log] = await sqlRows<{ n: number }>(
        `select count(*)::int as n from logs where action = 'promotion.update' and entity = 'promotion' and entity_id = (select id from promotions where code = 'WINTER15')`,
      );
      expect(log.n).to.be.greaterThan(0);
      expect(page.problems).to.deep.equal([]);
      await page.close();
    });

    it(`staff add a customer: a missing email is named, then the customer's page (${width} px)`, async () => {
      const email = `added-${width}@example.com`;
      added.push(email);
      const page = await newPage({ width, height: 900 });
      await signIn(page, 'staff@example.com');
      await backOffice(page).getByRole('link', { name: 'Customers' }).click();
      await page.getByRole('link', { name: 'Add customer' }).click();
      await page.getByRole('heading', { level: 1, name: 'Add customer' }).waitFor();
      expect(await axe(page), 'empty form').to.deep.equal([]);

      await page.getByRole('textbox', { name: 'First name' }).fill('Marta');
      await page.getByRole('textbox', { name: 'Last name' }).fill('Okafor');
      await page.getByRole('textbox', { name: 'Address', exact: true }).fill('12 Prairie Road');
      await page.getByRole('button', { name: 'Add customer' }).click();
      await page.getByText('Email is required.').waitFor();
      expect(await page.getByRole('textbox', { name: 'Email' }).getAttribute('aria-invalid')).to.equal('true');
      // What was typed is still there.
      expect(await page.getByRole('textbox', { name: 'First name' }).inputValue()).to.equal('Marta');
      expect(await axe(page), 'form with errors').to.deep.equal([]);
      await screenshot(page, `customer-new-errors-${width}`);

      await page.getByRole('textbox', { name: 'Email' }).fill(email);
      await page.getByRole('textbox', { name: 'Phone (optional)' }).fill('306-555-0142');
      await page.getByRole('textbox', { name: 'City' }).fill('Regina');
      await page.getByRole('textbox', { name: 'Postal code' }).fill('S4P 3Y2');
      await page.getByRole('combobox', { name: 'Country' }).selectOption({ label: 'Canada' });
      await page
        .getByRole('combobox', { name: 'State / province' })
        .locator('option', { hasText: 'Saskatchewan' })
        .waitFor({ state: 'attached' });
      await page.getByRole('combobox', { name: 'State / province' }).selectOption({ label: 'Saskatchewan' });
      const landed = page.waitForResponse(
        (r) =>
          /\/account\/dashboard\/customers\/\d+$/.test(new URL(r.url()).pathname) && r.request().method() === 'GET',
      );
      await page.getByRole('button', { name: 'Add customer' }).click();
      expect(await (await landed).text()).to.contain('Marta Okafor was added.');
      await page.getByRole('heading', { level: 1, name: 'Marta Okafor' }).waitFor();
      expect(await page.getByText(email).count()).to.be.greaterThan(0);
      const address = await page.getByRole('region', { name: 'Addresses' }).textContent();
      expect(address).to.contain('12 Prairie Road').and.contain('Regina, SK S4P 3Y2');
      expect(await axe(page), 'customer page').to.deep.equal([]);
      await screenshot(page, `customer-added-${width}`);

      // A customer account: no staff role, no permissions of its own; the log names who added it.
      const [user] = await sqlRows<{ role: string; perms: number; logged_by: string }>(
        `select u.role, (select count(*)::int from user_permissions p where p.user_id = u.id) as perms,
                (select b.email from logs l join users b on b.id = l.user_id where l.action = 'user.create' and l.entity_id = u.id) as logged_by
           from users u where u.email = $1`,
        [email],
      );
      expect(user).to.deep.equal({ role: 'customer', perms: 0, logged_by: 'staff@example.com' });

      // The same email again is refused beside the field.
      await backOffice(page).getByRole('link', { name: 'Customers' }).click();
      await page.getByRole('link', { name: 'Add customer' }).click();
      await page.getByRole('textbox', { name: 'First name' }).fill('Marta');
      await page.getByRole('textbox', { name: 'Last name' }).fill('Okafor');
      await page.getByRole('textbox', { name: 'Email' }).fill(email);
      await page.getByRole('button', { name: 'Add customer' }).click();
      await page.getByText('An account with this email already exists.').waitFor();
      expect(page.problems).to.deep.equal([]);
      await page.close();
    });
  }

  it('the product editor keeps its save bar on screen at 1280x900, also after scrolling to the bottom; Title and Slug side by side', async () => {
    const page = await newPage({ width: 1280, height: 900 });
    await signIn(page, 'staff@example.com');
    await backOffice(page).getByRole('link', { name: 'Products' }).click();
    await page.getByRole('searchbox', { name: 'Search by title, stock code or SKU' }).fill('DEMO-CONFIG');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('button', { name: 'Edit: Custom Vacuum Planter — Build Your Own' }).click();
    await hydrated(page);
    const nav = page.getByRole('navigation', { name: 'Sections of the product' });
    for (const section of [
      'Basics',
      'Pricing and availability',
      'Options and choices',
      'Media',
      'Shipping and inventory',
      'Categories and search',
    ]) {
      expect(await nav.getByRole('link', { name: section }).count(), section).to.equal(1);
      expect(await page.getByRole('region', { name: section }).count(), section).to.equal(1);
    }
    const save = page.getByRole('button', { name: 'Save product' });
    expect(await save.count()).to.equal(1);
    const onScreen = async () => {
      const box = (await save.boundingBox())!;
      return box.y >= 0 && box.y + box.height <= 900;
    };
    expect(await onScreen(), 'at the top').to.equal(true);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForFunction(() => window.scrollY > 1000);
    expect(await onScreen(), 'after scrolling to the bottom').to.equal(true);
    await nav.getByRole('link', { name: 'Shipping and inventory' }).click();
    expect(await onScreen(), 'after jumping to a section').to.equal(true);

    // A change shows the hint in the bar, beside the button.
    await page.getByRole('textbox', { name: 'Freight class' }).fill('92.5');
    const state = page.getByRole('status').filter({ hasText: 'Unsaved changes' });
    await state.waitFor();
    expect(await state.isVisible()).to.equal(true);

    await page.evaluate(() => window.scrollTo(0, 0));
    const title = (await page.getByRole('textbox', { name: 'Title' }).boundingBox())!;
    const slug = (await page.getByRole('textbox', { name: 'Slug' }).boundingBox())!;
    expect(Math.round(slug.y)).to.equal(Math.round(title.y));
    expect(Math.round(slug.width)).to.equal(Math.round(title.width));
    expect(slug.x).to.be.greaterThan(title.x + title.width);
    await screenshot(page, 'product-editor-sections-1280');
    expect(await axe(page)).to.deep.equal([]);
    expect(page.problems).to.deep.equal([]);
    await page.close();
  });

  it('the product editor at 375 px: Title above Slug, same width, save bar on screen, no sideways scroll', async () => {
    const page = await newPage({ width: 375, height: 800 });
    await signIn(page, 'staff@example.com');
    await backOffice(page).getByRole('link', { name: 'Products' }).click();
    await page.getByRole('searchbox', { name: 'Search by title, stock code or SKU' }).fill('DEMO-CONFIG');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('button', { name: 'Edit: Custom Vacuum Planter — Build Your Own' }).click();
    await hydrated(page);
    const title = (await page.getByRole('textbox', { name: 'Title' }).boundingBox())!;
    const slug = (await page.getByRole('textbox', { name: 'Slug' }).boundingBox())!;
    expect(slug.y).to.be.greaterThan(title.y + title.height);
    expect(Math.round(slug.width)).to.equal(Math.round(title.width));
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const box = (await page.getByRole('button', { name: 'Save product' }).boundingBox())!;
    expect(box.y + box.height).to.be.at.most(800);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).to.be.at.most(0);
    await screenshot(page, 'product-editor-sections-375');
    expect(await axe(page)).to.deep.equal([]);
    expect(page.problems).to.deep.equal([]);
    await page.close();
  });
});
