/** The shell in a real browser: islands hydrate, sign-in works, pages pass axe at 1280 and 375 px. */
import { expect } from 'chai';
import { axe, hydrated, newPage, screenshot, type TestPage, requireChromium } from '../helpers/browser.ts';
import { testServer } from '../helpers/server.ts';
import { DEMO_PASSWORD } from '../helpers/http.ts';

async function signInAs(page: TestPage, base: string, email: string) {
  await page.goto(`${base}/en-us/login`);
  await page.getByTestId('login-form').locator('input[name=email]').fill(email);
  await page.getByTestId('login-form').locator('input[name=password]').fill(DEMO_PASSWORD);
  await Promise.all([page.waitForNavigation(), page.getByTestId('login-submit').click()]);
}

describe('browser: page shell', function () {
  before(function () {
    requireChromium(this);
  });
  this.timeout(90_000);
  let base: string;
  before(async () => {
    base = (await testServer()).url;
  });

  it('hydrates the locale picker and switches locale keeping the path', async () => {
    const page = await newPage();
    await page.goto(`${base}/en-us/login`);
    await hydrated(page);
    const select = page.getByTestId('locale-select');
    await select.selectOption('fr-ca');
    await page.waitForURL(`${base}/fr-ca/login`);
    await expect(await page.locator('h1').textContent()).to.equal('Connexion');
    expect(page.problems).to.deep.equal([]);
    await page.close();
  });

  it('signs a customer in with the keyboard and lands on the account page', async () => {
    const page = await newPage();
    await page.goto(`${base}/en-us/login`);
    await page.locator('#f-email').focus();
    await page.keyboard.type('customer@example.com');
    await page.keyboard.press('Tab');
    await page.keyboard.type(DEMO_PASSWORD);
    await Promise.all([page.waitForNavigation(), page.keyboard.press('Enter')]);
    expect(new URL(page.url()).pathname).to.equal('/en-us/account');
    await expect(await page.getByTestId('alert').first().textContent()).to.include('Welcome back');
    expect(await page.getByTestId('saved-address').count()).to.equal(2);
    await screenshot(page, 'account-home');
    expect(page.problems).to.deep.equal([]);
    await page.close();
  });

  it('shows the wrong-password message beside the form', async () => {
    const page = await newPage();
    await page.goto(`${base}/en-us/login`);
    await page.locator('#f-email').fill('customer@example.com');
    await page.locator('#f-password').fill('wrong-password');
    await Promise.all([page.waitForNavigation(), page.getByTestId('login-submit').click()]);
    expect(await page.getByTestId('form-error').textContent()).to.equal('The email or password is incorrect.');
    await page.close();
  });

  it('takes staff to the dashboard and its order detail', async () => {
    const page = await newPage();
    await signInAs(page, base, 'staff@example.com');
    expect(new URL(page.url()).pathname).to.equal('/account/dashboard');
    await page.getByTestId('recent-orders').locator('tbody a').first().click();
    await page.getByTestId('admin-order').waitFor();
    await screenshot(page, 'admin-order');
    expect(page.problems).to.deep.equal([]);
    await page.close();
  });

  const pages = ['/en-us/', '/en-us/login', '/fr-ca/register', '/es-mx/password/reset'];
  for (const width of [1280, 375]) {
    for (const path of pages) {
      it(`${path} at ${width} px: no serious axe violations, no horizontal scroll`, async () => {
        const page = await newPage({ width });
        await page.goto(`${base}${path}`);
        await hydrated(page);
        expect(await axe(page)).to.deep.equal([]);
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow, 'horizontal overflow in px').to.be.at.most(0);
        await screenshot(page, `${path.replace(/\W+/g, '_')}-${width}`);
        expect(page.problems).to.deep.equal([]);
        await page.close();
      });
    }
  }

  it('signed-in pages pass axe too (account, dashboard)', async () => {
    const page = await newPage();
    await signInAs(page, base, 'admin@example.com');
    await hydrated(page);
    expect(await axe(page)).to.deep.equal([]);
    await screenshot(page, 'dashboard');
    await page.goto(`${base}/en-us/account`);
    expect(await axe(page)).to.deep.equal([]);
    await page.close();
  });

  it('landing page: the section in view selects its menu tab; scrolling shows the back-to-top button', async () => {
    const page = await newPage({ width: 1280, height: 700 });
    await page.goto(`${base}/fr-ca/`);
    await page.waitForSelector('[data-testid="to-top"]', { state: 'attached' });
    expect(await page.getByTestId('to-top').isHidden()).to.equal(true);
    expect(await page.locator('.side-menu a[aria-current="true"]').getAttribute('href')).to.equal('#featured');
    await page.locator('#support').scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForFunction(
      () => document.querySelector('.side-menu a[aria-current="true"]')?.getAttribute('href') === '#support',
    );
    const toTop = page.getByTestId('to-top');
    await toTop.waitFor({ state: 'visible' });
    expect(await toTop.getAttribute('aria-label')).to.equal('Retour en haut');
    expect(await page.locator('.site-header').getAttribute('class')).to.include('stuck');
    await toTop.click();
    await page.waitForFunction(() => window.scrollY === 0);
    await toTop.waitFor({ state: 'hidden' });
    expect(page.problems).to.deep.equal([]);
    await page.close();
  });
});
