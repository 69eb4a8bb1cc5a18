/**
 * Signing in keeps the page's language (from /fr-ca/ the back office is French, from
 * /es-mx/ Spanish); an order's tax lines are named in that language; the landing page's tall
 * sections (spec §9: 96vh on wide screens) are each one panel with its words centred, and sized to
 * their content on a phone; the lead form's date button is the SVG calendar.
 */
import { expect } from 'chai';
import { axe, newPage, screenshot } from '../helpers/browser.ts';
import { testServer } from '../helpers/server.ts';
import { signInFrom } from '../helpers/sign-in-page.ts';

const FRENCH = { signIn: 'Se connecter', email: 'Courriel', password: 'Mot de passe' };
const SPANISH = { signIn: 'Iniciar sesión', email: 'Correo electrónico', password: 'Contraseña' };

describe('browser: the page language after sign-in, tax names, the landing sections', function () {
  this.timeout(120_000);
  let base: string;
  before(async () => {
    base = (await testServer()).url;
  });

  for (const width of [1280, 375]) {
    it(`signing in from the fr-ca landing page lands on the French back office (${width} px)`, async () => {
      const page = await newPage({ width });
      await signInFrom(page, base, 'fr-ca', 'admin@example.com', FRENCH);
      expect(new URL(page.url()).pathname).to.equal('/account/dashboard');
      expect(await page.locator('html').getAttribute('lang')).to.equal('fr');
      const nav = page.getByTestId('admin-nav');
      for (const name of ['Guides pratiques', 'Commandes', 'Clients', 'Rapports'])
        expect(await nav.getByRole('link', { name, exact: true }).count(), name).to.equal(1);
      await Promise.all([page.waitForNavigation(), nav.getByRole('link', { name: 'Commandes', exact: true }).click()]);
      expect(await page.getByRole('heading', { level: 1 }).first().textContent()).to.contain('Commandes');
      expect(await axe(page)).to.deep.equal([]);
      await screenshot(page, `back-office-fr-ca-${width}`);
      expect(page.problems).to.deep.equal([]);
      await page.close();
    });
  }

  it('signing in from the es-mx landing page lands on the Spanish back office', async () => {
    const page = await newPage({ width: 1280 });
    await signInFrom(page, base, 'es-mx', 'admin@example.com', SPANISH);
    expect(await page.locator('html').getAttribute('lang')).to.equal('es');
    expect(await page.getByTestId('admin-nav').getByRole('link', { name: 'Pedidos', exact: true }).count()).to.equal(1);
    expect(page.problems).to.deep.equal([]);
    await page.close();
  });

  it('a language and a channel chosen before the picker hydrates are not lost', async () => {
    const page = await newPage();
    // The island's code arrives late, as it does on a slow phone; the picker must not wait for it.
    // The delay is far longer than the waits below, so a choice that waited for hydration fails on
    // a slow machine too, and a slow server (the embedded database under load) still has time.
    const hydration = () =>
      page.evaluate(() =>
        document.querySelector('[data-island="locale-channel-picker"]')?.getAttribute('data-hydrated'),
      );
    await page.route(/\/build\/chunks\/(locale-channel-picker|hydrate)-/, async (route) => {
      await new Promise((r) => setTimeout(r, 20_000));
      await route.continue();
    });
    await page.goto(`${base}/en-us/`, { waitUntil: 'domcontentloaded' });
    await page.getByRole('combobox', { name: 'Language' }).waitFor();
    await Promise.all([
      page.waitForURL(/\/fr-ca\/$/, { timeout: 8000, waitUntil: 'commit' }),
      page.getByRole('combobox', { name: 'Language' }).selectOption('fr-ca'),
    ]);
    expect(await hydration()).to.equal(null);
    await page.getByRole('combobox', { name: 'Pays' }).waitFor();
    expect(await hydration()).to.equal(null);
    await Promise.all([
      page.waitForEvent('framenavigated', { timeout: 8000 }),
      page.getByRole('combobox', { name: 'Pays' }).selectOption('MX'),
    ]);
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    // The choice goes through a redirect: the page that shows it is the one the redirect ends on.
    await page.waitForLoadState('domcontentloaded');
    const country = page.getByRole('combobox', { name: 'Pays' });
    let chosen = '';
    for (let i = 0; i < 40 && chosen !== 'MX'; i++) {
      await country.waitFor();
      chosen = await country.inputValue().catch(() => '');
      if (chosen !== 'MX') await page.waitForTimeout(250);
    }
    expect(chosen).to.equal('MX');
    await page.close();
  });

  it('the country chooser is reached from the footer of every storefront page', async () => {
    const page = await newPage();
    await page.goto(`${base}/fr-ca/`);
    await Promise.all([
      page.waitForNavigation(),
      page
        .getByRole('navigation', { name: 'Pied de page' })
        .getByRole('link', { name: 'Choisissez votre pays' })
        .click(),
    ]);
    expect(new URL(page.url()).pathname).to.equal('/fr-ca/channel/find');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).to.equal('Choisissez votre pays');
    await page.close();
  });

  it("a customer's order names its taxes in French on fr-ca", async () => {
    const page = await newPage({ width: 1280 });
    await signInFrom(page, base, 'fr-ca', 'customer@example.com', FRENCH);
    await Promise.all([page.waitForNavigation(), page.getByRole('link', { name: '3', exact: true }).click()]);
    // Order #3 ships to Ames, Iowa: the state's 6 % and the 1 % local option tax.
    const lines = (await page.getByTestId('order-tax-breakdown').innerText()).split('\n').map((l) => l.trim());
    expect(lines[0]).to.match(/^Taxe de vente, Iowa \(6\s%\)\s?: /);
    expect(lines[1]).to.match(/^Taxe locale facultative \(1\s%\)\s?: /);
    expect(page.problems).to.deep.equal([]);
    await page.close();
  });

  it('the landing sections are full-height panels with their words centred on a wide screen', async () => {
    const page = await newPage({ width: 1280, height: 900 });
    await page.goto(`${base}/en-us/`);
    const boxes = await page.locator('.landing-section').evaluateAll((els) =>
      els
        .filter((s) => s.querySelector('.section-panel'))
        .map((s) => {
          const sec = s.getBoundingClientRect();
          const panel = s.querySelector('.section-panel')!.getBoundingClientRect();
          const text = s.querySelector('.section-panel__text')!.getBoundingClientRect();
          return {
            id: s.id,
            section: sec.height,
            panel: panel.height,
            offCentre: Math.abs(text.top + text.height / 2 - (panel.top + panel.height / 2)),
          };
        }),
    );
    expect(boxes.map((b) => b.id)).to.deep.equal(['planters', 'parts', 'field', 'support']);
    for (const b of boxes) {
      expect(b.panel, b.id).to.be.at.least(b.section * 0.85); // the panel fills the tall section...
      expect(b.offCentre, b.id).to.be.at.most(8); // ...with its words in the middle, not at the top
    }
    const copy = (await page.getByTestId('landing-hero-body').boundingBox())!;
    const cta = (await page
      .getByTestId('landing-hero')
      .getByRole('link', { name: 'Shop planters and parts' })
      .boundingBox())!;
    expect(cta.y - (copy.y + copy.height)).to.be.at.least(16);
    expect(await axe(page)).to.deep.equal([]);
    await screenshot(page, 'landing-1280');
    expect(page.problems).to.deep.equal([]);
    await page.close();
  });

  it("on a phone the landing sections are as tall as their content, and the lead form's date button is an SVG", async () => {
    const page = await newPage({ width: 375 });
    await page.goto(`${base}/en-us/`);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth),
    ).to.equal(false);
    const heights = await page
      .locator('.section-panel')
      .evaluateAll((els) => els.map((e) => e.getBoundingClientRect().height));
    for (const h of heights) expect(h).to.be.below(800);
    await screenshot(page, 'landing-375');
    await page.getByRole('link', { name: 'Talk to our team' }).scrollIntoViewIfNeeded();
    await Promise.all([page.waitForNavigation(), page.getByRole('link', { name: 'Talk to our team' }).click()]);
    const open = page.locator('.date-field__open').first();
    await open.waitFor();
    expect(await open.locator('svg').count()).to.equal(1);
    expect((await open.textContent())?.trim()).to.equal('');
    expect(page.problems).to.deep.equal([]);
    await page.close();
  });
});
