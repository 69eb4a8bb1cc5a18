/**
 * Parts and translation failures in a real browser:
 * - spec §8: parts failures and translation load/save failures are thrown and logged only (the
 *   console), never an alert, and the page stays usable;
 * - item 12: a translation saved in the editor shows on the page at once, without leaving it.
 */
import { expect } from 'chai';
import { axe, hydrated, newPage, screenshot, type TestPage } from '../helpers/browser.ts';
import { productIdByStockcode, testServer } from '../helpers/server.ts';
import { DEMO_PASSWORD } from '../helpers/http.ts';

async function signInAs(page: TestPage, base: string, email: string) {
  await page.goto(`${base}/en-us/login`);
  await page.getByTestId('login-form').locator('input[name=email]').fill(email);
  await page.getByTestId('login-form').locator('input[name=password]').fill(DEMO_PASSWORD);
  await Promise.all([page.waitForNavigation(), page.getByTestId('login-submit').click()]);
}

/** Resolves with the first console error whose text starts with `prefix`. */
const consoleError = (page: TestPage, prefix: string) =>
  page.waitForEvent('console', {
    predicate: (m) => m.type() === 'error' && m.text().startsWith(prefix),
    timeout: 10_000,
  });
const alerts = (page: TestPage) => page.locator('[data-testid="alert"]');
const FAIL = {
  status: 500,
  contentType: 'application/json',
  body: '{"error":{"code":"server_error","message":"Something went wrong on our side.","fields":{}}}',
};

describe('browser: failures logged only, saved text shown at once', function () {
  this.timeout(180_000);
  let base: string;
  before(async () => {
    base = (await testServer()).url;
  });

  for (const width of [1280, 375]) {
    it(`parts at ${width} px: a callout or part that fails to load is logged, no alert; the next try works`, async () => {
      const page = await newPage({ width, height: 900 });
      await page.goto(`${base}/en-us/products/${await productIdByStockcode('PL-4RV')}`);
      await page.getByTestId('diagram-link').first().click();
      await page.waitForSelector('[data-testid="parts-map"][data-ready="true"]', { timeout: 15_000 });

      const callouts = '**/parts/*/callout/*';
      await page.route(callouts, (r) => r.fulfill(FAIL));
      const logged = consoleError(page, 'parts: callout failed');
      await page.getByRole('button', { name: /^callout 1 — / }).click();
      await logged;
      await page.waitForTimeout(300); // an alert, if any, would be on the page by now
      expect(await alerts(page).count()).to.equal(0);
      expect(await page.getByTestId('parts-panel').getAttribute('aria-busy')).to.equal(null);
      await page.unroute(callouts);

      await page.getByRole('button', { name: /^callout 1 — / }).click();
      const list = page.locator('[data-testid="parts-panel"] [data-testid="callout-parts"][data-callout="1"]');
      await list.waitFor();
      const parts = '**/parts/*/part/*';
      await page.route(parts, (r) => r.fulfill(FAIL));
      const partLogged = consoleError(page, 'parts: part failed');
      await list.getByRole('button', { name: 'Add to cart…' }).first().click();
      await partLogged;
      await page.waitForTimeout(300);
      expect(await alerts(page).count()).to.equal(0);
      expect(await page.getByTestId('part-modal').isVisible()).to.equal(false);
      await page.unroute(parts);
      await list.getByRole('button', { name: 'Add to cart…' }).first().click();
      await page.getByTestId('part-modal').getByTestId('part-add-form').waitFor();
      expect(await axe(page)).to.deep.equal([]);
      expect(page.problems).to.deep.equal([]);
      await page.close();
    });
  }

  for (const [width, locale, save, text] of [
    [1280, 'es-mx', 'Guardar', 'Una sembradora de cuatro surcos, lista para sembrar en una mañana.'],
    [375, 'fr-ca', 'Enregistrer', 'Un semoir à quatre rangs, prêt à semer en une matinée.'],
  ] as const) {
    it(`translations on ${locale} at ${width} px: a failed open or save is logged only; a saved text shows on the page at once`, async () => {
      const page = await newPage({ width, height: 900 });
      await signInAs(page, base, 'admin@example.com');
      await page.goto(`${base}/${locale}/`);
      await hydrated(page);
      await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true)); // gone if the page is left
      const body = page.getByTestId('landing-field-body');
      const before = await body.innerText();
      const edit = body.getByRole('link', { name: /: landing\.section\.field\.body$/ });
      const dialog = page.getByTestId('tr-dialog');

      // Opening fails: logged, no alert, the dialog stays closed.
      const entry = '**/translation/ui%3Alanding.section.field.body?**';
      await page.route(entry, (r) => r.fulfill(FAIL));
      const loadLogged = consoleError(page, 'translation: load failed');
      await edit.click();
      await loadLogged;
      await page.waitForTimeout(300);
      expect(await alerts(page).count()).to.equal(0);
      expect(await dialog.isVisible()).to.equal(false);
      await page.unroute(entry);

      // Opens; saving fails: logged, no alert, the typed text kept and Save usable again.
      await edit.click();
      await dialog.waitFor({ state: 'visible' });
      await page.getByTestId('tr-value').fill(text);
      const saveUrl = (u: URL) => u.pathname === '/translation/ui%3Alanding.section.field.body';
      await page.route(saveUrl, (r) => (r.request().method() === 'POST' ? r.fulfill(FAIL) : r.continue()));
      const saveLogged = consoleError(page, 'translation: save failed');
      await dialog.getByRole('button', { name: save, exact: true }).click();
      await saveLogged;
      await page.waitForTimeout(300);
      expect(await alerts(page).count()).to.equal(0);
      expect(await page.getByTestId('tr-value').inputValue()).to.equal(text);
      expect(await dialog.getByRole('button', { name: save, exact: true }).isEnabled()).to.equal(true);
      expect(await body.innerText()).to.equal(before);
      await page.unroute(saveUrl);

      // Saved: the landing section shows the new words right away, on the same page.
      await dialog.getByRole('button', { name: save, exact: true }).click();
      await page.getByTestId('tr-saved').filter({ hasText: '✓' }).waitFor();
      await page.waitForFunction(
        (t) => document.querySelector('[data-testid="landing-field-body"]')?.textContent?.includes(t),
        text,
      );
      expect(await body.innerText()).to.match(new RegExp(`^${text}\n`)); // then the edit link's words
      expect(await body.getByRole('link', { name: /: landing\.section\.field\.body$/ }).count()).to.equal(1); // the edit link stays
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).to.equal(true);
      await body.scrollIntoViewIfNeeded();
      await screenshot(page, `translation-saved-on-page-${locale}-${width}`);
      expect(await axe(page)).to.deep.equal([]);
      expect(page.problems).to.deep.equal([]);
      await page.close();
    });
  }
});
