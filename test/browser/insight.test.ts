/**
 * Back office insight in a real browser: the dashboard charts drawn from demo data match their
 * tables, an order report filtered by channel and month adds up and its CSV download carries the
 * same totals, a calendar event made in the editor shows in the month view; axe at 1280 and 375 px.
 */
import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import { axe, hydrated, newPage, screenshot, type TestPage } from '../helpers/browser.ts';
import { testServer } from '../helpers/server.ts';
import { DEMO_PASSWORD } from '../helpers/http.ts';

async function signInAs(page: TestPage, base: string, email: string) {
  await page.goto(`${base}/en-us/login`);
  await page.getByTestId('login-form').locator('input[name=email]').fill(email);
  await page.getByTestId('login-form').locator('input[name=password]').fill(DEMO_PASSWORD);
  await Promise.all([page.waitForNavigation(), page.getByTestId('login-submit').click()]);
}

const cents = (v: string | null | undefined) => Math.round(Number(v ?? 0) * 100);

describe('browser: back office insight', function () {
  this.timeout(120_000);
  let base: string;
  before(async () => {
    base = (await testServer()).url;
  });

  it('the dashboard charts render with demo data and each table holds the drawn numbers', async () => {
    const page = await newPage({ width: 1280 });
    await signInAs(page, base, 'admin@example.com');
    // Every script the dashboard fetches (the resource timing buffer can fill up; requests are all seen).
    const fetched: string[] = [];
    page.on('request', (r) => void fetched.push(r.url()));
    await page.goto(`${base}/account/dashboard?period=730`);
    await hydrated(page);
    for (const id of ['sales', 'status', 'products', 'outstanding', 'aov']) {
      const canvas = page.getByTestId(`chart-canvas-${id}`);
      await canvas.waitFor();
      await page.waitForFunction((el) => el?.getAttribute('data-rendered') === 'true', await canvas.elementHandle(), {
        timeout: 15_000,
      });
      const drawn = JSON.parse((await canvas.getAttribute('data-values')) ?? '[]') as number[][];
      expect(drawn[0].length, id).to.be.greaterThan(0);
      // The canvas is really painted (some pixel is not transparent).
      const painted = await canvas.evaluate((c: HTMLCanvasElement) => {
        const d = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
        for (let i = 3; i < d.length; i += 4) if (d[i] > 0) return true;
        return false;
      });
      expect(painted, `${id} painted`).to.equal(true);
      const table = page.getByTestId(`chart-table-${id}`);
      const cells = await table
        .locator('tbody tr')
        .evaluateAll((rows) =>
          rows.map((r) => [...r.querySelectorAll('td')].map((td) => Number(td.getAttribute('data-value')))),
        );
      expect(cells.length, id).to.equal(drawn[0].length);
      drawn.forEach((series, s) =>
        expect(
          cells.map((row) => row[s]),
          `${id} series ${s}`,
        ).to.deep.equal(series),
      );
    }
    // The sales chart's money adds up to the sales figure above it.
    const salesCells = await page
      .getByTestId('chart-table-sales')
      .locator('tbody tr td:first-of-type')
      .evaluateAll((tds) => tds.map((td) => td.getAttribute('data-value')));
    const kpi = await page.getByTestId('kpi-sales').textContent();
    const sum = salesCells.reduce((n, v) => n + cents(v), 0);
    expect(Number(kpi!.replace(/[^0-9.]/g, ''))).to.be.closeTo(sum / 100, 0.001);
    // Chart.js is a chunk of the dashboard's own: the storefront never loads it.
    const scripts = fetched.filter((n) => n.includes('/build/'));
    expect(
      scripts.some((s) => /chart|auto/i.test(s)),
      scripts.join(' '),
    ).to.equal(true);
    const store = await newPage();
    const storeScripts: string[] = [];
    store.on('request', (r) => void storeScripts.push(r.url()));
    await store.goto(`${base}/en-us/products`);
    await store.waitForLoadState('networkidle');
    expect(storeScripts.some((s) => /\/chunks\/auto-/i.test(s))).to.equal(false);
    await store.close();
    expect(page.problems).to.deep.equal([]);
    await page.close();
  });

  it('an order report filtered by channel and month: totals equal the sum of the rows, and the CSV holds the same totals', async () => {
    const page = await newPage({ width: 1280 });
    await signInAs(page, base, 'staff@example.com');
    await page.goto(`${base}/en-us/account/dashboard/reports`);
    await Promise.all([page.waitForNavigation(), page.getByTestId('report-link-orders').click()]);
    const form = page.getByTestId('report-filters');
    await form.locator('input[name=from]').fill('03/01/26');
    await form.locator('input[name=to]').fill('03/31/26');
    await page.getByTestId('filter-channel').selectOption('CA');
    await page.getByTestId('filter-group').selectOption('day');
    await Promise.all([page.waitForNavigation(), page.getByTestId('report-apply').click()]);
    expect(page.url()).to.include('channel=CA');
    const rows = page.getByTestId('report-row');
    expect(await rows.count()).to.be.greaterThan(0);
    const totals: Record<string, number> = {};
    for (const col of ['subtotal', 'discount', 'shipping', 'tax', 'total', 'paid', 'unpaid']) {
      const values = await rows
        .locator(`td[data-col=${col}]`)
        .evaluateAll((tds) => tds.map((td) => td.getAttribute('data-value')));
      const total = await page.getByTestId('report-totals').locator(`td[data-col=${col}]`).getAttribute('data-value');
      expect(
        values.reduce((n, v) => n + cents(v), 0),
        col,
      ).to.equal(cents(total));
      totals[col] = cents(total);
    }
    expect(await page.getByTestId('report-totals').locator('td[data-col=total]').textContent()).to.match(/\$|CA/);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('report-csv').click()]);
    const csv = readFileSync((await download.path())!, 'utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
      .map((l) => l.split(','));
    const header = csv[0];
    const last = csv[csv.length - 1];
    expect(last[0]).to.equal('Totals');
    expect(csv.length - 2).to.equal(await rows.count());
    for (const [col, label] of [
      ['total', 'Total'],
      ['paid', 'Paid'],
      ['unpaid', 'Unpaid'],
      ['tax', 'Tax'],
      ['shipping', 'Shipping'],
    ]) {
      const i = header.findIndex((h) => h.startsWith(`${label} (CAD)`));
      expect(i, label).to.be.greaterThan(0);
      expect(cents(last[i]), label).to.equal(totals[col]);
    }
    await page.close();
  });

  it('a calendar event created in the editor shows in the month view; unsaved changes ask before leaving; deleting asks first', async () => {
    const page = await newPage({ width: 1280 });
    await signInAs(page, base, 'staff@example.com');
    await page.goto(`${base}/en-us/account/dashboard/calendar?view=month&date=2026-07-01`);
    await hydrated(page);
    expect(await page.getByTestId('cal-heading').textContent()).to.equal('July 2026');
    // Sunday first (spec §9).
    expect((await page.locator('.cal-month thead th').first().textContent())?.trim()).to.equal('Sun');
    await page.getByTestId('cal-new').click();
    const dialog = page.getByTestId('cal-dialog');
    await dialog.locator('input[name=title]').fill('Seed plate workshop');
    await dialog.locator('input[name=date]').fill('7/14/26');
    await dialog.locator('input[name=start]').fill('14:30');
    await dialog.locator('input[name=end]').fill('16:00');
    // The nav warning: following a link with unsaved changes asks first; "Stay" keeps the form.
    await page.keyboard.press('Escape');
    await page.getByTestId('nav-warning').waitFor({ state: 'visible' });
    await page.getByTestId('nav-warning-stay').click();
    expect(await dialog.locator('input[name=title]').inputValue()).to.equal('Seed plate workshop');
    await Promise.all([page.waitForNavigation(), page.getByTestId('cal-save').click()]);
    await hydrated(page);
    const cell = page.locator('td[data-day="2026-07-14"]');
    const chip = cell.getByTestId('cal-event').filter({ hasText: 'Seed plate workshop' });
    expect(await chip.count()).to.equal(1);
    expect(await chip.textContent()).to.include('2:30 pm');

    // Edit: move it to the 16th by its date; then delete it after confirming.
    await chip.click();
    await dialog.locator('input[name=date]').fill('07/16/2026');
    await Promise.all([page.waitForNavigation(), page.getByTestId('cal-save').click()]);
    await hydrated(page);
    expect(await page.locator('td[data-day="2026-07-14"]').getByText('Seed plate workshop').count()).to.equal(0);
    const moved = page
      .locator('td[data-day="2026-07-16"]')
      .getByTestId('cal-event')
      .filter({ hasText: 'Seed plate workshop' });
    await moved.click();
    await page.getByTestId('cal-delete').click();
    await page.getByTestId('cal-confirm-delete').waitFor({ state: 'visible' });
    expect(await page.getByTestId('cal-confirm-delete').textContent()).to.include('Seed plate workshop');
    await Promise.all([page.waitForNavigation(), page.getByTestId('cal-delete-yes').click()]);
    await hydrated(page);
    expect(await page.getByText('Seed plate workshop').count()).to.equal(0);
    expect(page.problems).to.deep.equal([]);
    await page.close();
  });

  for (const width of [1280, 375]) {
    it(`insight screens at ${width} px: no serious axe violations, no sideways scroll`, async () => {
      const page = await newPage({ width });
      await signInAs(page, base, 'admin@example.com');
      for (const path of [
        '/account/dashboard',
        '/en-us/account/dashboard/reports',
        '/en-us/account/dashboard/reports/orders?channel=US&group=week',
        '/fr-ca/account/dashboard/reports/orders?group=product',
        '/es-mx/account/dashboard/reports/surveys?from=01/01/25&group=month',
        '/en-us/account/dashboard/calendar?view=month&date=2026-06-01',
        '/en-us/account/dashboard/calendar?view=week&date=2026-06-10',
        '/fr-ca/account/dashboard/calendar?view=agenda&date=2026-06-01',
      ]) {
        await page.goto(`${base}${path}`);
        await hydrated(page);
        expect(await axe(page), path).to.deep.equal([]);
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow, `${path} scrolls sideways`).to.be.at.most(0);
        await screenshot(page, `insight${path.replace(/\W+/g, '_')}-${width}`);
      }
      expect(page.problems).to.deep.equal([]);
      await page.close();
    });
  }
});
