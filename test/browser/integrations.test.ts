/**
 * Integrations, system services and the log in Chromium: an admin creates a webhook on screen,
 * copies the secret shown once, sends a test delivery to a local receiver (verified with
 * standardwebhooks) and sees it listed; a failing receiver's retries are listed attempt by
 * attempt; axe finds no serious or critical violation at 1280 and 375 px on each screen.
 */
import { expect } from 'chai';
import { Webhook } from 'standardwebhooks';
import { axe, newPage, requireChromium, type TestPage } from '../helpers/browser.ts';
import { DEMO_PASSWORD } from '../helpers/http.ts';
import { testServer } from '../helpers/server.ts';
import { startReceiver, type Receiver } from '../helpers/webhook-receiver.ts';

let base: string;
const SHOTS = process.env.HOOKS_SHOTS; // a folder: screenshots of each screen at both widths

const open: TestPage[] = [];
/** A fresh page, closed after the test: a page left open could rotate the shared context's CSRF cookie under the next test's sign-in. */
async function freshPage(): Promise<TestPage> {
  const page = await newPage();
  open.push(page);
  return page;
}

async function signInAs(page: TestPage, email: string) {
  await page.goto(`${base}/en-us/login`);
  await page.fill('input[name="email"]', email);
  await page.fill('input[name="password"]', DEMO_PASSWORD);
  await Promise.all([
    page.waitForURL((u) => !u.pathname.endsWith('/login')),
    page.click('[data-testid="login-form"] [type="submit"]'),
  ]);
}

/** Waits (in the database) until every delivery to `url` has `status`, so the page is loaded once, not polled. */
async function deliveriesTo(url: string, status: string, ms = 30_000) {
  const until = Date.now() + ms;
  for (;;) {
    const { rows } = await (await testServer()).database.pool.query<{ status: string }>(
      'select d.status from webhook_deliveries d join webhooks w on w.id = d.webhook_id where w.url = $1',
      [url],
    );
    if (rows.length && rows.every((r) => r.status === status)) return;
    if (Date.now() > until) throw new Error(`deliveries to ${url}: ${JSON.stringify(rows)}, expected ${status}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function createOnScreen(page: TestPage, url: string, events: string[]) {
  await page.goto(`${base}/en-us/account/dashboard/integrations`);
  await page.getByTestId('new-webhook').first().click();
  await page.getByLabel('URL').fill(url);
  for (const e of events) await page.getByTestId(`event-${e}`).check();
  await Promise.all([page.waitForNavigation(), page.getByTestId('webhook-save').click()]);
  const secret = await page.getByTestId('webhook-secret').inputValue();
  expect(secret).to.match(/^whsec_/);
  await Promise.all([page.waitForNavigation(), page.getByTestId('webhook-continue').click()]);
  return secret;
}

describe('browser: integrations, system services, log', function () {
  this.timeout(120_000);
  let rec: Receiver;
  before(async function () {
    requireChromium(this);
    base = (await testServer()).url;
    rec = await startReceiver();
  });
  afterEach(async () => {
    for (const p of open.splice(0)) await p.close().catch(() => undefined);
  });
  after(async () => rec?.close());

  it('an admin creates a webhook on screen, sends a test delivery and sees it delivered in the log', async () => {
    const page = await freshPage();
    await signInAs(page, 'admin@example.com');
    const secret = await createOnScreen(page, rec.url, ['order.created', 'inventory.changed']);
    expect(await page.getByTestId('secret-hint').textContent()).to.equal(`whsec_…${secret.slice(-4)}`);
    expect(await page.content()).not.to.include(secret);
    await Promise.all([page.waitForNavigation(), page.getByTestId('webhook-test').click()]);
    const [got] = await rec.waitFor((r) => r.length >= 1);
    expect((new Webhook(secret).verify(got.body, got.headers) as { type: string }).type).to.equal('webhook.test');
    // The log lists it once the attempt is recorded.
    await deliveriesTo(rec.url, 'delivered');
    await page.reload();
    const row = page.locator('[data-testid="delivery"]').first();
    expect(await row.getAttribute('data-status')).to.equal('delivered');
    expect(await row.getAttribute('data-event')).to.equal('webhook.test');
    expect(await row.locator('[data-testid="attempt"]').count()).to.equal(1);
    expect(await row.locator('[data-testid="attempt"]').first().textContent()).to.match(/200[\s\S]*\d+ ms/);
    expect(page.problems).to.deep.equal([]);
  });

  it('a failing receiver is retried and every attempt is listed; a failed delivery offers replay', async () => {
    const failing = await startReceiver();
    failing.answer = () => 500;
    try {
      const page = await freshPage();
      await signInAs(page, 'admin@example.com');
      await createOnScreen(page, failing.url, ['product.changed']);
      await Promise.all([page.waitForNavigation(), page.getByTestId('webhook-test').click()]);
      await failing.waitFor((r) => r.length >= 3);
      await deliveriesTo(failing.url, 'failed');
      await page.reload();
      const row = page.locator('[data-testid="delivery"]').first();
      expect(await row.getAttribute('data-status')).to.equal('failed');
      const attempts = await row.locator('[data-testid="attempt"]').allTextContents();
      expect(attempts).to.have.length(3); // maxAttempts of the test app
      for (const a of attempts) expect(a).to.match(/500/);
      failing.answer = () => 200;
      await Promise.all([page.waitForNavigation(), row.getByTestId('delivery-replay').click()]);
      await failing.waitFor((r) => r.length >= 4);
      expect(page.problems).to.deep.equal([]);
    } finally {
      await failing.close();
    }
  });

  for (const width of [1280, 375]) {
    it(`axe: no serious or critical violation on integrations, a webhook, services and the log at ${width} px`, async () => {
      const page = await freshPage();
      await signInAs(page, 'admin@example.com'); // at the default width: the sign-in form's button is the first submit there
      await page.setViewportSize({ width, height: 900 });
      const { rows } = await (await testServer()).database.pool.query<{ id: number }>(
        'select id from webhooks where url = $1 order by id desc limit 1',
        [rec.url],
      );
      const screens: [string, string][] = [
        ['integrations', '/en-us/account/dashboard/integrations'],
        ['webhook', `/en-us/account/dashboard/integrations/${rows[0]?.id ?? 1}`],
        ['webhook-new', '/en-us/account/dashboard/integrations/new'],
        ['services', '/en-us/admin/services'],
        ['logs', '/en-us/admin/logs'],
        ['logs-empty', '/en-us/admin/logs?from=1990-01-01&to=1990-01-01'],
      ];
      for (const [name, path] of screens) {
        const res = await page.goto(`${base}${path}`);
        expect(res?.status(), path).to.equal(200);
        expect(new URL(page.url()).pathname, 'still signed in, on the screen asked for').to.equal(path.split('?')[0]);
        expect(await page.getByTestId('page-header').count(), path).to.equal(1);
        expect(await axe(page), `${path} at ${width}px`).to.deep.equal([]);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${path} scrolls sideways at ${width}px`).to.be.at.most(1);
        if (SHOTS) await page.screenshot({ path: `${SHOTS}/hooks-${name}-${width}.png`, fullPage: true });
      }
      expect(page.problems).to.deep.equal([]);
    });
  }
});
