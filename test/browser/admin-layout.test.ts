/** The back office's frame in a real browser: axe at 1280 and 375 px, no page-wide horizontal scroll, keyboard path to the nav. */
import { expect } from 'chai';
import { axe, newPage, screenshot, type TestPage } from '../helpers/browser.ts';
import { testServer } from '../helpers/server.ts';
import { DEMO_PASSWORD } from '../helpers/http.ts';

async function signInAs(page: TestPage, base: string, email: string) {
  await page.goto(`${base}/en-us/login`);
  await page.getByTestId('login-form').locator('input[name=email]').fill(email);
  await page.getByTestId('login-form').locator('input[name=password]').fill(DEMO_PASSWORD);
  await Promise.all([page.waitForNavigation(), page.getByTestId('login-submit').click()]);
}

describe('browser: back office layout', function () {
  this.timeout(90_000);
  let base: string;
  before(async () => {
    base = (await testServer()).url;
  });

  for (const width of [1280, 375]) {
    it(`dashboard and order detail at ${width} px: no serious axe violations, no page-wide horizontal scroll`, async () => {
      const page = await newPage({ width });
      await signInAs(page, base, 'admin@example.com');
      for (const path of ['/account/dashboard', '/admin/orders/detail/1']) {
        await page.goto(`${base}${path}`);
        await page.getByTestId('admin-nav').waitFor();
        expect(await axe(page), path).to.deep.equal([]);
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow, `${path} scrolls sideways`).to.be.at.most(0);
        await screenshot(page, `admin${path.replace(/\W+/g, '_')}-${width}`);
      }
      expect(page.problems).to.deep.equal([]);
      await page.close();
    });
  }

  it('once the page scrolls, no navigation entry lies over another (1280 × 800)', async () => {
    const page = await newPage({ width: 1280, height: 800 });
    await signInAs(page, base, 'admin@example.com');
    await page.getByRole('link', { name: 'Orders', exact: true }).first().click();
    await page.getByTestId('admin-nav').waitFor();
    for (const y of [0, 400, 1200, 5000]) {
      await page.evaluate((to) => window.scrollTo(0, to), y);
      const boxes = await page
        .getByTestId('admin-nav')
        .locator('a')
        .evaluateAll((links) =>
          links.map((a) => {
            const r = a.getBoundingClientRect();
            return { name: a.textContent?.trim(), top: r.top, bottom: r.bottom };
          }),
        );
      for (let i = 1; i < boxes.length; i++) {
        expect(boxes[i].top, `${boxes[i].name} under ${boxes[i - 1].name} at scroll ${y}`).to.be.at.least(
          boxes[i - 1].bottom - 0.5,
        );
      }
    }
    await page.close();
  });

  it('the skip link and the navigation are reachable with the keyboard', async () => {
    const page = await newPage();
    await signInAs(page, base, 'staff@example.com');
    await page.goto(`${base}/admin/orders/detail/1`);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.className)).to.equal('skip-link');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).to.equal('main');
    await page.getByTestId('admin-nav').locator('[data-nav="home"]').focus();
    await Promise.all([page.waitForNavigation(), page.keyboard.press('Enter')]);
    expect(new URL(page.url()).pathname).to.equal('/account/dashboard');
    await page.close();
  });
});
