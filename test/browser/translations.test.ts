/** The translation editor in a real browser (the "Done when"). */
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

const V1 = '<p>Des semoirs <strong>précis</strong> pour le Québec.</p>';
const V2 = '<p>Semoirs sous vide, de 4 à 24 rangs.</p>';

describe('browser: translation editor', function () {
  this.timeout(300_000);
  let base: string;
  before(async () => {
    base = (await testServer()).url;
  });

  it('staff edit a text in fr-ca with live lint, save it, customers see it, and an earlier version comes back', async () => {
    const page = await newPage();
    await signInAs(page, base, 'admin@example.com');
    await page.goto(`${base}/en-us/`);
    await hydrated(page);

    // The header's 'Text on this page (N)' button opens the drawer listing every text the page used
    // (header and footer included), each with its link.
    const drawer = page.getByTestId('page-text-panel');
    expect(await drawer.isVisible()).to.equal(false);
    await page.getByRole('button', { name: /^Text on this page \(\d+\)$/ }).click();
    await drawer.waitFor({ state: 'visible' });
    expect(await drawer.locator('[data-translation-key="ui:nav.products"]').count()).to.equal(1);
    await screenshot(page, 'page-text-drawer-1280');
    expect(await page.evaluate(() => !!document.activeElement?.closest('[data-testid="page-text-panel"]'))).to.equal(
      true,
    );
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).to.equal('page-text-button');

    // Open from the edit link beside the landing section's text: on an en-us page, the English text that page shows.
    await page.locator('[data-testid="landing-planters-body"] [data-translation-key]').click();
    const dialog = page.getByTestId('tr-dialog');
    await dialog.waitFor({ state: 'visible' });
    expect(await page.getByTestId('tr-code').inputValue()).to.equal('landing.section.planters.body');
    expect(await page.getByTestId('tr-field').inputValue()).to.equal('ui:landing.section.planters.body');
    expect(await page.getByTestId('tr-language').inputValue()).to.equal('en');
    expect(await page.getByTestId('tr-country').inputValue()).to.equal('');
    expect(await page.getByTestId('tr-value').inputValue()).to.equal(
      'Two- to twelve-row vacuum planters, configured to your spacing, with the seed plates you need.',
    );
    expect(await page.getByTestId('tr-version').inputValue()).to.equal('1');
    expect(await page.getByTestId('tr-new').count()).to.equal(0);
    expect(await page.locator('[data-testid="tr-language"] option[value="xx"]').count()).to.equal(0);
    expect(await page.getByTestId('tr-english').textContent()).to.include('vacuum'); // English reference text

    // Pick fr-ca: language fr, then country CA (no entry yet: empty value, a new entry).
    await page.getByTestId('tr-language').selectOption('fr');
    await page.waitForFunction(
      () => (document.querySelector('[data-testid="tr-value"]') as HTMLTextAreaElement).value !== '',
    );
    await page.getByTestId('tr-country').selectOption('CA');
    await page.waitForFunction(
      () => (document.querySelector('[data-testid="tr-value"]') as HTMLTextAreaElement).value === '',
    );
    expect(await page.getByTestId('tr-version').inputValue()).to.equal('0');

    // An unclosed tag shows a lint error; closing it clears the list.
    await page.getByTestId('tr-value').fill('<p>Des semoirs <strong>précis</strong> pour le Québec.');
    await page.getByTestId('tr-error').first().waitFor();
    expect(await page.getByTestId('tr-error').first().textContent()).to.match(
      /^Line 1, Col 55: Tag must be paired, missing: \[ <\/p> \]/,
    );
    expect(await axe(page), 'axe 1280 with the editor open').to.deep.equal([]);
    await page.getByTestId('tr-value').fill(V1);
    // The linter runs after the lazily loaded module answers: wait for the list to go, then check it stays gone.
    await page.getByTestId('tr-errors').waitFor({ state: 'detached' });
    expect(await page.getByTestId('tr-errors').count()).to.equal(0);

    // The machine-translate button without TRANSLATE_API_KEY: the offline translator gives the catalogue's French, labelled offline.
    await page.getByTestId('tr-machine').click();
    await page
      .getByText('Offline translation: only the interface’s own words were translated. Check the text before saving.')
      .waitFor();
    expect(await page.getByTestId('tr-machine').isEnabled()).to.equal(true);
    expect(await page.getByTestId('tr-value').inputValue()).to.equal(
      'Semoirs pneumatiques de deux à douze rangs, configurés selon votre espacement.',
    );
    // A failing service: the spec's failure message, the text kept, and the button comes back enabled.
    await page.getByTestId('tr-value').fill(V1);
    const failing = '**/translation/*/fr';
    await page.route(failing, (r) =>
      r.fulfill({
        status: 502,
        contentType: 'application/json',
        body: '{"error":{"code":"translate_failed","message":"down","fields":{}}}',
      }),
    );
    await page.getByTestId('tr-machine').click();
    await page.getByText('An error occurred while fetching the translation. Please try again.').waitFor();
    await page.unroute(failing);
    expect(await page.getByTestId('tr-machine').isEnabled()).to.equal(true);
    expect(await page.getByTestId('tr-value').inputValue()).to.equal(V1);

    // Save: the indicator shows, the form refreshes to version 1.
    await page.getByTestId('tr-save').click();
    await page.getByTestId('tr-saved').filter({ hasText: 'Saved' }).waitFor();
    expect(await page.getByTestId('tr-version').inputValue()).to.equal('1');
    await screenshot(page, 'translation-editor-1280');

    // A second version, then the version dropdown brings the first back into the textarea.
    await page.getByTestId('tr-value').fill(V2);
    await page.getByTestId('tr-save').click();
    await page.waitForFunction(
      () => (document.querySelector('[data-testid="tr-version"]') as HTMLSelectElement).value === '2',
    );
    await page.getByTestId('tr-version').selectOption('1');
    expect(await page.getByTestId('tr-value').inputValue()).to.equal(V1);

    // The first pane previews English, rendered (in a sandboxed frame) or as raw HTML.
    const frame = await (await page.getByTestId('tr-pane-0-rendered').elementHandle())!.contentFrame();
    expect(await frame!.locator('body').innerText()).to.include('vacuum');
    await page.getByTestId('tr-pane-0-toggle').click();
    expect(await page.getByTestId('tr-pane-0-raw').textContent()).to.include('vacuum');

    // Compare pane: None at first, then an English version splits the panes in two.
    expect(await page.getByTestId('tr-pane-1-version').inputValue()).to.equal('none');
    expect(await page.getByTestId('tr-panes').getAttribute('class')).to.not.include('is-split');
    const englishVersions = await page.locator('[data-testid="tr-pane-1-version"] option').allTextContents();
    expect(englishVersions[0]).to.equal('None');
    expect(englishVersions.length).to.be.greaterThan(1);
    await page.getByTestId('tr-pane-1-version').selectOption({ index: 1 });
    expect(await page.getByTestId('tr-panes').getAttribute('class')).to.include('is-split');

    // Without a language nothing is sent.
    await page.getByTestId('tr-language').selectOption('');
    await page.getByTestId('tr-save').click();
    await page.getByText('Language is required').waitFor();

    await page.setViewportSize({ width: 375, height: 800 });
    expect(await axe(page), 'axe 375 with the editor open').to.deep.equal([]);
    await screenshot(page, 'translation-editor-375');
    expect(page.problems).to.deep.equal([]);
    await page.close();

    // A customer (fresh cookies) sees the saved text in fr-ca, sanitised, and no edit links.
    const customer = await newPage({ width: 375 });
    await signInAs(customer, base, 'customer@example.com');
    await customer.goto(`${base}/fr-ca/`);
    expect(await customer.getByTestId('landing-planters-body').innerHTML()).to.include(
      'Semoirs sous vide, de 4 à 24 rangs.',
    );
    expect(await customer.locator('[data-translation-key]').count()).to.equal(0);
    expect(await axe(customer), 'axe 375 customer page').to.deep.equal([]);
    await customer.setViewportSize({ width: 1280, height: 900 });
    expect(await axe(customer), 'axe 1280 customer page').to.deep.equal([]);
    expect(customer.problems).to.deep.equal([]);
    await customer.close();
  });
  it('on an fr-ca page the editor opens on the French text the page shows, its preview is styled, Save is in view', async () => {
    const page = await newPage();
    const blocked: string[] = [];
    page.on('console', (m) => /ERR_BLOCKED_BY_RESPONSE/.test(m.text()) && blocked.push(m.text()));
    page.on(
      'requestfailed',
      (r) =>
        /ERR_BLOCKED_BY_RESPONSE/.test(r.failure()?.errorText ?? '') &&
        blocked.push(`${r.url()} ${r.failure()?.errorText}`),
    );
    await signInAs(page, base, 'admin@example.com');
    await page.goto(`${base}/fr-ca/`);
    await hydrated(page);

    // The drawer: the header button by its French name, closed by its Close button; the focus comes back.
    const drawer = page.getByTestId('page-text-panel');
    const toggle = page.getByRole('button', { name: /^Textes de cette page \(\d+\)$/ });
    await toggle.click();
    await drawer.waitFor({ state: 'visible' });
    await drawer.getByRole('button', { name: 'Fermer' }).click();
    await drawer.waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).to.equal('page-text-button');

    // No fr-CA entry for the hero title: the page shows the French (all countries) entry, and so does the editor.
    await page
      .getByRole('heading', { level: 1 })
      .getByRole('link', { name: 'Modifier le texte: landing.hero.title' })
      .click();
    const dialog = page.getByTestId('tr-dialog');
    await dialog.waitFor({ state: 'visible' });
    expect(await page.getByTestId('tr-code').inputValue()).to.equal('landing.hero.title');
    expect(await page.getByTestId('tr-language').inputValue()).to.equal('fr');
    expect(await page.getByTestId('tr-country').inputValue()).to.equal('');
    expect(await page.getByTestId('tr-value').inputValue()).to.equal('Chaque rang, bien semé.');
    expect(await page.getByTestId('tr-version').inputValue()).to.equal('1');
    expect(await page.getByTestId('tr-new').count()).to.equal(0);

    // Save is within the window at 1280x900 without scrolling the dialog.
    const save = await page.getByTestId('tr-save').boundingBox();
    expect(save!.y).to.be.greaterThan(0);
    expect(save!.y + save!.height).to.be.at.most(900);

    // The sandboxed preview has the page's stylesheet (not the browser's default Times, black).
    const frame = (await (await page.getByTestId('tr-pane-0-rendered').elementHandle())!.contentFrame())!;
    // (the stylesheet loads after the frame: wait for it, then read what the body got)
    await frame
      .waitForFunction(() => getComputedStyle(document.body).fontFamily.includes('system-ui'), null, {
        timeout: 10_000,
      })
      .catch(() => undefined);
    const look = await frame.evaluate(() => ({
      font: getComputedStyle(document.body).fontFamily,
      color: getComputedStyle(document.body).color,
    }));
    expect(look.font).to.not.match(/Times/);
    expect(look.color).to.equal('rgb(29, 35, 32)');
    await screenshot(page, 'translation-editor-fr-1280');

    await page.setViewportSize({ width: 375, height: 800 });
    const small = await page.getByTestId('tr-save').boundingBox();
    expect(small!.y + small!.height).to.be.at.most(800);
    expect(small!.x + small!.width).to.be.at.most(375);
    expect(await axe(page), 'axe 375 editor fr-ca').to.deep.equal([]);
    await screenshot(page, 'translation-editor-fr-375');
    await page.getByTestId('tr-cancel').click();
    await dialog.waitFor({ state: 'hidden' });
    await page.setViewportSize({ width: 1280, height: 900 });

    expect(blocked).to.deep.equal([]);
    expect(page.problems).to.deep.equal([]);
    await page.close();
  });
  it('a text with no saved entry in the page’s language opens as a marked new entry that starts from the English text', async () => {
    const page = await newPage();
    await signInAs(page, base, 'admin@example.com');
    await page.goto(`${base}/en-us/`);
    await hydrated(page);
    // A product's English title lives in the product itself (no English translation row).
    await page.getByTestId('featured-products').getByRole('link').first().click();
    await hydrated(page);
    expect(await page.getByTestId('product-name').innerText()).to.match(/^Row Unit Rebuild Kit\n/);
    await page
      .getByTestId('product-name')
      .getByRole('link', { name: /^Edit text: product\.\d+\.title$/ })
      .click();
    await page.getByTestId('tr-dialog').waitFor({ state: 'visible' });
    expect(await page.getByTestId('tr-language').inputValue()).to.equal('en');
    expect(await page.getByTestId('tr-value').inputValue()).to.equal('Row Unit Rebuild Kit');
    expect(await page.getByTestId('tr-version').inputValue()).to.equal('0');
    expect(await page.getByTestId('tr-new').innerText()).to.equal('New entry');
    expect(await page.getByTestId('tr-new-hint').innerText()).to.equal(
      'No text in this language yet: the English text is filled in to start from. Saving creates the entry.',
    );
    expect(await axe(page), 'axe 1280 new entry').to.deep.equal([]);
    await screenshot(page, 'translation-editor-new-entry-1280');
    expect(page.problems).to.deep.equal([]);
    await page.close();
  });
  it('in the back office the closed drawer covers nothing; the header button opens it, Escape closes it', async () => {
    const page = await newPage();
    await signInAs(page, base, 'admin@example.com');
    await page.goto(`${base}/account/dashboard`);
    await hydrated(page);
    // Closed: the corner where the floating panel was shows the page (no page-text element anywhere on top).
    for (const [w, h] of [
      [1280, 900],
      [375, 800],
    ]) {
      await page.setViewportSize({ width: w, height: h });
      const covered = await page.evaluate(
        ([x, y]) => !!document.elementFromPoint(x, y)?.closest('.page-text-drawer, .page-text'),
        [w - 30, h - 30],
      );
      expect(covered, `${w} px`).to.equal(false);
      expect(await page.getByTestId('page-text-panel').isVisible()).to.equal(false);
      await screenshot(page, `page-text-closed-${w}`);
      const toggle = page.getByRole('button', { name: /^Text on this page \(\d+\)$/ });
      await toggle.focus();
      await page.keyboard.press('Enter'); // keyboard reachable
      await page.getByTestId('page-text-panel').waitFor({ state: 'visible' });
      expect(
        await page.getByTestId('page-text-panel').locator('[data-translation-key="ui:dashboard.title"]').count(),
      ).to.equal(1);
      expect(await axe(page), `axe ${w} drawer open`).to.deep.equal([]);
      await screenshot(page, `page-text-open-${w}`);
      await page.keyboard.press('Escape');
      await page.getByTestId('page-text-panel').waitFor({ state: 'hidden' });
      expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).to.equal(
        'page-text-button',
      );
    }
    expect(page.problems).to.deep.equal([]);
    await page.close();
  });
});
