/**
 * The spec's last landing rows in a real browser:
 * - spec §4: the side menu is grey over a section flagged dark, white otherwise;
 * - spec §4, §9: a video plays within 350 px of the viewport and pauses outside it;
 * - spec §3: the navigation's data flag `view` is 1 while its links are visible, 0 while folded.
 * No video file exists in a test run, so the test puts a spy on play() and pause() before the page
 * loads and reads which the page called (the page's own data-state says the same).
 */
import { expect } from 'chai';
import { axe, newPage, screenshot, type TestPage } from '../helpers/browser.ts';
import { testServer } from '../helpers/server.ts';

// A string: the test runner's transform would wrap named functions in a helper the page lacks.
const spyOnVideos = (page: TestPage) =>
  page.addInitScript(`
    window.videoCalls = [];
    HTMLMediaElement.prototype.play = function () { window.videoCalls.push('play:' + this.dataset.testid); return Promise.resolve(); };
    HTMLMediaElement.prototype.pause = function () { window.videoCalls.push('pause:' + this.dataset.testid); };
  `);
const videoCalls = (page: TestPage) => page.evaluate(() => (window as unknown as { videoCalls: string[] }).videoCalls);

/** Scrolls so the video's top edge is `below` px under the viewport's bottom edge (as a wheel would). */
async function videoTopBelowViewport(page: TestPage, below: number) {
  await page.evaluate((gap) => {
    const v = document.querySelector('[data-testid="landing-video"]')!;
    const top = v.getBoundingClientRect().top + window.scrollY;
    window.scrollTo({ top: top - window.innerHeight - gap, behavior: 'instant' });
  }, below);
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

describe('browser: the landing page’s menu colours and video', function () {
  this.timeout(120_000);
  let base: string;
  before(async () => {
    base = (await testServer()).url;
  });

  for (const width of [1280, 375]) {
    it(`at ${width} px: the menu is white over light sections and grey over the dark one; the video plays within 350 px and pauses beyond`, async () => {
      const page = await newPage({ width, height: 800 });
      await spyOnVideos(page);
      await page.goto(`${base}/en-us/`);
      await page.waitForSelector('[data-testid="to-top"]', { state: 'attached' });
      const menu = page.getByRole('navigation', { name: 'On this page' });
      const background = () => menu.evaluate((el) => getComputedStyle(el).backgroundColor);

      // Featured products (a light section): the menu is white.
      expect(await menu.getAttribute('data-menu-colour')).to.equal('white');
      expect(await background()).to.equal('rgb(255, 255, 255)');

      // The dark Parts section: grey.
      await menu.getByRole('link', { name: 'Parts' }).click();
      await page.waitForFunction(
        () => document.querySelector('.side-menu a[aria-current="true"]')?.getAttribute('href') === '#parts',
      );
      await page.waitForFunction(
        () => document.querySelector('.side-menu')?.getAttribute('data-menu-colour') === 'grey',
      );
      await page.waitForFunction(
        () => getComputedStyle(document.querySelector('.side-menu')!).backgroundColor === 'rgb(223, 227, 225)',
      );
      await screenshot(page, `landing-menu-grey-${width}`);

      // Back up to the light Planters section: white again.
      await menu.getByRole('link', { name: 'Planters' }).click();
      await page.waitForFunction(
        () => document.querySelector('.side-menu a[aria-current="true"]')?.getAttribute('href') === '#planters',
      );
      await page.waitForFunction(
        () => document.querySelector('.side-menu')?.getAttribute('data-menu-colour') === 'white',
      );

      // The video in "In the field": not asked to play while it is more than 350 px away.
      const video = page.getByRole('region', { name: 'In the field' }).locator('video');
      expect(await video.getAttribute('aria-label')).to.equal('Video: a four-row vacuum planter set up and planting');
      // (Viewing Parts, just above it, played it; back at Planters it paused: start counting here.)
      expect(await videoCalls(page)).to.deep.equal(['play:landing-video', 'pause:landing-video']);
      await page.evaluate(() => (window as unknown as { videoCalls: string[] }).videoCalls.splice(0));
      await videoTopBelowViewport(page, 500);
      expect(await videoCalls(page)).to.deep.equal([]);
      expect(await video.getAttribute('data-state')).to.equal('paused');
      // 200 px below the viewport (not yet on screen, within 350): it plays, once.
      await videoTopBelowViewport(page, 200);
      await page.waitForFunction(
        () => document.querySelector('[data-testid="landing-video"]')?.getAttribute('data-state') === 'playing',
      );
      await videoTopBelowViewport(page, 150);
      expect(await videoCalls(page)).to.deep.equal(['play:landing-video']);
      // Scrolled back, 400 px below: it pauses.
      await videoTopBelowViewport(page, 400);
      await page.waitForFunction(
        () => document.querySelector('[data-testid="landing-video"]')?.getAttribute('data-state') === 'paused',
      );
      expect(await videoCalls(page)).to.deep.equal(['play:landing-video', 'pause:landing-video']);
      // In view it plays again; back at the top of the page it pauses.
      await video.scrollIntoViewIfNeeded();
      await page.waitForFunction(
        () => document.querySelector('[data-testid="landing-video"]')?.getAttribute('data-state') === 'playing',
      );
      await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
      await page.waitForFunction(
        () => document.querySelector('[data-testid="landing-video"]')?.getAttribute('data-state') === 'paused',
      );
      expect(await videoCalls(page)).to.deep.equal([
        'play:landing-video',
        'pause:landing-video',
        'play:landing-video',
        'pause:landing-video',
      ]);

      await video.scrollIntoViewIfNeeded();
      await screenshot(page, `landing-video-${width}`);
      expect(await axe(page)).to.deep.equal([]);
      expect(page.problems).to.deep.equal([]);
      await page.close();
    });
  }

  it('the main navigation’s view flag: 1 on a wide screen; on a phone 0 until Menu opens it, 0 again after Escape', async () => {
    const page = await newPage({ width: 1280, height: 800 });
    await page.goto(`${base}/en-us/`);
    const nav = page.getByRole('navigation', { name: 'Menu' });
    await page.waitForFunction(() => document.getElementById('main-nav')?.getAttribute('data-view') === '1');
    expect(await nav.getByRole('link', { name: 'Products', exact: true }).isVisible()).to.equal(true);
    await page.setViewportSize({ width: 375, height: 800 });
    await page.waitForFunction(() => document.getElementById('main-nav')?.getAttribute('data-view') === '0');
    const menu = page.getByRole('button', { name: 'Menu' });
    await menu.click();
    await page.waitForFunction(() => document.getElementById('main-nav')?.getAttribute('data-view') === '1');
    expect(await nav.getByRole('link', { name: 'Products', exact: true }).isVisible()).to.equal(true);
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => document.getElementById('main-nav')?.getAttribute('data-view') === '0');
    expect(await nav.isVisible()).to.equal(false);
    expect(page.problems).to.deep.equal([]);
    await page.close();
  });
});
