/** The new-lead form and the staff's lead list in Chromium: account-exists hint, region reload, submit, axe. */
import { expect } from 'chai';
import { axe, newPage, screenshot, type TestPage } from '../helpers/browser.ts';
import { DEMO_PASSWORD } from '../helpers/http.ts';
import { testServer } from '../helpers/server.ts';

let base: string;

async function signInAs(page: TestPage, email: string) {
  await page.goto(`${base}/en-us/login`);
  await page.fill('input[name="email"]', email);
  await page.fill('input[name="password"]', DEMO_PASSWORD);
  await Promise.all([page.waitForNavigation(), page.click('form [type="submit"]')]);
}

describe('browser: new-lead form', function () {
  this.timeout(90_000);
  before(async () => {
    base = (await testServer()).url;
  });

  it('staff typing customer@example.com see the account-exists message with a link and the name', async () => {
    const page = await newPage();
    await signInAs(page, 'staff@example.com');
    await page.goto(`${base}/en-us/leads/new`);
    await page.waitForSelector('[data-testid="lead-form"][data-behaviour-ready="true"]');
    await page.getByLabel('Email').pressSequentially('customer@example.com', { delay: 20 });
    const hint = page.getByTestId('account-exists');
    await hint.waitFor();
    expect(await hint.textContent()).to.match(/An account already exists for \S+ \S+\./);
    expect(await page.getByTestId('account-exists-link').getAttribute('href')).to.contain(
      '/account/dashboard/customers',
    );
    await page.getByLabel('Email').fill('someone.new@example.net');
    await page.waitForFunction(() => (document.querySelector('[data-testid="account-exists"]') as HTMLElement).hidden);
    expect(page.problems).to.deep.equal([]);
  });

  it('changing the country reloads the regions (sorted, prompt first); a visitor sends a lead', async () => {
    const page = await newPage();
    await page.goto(`${base}/en-us/leads/new`);
    await page.waitForSelector('[data-testid="lead-form"][data-behaviour-ready="true"]');
    await page.getByTestId('lead-country').selectOption('CA');
    await page.waitForSelector('[data-testid="lead-form"][data-regions-for="CA"]');
    const names = await page.locator('[data-testid="lead-region"] option').allTextContents();
    expect(names[0]).to.equal('Choose a region');
    expect(names.slice(1)).to.deep.equal([...names.slice(1)].sort((a, b) => a.localeCompare(b, 'en')));
    expect(names).to.include('Saskatchewan');
    await page.getByTestId('lead-region').selectOption('SK');
    await page.getByLabel('First name').fill('Morgan');
    await page.getByLabel('Last name').fill('Reid');
    await page.getByLabel('Email').fill('morgan.reid@example.net');
    // The date picker: the calendar opens on today, arrows move, Enter picks, the field shows mm/dd/yy.
    await page.getByRole('button', { name: 'Choose a date' }).click();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    expect(await page.getByTestId('lead-visit').inputValue()).to.match(/^\d\d\/\d\d\/\d\d$/);
    await page.getByTestId('lead-submit').click();
    await page.waitForURL(/sent=1/);
    // The page says it was sent, and stays so (not an empty form and a vanishing toast).
    await page.getByRole('heading', { name: 'Request sent' }).waitFor();
    expect(await page.getByTestId('lead-sent').getByRole('status').textContent()).to.equal(
      'Thank you! We received your request and will be in touch soon.',
    );
    expect(await page.getByTestId('lead-form').count()).to.equal(0);
    expect(await page.getByRole('link', { name: 'Send another request' }).count()).to.equal(1);
    const { rows } = await (await testServer()).database.pool.query(
      "select region_code, visit_on - current_date as days from leads where email = 'morgan.reid@example.net'",
    );
    expect(rows).to.deep.equal([{ region_code: 'SK', days: 7 }]);
  });

  for (const width of [1280, 375]) {
    it(`form and lead list at ${width} px: no serious axe violations, no horizontal scroll`, async () => {
      const page = await newPage({ width, height: 900 });
      await page.goto(`${base}/fr-ca/leads/new`);
      expect(await axe(page)).to.deep.equal([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).to.equal(true);
      await screenshot(page, `lead-form-${width}`);
      await signInAs(page, 'staff@example.com');
      await page.goto(`${base}/en-us/admin/leads`);
      expect(await axe(page)).to.deep.equal([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).to.equal(true);
      await screenshot(page, `leads-admin-${width}`);
    });
  }
});
