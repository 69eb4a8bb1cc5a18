/**
 * Tables and charts that were cut, as staff meet them: at 1280 px the order
 * report's Unpaid column and, in French, the promotions' Edit buttons; on a 375 px phone the
 * dashboard's recent-order totals and the top-products chart's axis labels. Each table sits in a
 * named region a keyboard can focus (and scroll, were it ever wider), and the named cell or button
 * is on screen without scrolling.
 */
import { expect } from 'chai';
import type { Locator } from 'playwright-core';
import { axe, hydrated, newPage, requireChromium, screenshot } from '../helpers/browser.ts';
import { testServer } from '../helpers/server.ts';
import { type SignInWords, signInFrom } from '../helpers/sign-in-page.ts';

type Words = SignInWords;
const ENGLISH: Words = { signIn: 'Sign in', email: 'Email', password: 'Password' };
const FRENCH: Words = { signIn: 'Se connecter', email: 'Courriel', password: 'Mot de passe' };

/** The region is a keyboard stop, and nothing in it lies beyond its right edge (it need not scroll). */
async function fitsItsRegion(region: Locator) {
  expect(await region.getAttribute('tabindex'), 'the region takes focus').to.equal('0');
  const { scroll, client } = await region.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
  expect(scroll, `the table is ${scroll} px in a ${client} px box`).to.be.at.most(client);
}

/** The element's right edge is inside both the region and the window. */
async function onScreen(target: Locator, region: Locator, width: number) {
  const box = (await target.boundingBox())!;
  const room = (await region.boundingBox())!;
  expect(box.x + box.width, `${target}`).to.be.at.most(Math.min(room.x + room.width, width) + 0.5);
}

describe('browser: tables and charts that fit', function () {
  this.timeout(120_000);
  let base: string;
  before(async function () {
    requireChromium(this);
    base = (await testServer()).url;
  });

  it("1280 px: the order report's Unpaid column is on screen, in the totals too", async () => {
    const page = await newPage({ width: 1280, height: 900 });
    await signInFrom(page, base, 'en-us', 'admin@example.com', ENGLISH);
    await Promise.all([
      page.waitForNavigation(),
      page.getByTestId('admin-nav').getByRole('link', { name: 'Reports' }).click(),
    ]);
    await Promise.all([page.waitForNavigation(), page.getByRole('link', { name: /Order report/ }).click()]);
    const region = page.getByRole('region', { name: 'Order report' });
    await region.waitFor();
    await fitsItsRegion(region);
    const table = region.getByRole('table');
    const headers = await table.getByRole('columnheader').allTextContents();
    expect(headers.map((h) => h.trim())).to.deep.equal([
      'Day',
      'Orders',
      'Subtotal',
      'Discount',
      'Shipping',
      'Tax',
      'Total',
      'Fees',
      'Paid',
      'Unpaid',
    ]);
    await onScreen(table.getByRole('columnheader', { name: 'Unpaid' }), region, 1280);
    await onScreen(
      table
        .getByRole('row', { name: /^Totals/ })
        .getByRole('cell')
        .last(),
      region,
      1280,
    );
    expect(await axe(page)).to.deep.equal([]);
    await screenshot(page, 'tables-order-report-1280');
    expect(page.problems).to.deep.equal([]);
    await page.close();
  });

  it("1280 px in French: every promotion's Modifier button is on screen", async () => {
    const page = await newPage({ width: 1280, height: 900 });
    await signInFrom(page, base, 'fr-ca', 'admin@example.com', FRENCH);
    await Promise.all([
      page.waitForNavigation(),
      page.getByTestId('admin-nav').getByRole('link', { name: 'Promotions' }).click(),
    ]);
    const region = page.getByRole('region', { name: 'Promotions' });
    await region.waitFor();
    await fitsItsRegion(region);
    const edits = region.getByRole('link', { name: /^Modifier : |^Modifier: / });
    // The four demo promotions, and any another suite added: one button per row.
    expect(await edits.count())
      .to.be.at.least(4)
      .and.equal((await region.getByRole('row').count()) - 1);
    for (const edit of await edits.all()) await onScreen(edit, region, 1280);
    expect(await axe(page)).to.deep.equal([]);
    await screenshot(page, 'tables-promotions-fr-ca-1280');
    expect(page.problems).to.deep.equal([]);
    await page.close();
  });

  for (const [locale, words, recent, products] of [
    ['en-us', ENGLISH, 'Recent orders', 'Top products'],
    ['fr-ca', FRENCH, 'Commandes récentes', 'Meilleurs produits'],
  ] as const) {
    it(`375 px (${locale}): the dashboard's recent-order totals and the top-products chart's labels stay on the phone`, async () => {
      const page = await newPage({ width: 375, height: 800 });
      await signInFrom(page, base, locale, 'admin@example.com', words);
      await hydrated(page);
      // The card and its table's scroll box share the name; the box is the one that scrolls.
      const region = page.getByRole('region', { name: recent }).and(page.locator('.table-wrap'));
      await region.waitFor();
      await fitsItsRegion(region);
      const totals = region
        .getByRole('row')
        .filter({ has: page.getByRole('cell') })
        .locator('td:last-child');
      expect(await totals.count()).to.be.greaterThan(0);
      for (const total of await totals.all()) await onScreen(total, region, 375);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).to.be.at.most(375);
      // The chart says what each axis drew and the room it had: every bar's name fits beside the bars,
      // and the amounts under them fit side by side (level, none off the canvas).
      const chart = page.getByRole('img', { name: products });
      await page.waitForFunction((el) => !!el?.getAttribute('data-axes'), await chart.elementHandle(), {
        timeout: 15_000,
      });
      const drawn = JSON.parse((await chart.getAttribute('data-axes'))!) as {
        category: string;
        axes: { id: string; labels: string[]; left: number; right: number; width: number }[];
      };
      const widths = (labels: string[]) =>
        page.evaluate((ls: string[]) => {
          const ctx = document.createElement('canvas').getContext('2d')!;
          ctx.font = '12px "Helvetica Neue", Helvetica, Arial, sans-serif'; // Chart.js's default tick font
          return ls.map((l) => ctx.measureText(l).width);
        }, labels);
      const names = drawn.axes.find((a) => a.id === drawn.category)!;
      const amounts = drawn.axes.find((a) => a.id !== drawn.category)!;
      expect(names.labels).to.have.length(10);
      expect(names.left).to.be.at.least(0);
      for (const [i, w] of (await widths(names.labels)).entries())
        expect(w, names.labels[i]).to.be.at.most(names.width);
      const amountWidths = await widths(amounts.labels);
      expect(
        amountWidths.reduce((s, w) => s + w, 0),
        amounts.labels.join(' | '),
      ).to.be.at.most(amounts.width);
      expect(await axe(page)).to.deep.equal([]);
      await screenshot(page, `tables-dashboard-${locale}-375`);
      expect(page.problems).to.deep.equal([]);
      await page.close();
    });
  }
});
