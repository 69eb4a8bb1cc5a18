/**
 * Permissions and organisation users in a real browser: an administrator grants a
 * permission and the user sees the new screen on its next request; an organisation administrator
 * invites a user who registers through the mailed link and appears in the list; every screen
 * passes axe (no serious or critical violation) at 1280 and 375 px.
 */
import { expect } from 'chai';
import { axe, newPage, requireChromium, screenshot, type TestPage } from '../helpers/browser.ts';
import { sqlRows, testServer } from '../helpers/server.ts';
import { DEMO_PASSWORD } from '../helpers/http.ts';
import { makeOrganisation, makeUser } from '../helpers/users.ts';
import type { FileMailer } from '../../src/providers/mail/index.ts';

/** Navigation on a crowded machine: the document is enough (images and fonts may take long). */
const nav = (page: TestPage) => page.waitForNavigation({ waitUntil: 'domcontentloaded', timeout: 60_000 });

async function signInAs(page: TestPage, base: string, email: string) {
  await page.goto(`${base}/en-us/login`);
  await page.getByTestId('login-form').locator('input[name=email]').fill(email);
  await page.getByTestId('login-form').locator('input[name=password]').fill(DEMO_PASSWORD);
  await Promise.all([nav(page), page.getByTestId('login-submit').click()]);
}

/** Swaps the browser's cookies (one shared context): who is signed in. */
type Cookies = Awaited<ReturnType<ReturnType<TestPage['context']>['cookies']>>;
async function useCookies(page: TestPage, cookies: Cookies) {
  await page.context().clearCookies();
  await page.context().addCookies(cookies);
}

/** Opens a screen (it must answer 200 at that very path, not a sign-in page) and checks it. */
async function openScreen(page: TestPage, base: string, path: string) {
  const res = await page.goto(`${base}${path}`);
  expect(res!.status(), path).to.equal(200);
  expect(new URL(page.url()).pathname, 'not redirected').to.equal(path.split('?')[0]);
  await checkScreen(page, path);
}

async function checkScreen(page: TestPage, name: string) {
  expect(await axe(page), name).to.deep.equal([]);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `${name} scrolls sideways`).to.be.at.most(0);
}

describe('browser: permissions and organisation users', function () {
  this.timeout(240_000);
  let base: string;
  before(async function () {
    requireChromium(this);
    base = (await testServer()).url;
  });

  it('an administrator grants a permission and the user sees the new screen on the next request', async () => {
    const user = await makeUser({ prefix: 'br-perm' });
    const page = await newPage();
    await signInAs(page, base, user.email);
    const reports = `${base}/en-us/account/dashboard/reports`;
    expect((await page.goto(reports))!.status()).to.equal(403);
    const userCookies = await page.context().cookies();

    await page.context().clearCookies();
    await signInAs(page, base, 'admin@example.com');
    await page.goto(`${base}/en-us/admin/permissions?q=${encodeURIComponent(user.email)}`);
    const link = page.locator(`[data-testid=perm-user-link][data-email="${user.email}"]`);
    await link.waitFor();
    await page.goto(`${base}${await link.getAttribute('href')}`);
    await page.getByTestId('perm-key').selectOption('reports.view');
    await page.getByTestId('perm-effect-grant').check();
    await page.getByTestId('perm-reason').fill('Prepares the monthly report');
    await Promise.all([nav(page), page.getByTestId('perm-save').click()]);
    await page.getByTestId('permissions-subject').waitFor();
    expect(await page.locator('tr[data-key="reports.view"]').getAttribute('data-held')).to.equal('true');
    expect(await page.locator('tr[data-key="reports.view"] [data-testid=perm-source]').innerText()).to.contain(
      'Granted to this user',
    );

    await useCookies(page, userCookies);
    const res = await page.goto(reports);
    expect(res!.status()).to.equal(200);
    expect(new URL(page.url()).pathname).to.equal('/en-us/account/dashboard/reports');
    expect(page.problems).to.deep.equal([]);
    await page.close();
  });

  it('an organisation administrator invites a user who registers through the link and appears in the list', async () => {
    const org = await makeOrganisation('Browser Farms');
    const admin = await makeUser({ organisationId: org, prefix: 'br-orgadmin' });
    await sqlRows(
      `insert into user_permissions (user_id, permission_key, granted, reason) values ($1, 'organisation.users', true, 'test')`,
      [admin.id],
    );
    const invited = `br-invited-${Date.now()}@test.example`;

    const page = await newPage();
    await signInAs(page, base, admin.email);
    const list = await page.goto(`${base}/en-us/account/organization/users`);
    expect(list!.status(), `${page.url()}: ${(await page.content()).slice(0, 3000)}`).to.equal(200);
    await Promise.all([
      page.waitForURL(/\/users\/add$/, { waitUntil: 'domcontentloaded', timeout: 60_000 }),
      page.getByTestId('org-user-add-link').click(),
    ]);
    await page.getByTestId('org-user-add-form').locator('input[name=email]').fill(invited);
    await Promise.all([
      page.waitForURL(/\/account\/organization\/users$/, { waitUntil: 'domcontentloaded', timeout: 60_000 }),
      page.getByTestId('org-user-invite').click(),
    ]);
    expect(await page.locator(`[data-testid=org-invites] [data-email="${invited}"]`).count()).to.equal(1);
    const adminCookies = await page.context().cookies();

    const mails = await ((await testServer()).services.mailer as FileMailer).list();
    const mail = mails.find((m) => m.content.includes(`To: ${invited}`))!;
    const link = /(https?:\/\/\S+\/register\?invite=[\w%-]+)/.exec(
      mail.content.replace(/=\r?\n/g, '').replace(/=3D/g, '='),
    )![1];

    await page.context().clearCookies();
    // Registrations per IP are limited per hour and the suite shares one IP: start this count afresh.
    await sqlRows(`delete from rate_limits where key like 'register:ip:%'`);
    await page.goto(link);
    expect(await page.getByTestId('invite-notice').getAttribute('data-organisation')).to.match(/^Browser Farms/);
    const form = page.getByTestId('register-form');
    expect(await form.locator('input[name=email]').inputValue()).to.equal(invited);
    await checkScreen(page, 'register with an invitation');
    await screenshot(page, 'perm-register-invite');
    await form.locator('input[name=firstName]').fill('Iris');
    await form.locator('input[name=lastName]').fill('Invited');
    await form.locator('input[name=password]').fill('a-long-password-2026');
    await Promise.all([
      page.waitForURL(/\/en-us\/account$/, { waitUntil: 'domcontentloaded', timeout: 60_000 }),
      page.getByTestId('register-submit').click(),
    ]);

    await useCookies(page, adminCookies);
    await page.goto(`${base}/en-us/account/organization/users`);
    expect(await page.locator(`[data-testid=org-user-list] tr[data-email="${invited}"]`).count()).to.equal(1);
    expect(page.problems).to.deep.equal([]);
    await page.close();
  });

  for (const width of [1280, 375]) {
    it(`every screen at ${width} px: no serious axe violation, no page-wide horizontal scroll`, async () => {
      const user = await makeUser({ prefix: 'br-axe' });
      await sqlRows(
        `insert into user_permissions (user_id, permission_key, granted, reason) values ($1, 'reports.view', true, 'A reason shown on the screen')`,
        [user.id],
      );
      const acme = (await sqlRows<{ id: number }>(`select id from organisations where name = 'Acme Farms'`))[0].id;
      const will = (await sqlRows<{ id: number }>(`select id from users where email = 'will.harper@acme.example'`))[0]
        .id;
      const page = await newPage({ width });
      await signInAs(page, base, 'admin@example.com');
      const admin = [
        '/en-us/admin/permissions',
        `/en-us/admin/permissions/users/${user.id}`,
        `/en-us/admin/permissions/organisations/${acme}`,
        `/en-us/admin/permissions/users/${user.id}/remove?key=reports.view`,
      ];
      for (const path of admin) {
        await openScreen(page, base, path);
        await screenshot(page, `perm-${path.split('?')[0].replace(/\W+/g, '_')}-${width}`);
      }
      await page.context().clearCookies();
      await signInAs(page, base, 'buyer@acme.example');
      for (const path of [
        '/en-us/account',
        '/en-us/account/orders',
        '/en-us/account/addresses',
        '/en-us/account/organization/users',
        '/en-us/account/organization/users/add',
        `/en-us/account/organization/users/${will}/remove`,
      ]) {
        await openScreen(page, base, path);
        await screenshot(page, `perm-${path.replace(/\W+/g, '_')}-${width}`);
      }
      await page.context().clearCookies();
      await page.goto(`${base}/en-us/register?invite=not-a-real-invitation-token`);
      await checkScreen(page, 'register with an invalid invitation');
      await screenshot(page, `perm-register-invalid-${width}`);
      expect(page.problems).to.deep.equal([]);
      await page.close();
    });
  }
});
