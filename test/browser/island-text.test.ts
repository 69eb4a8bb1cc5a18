/**
 * The islands' own messages in the visitor's language: on fr-ca and es-mx a search
 * with no match, a network failure and an answer with no message of its own are told in French
 * and Spanish, never in English (the text comes from the page: src/i18n/text/islands.ts).
 */
import { expect } from 'chai';
import { hydrated, newPage, requireChromium, screenshot } from '../helpers/browser.ts';
import { testServer } from '../helpers/server.ts';

describe("browser: the islands speak the page's language", function () {
  this.timeout(120_000);
  let base: string;
  before(async function () {
    requireChromium(this);
    base = (await testServer()).url;
  });

  const cases = [
    {
      locale: 'fr-ca',
      search: 'Rechercher des produits',
      add: 'Ajouter au panier',
      noResults: 'Aucun résultat trouvé !',
      network: 'Erreur réseau',
      unavailable: 'Service indisponible',
    },
    {
      locale: 'es-mx',
      search: 'Buscar productos',
      add: 'Agregar al carrito',
      noResults: '¡No se encontraron resultados!',
      network: 'Error de red',
      unavailable: 'Servicio no disponible',
    },
  ];

  for (const c of cases) {
    it(`${c.locale}: no match, a lost connection and a bare 503 are told in the page's language`, async () => {
      const page = await newPage({ width: 1280, height: 900 });
      await page.goto(`${base}/${c.locale}/`);
      await hydrated(page);
      const search = page.getByRole('banner').getByRole('combobox', { name: c.search });
      await search.click();
      await page.keyboard.type('zzqqxx', { delay: 30 });
      const empty = page.getByTestId('typeahead-empty');
      await empty.waitFor();
      expect((await empty.textContent())!.trim()).to.equal(c.noResults);

      // Open a product from the suggestions, then lose the connection as it is added to the cart.
      await search.fill('');
      await page.keyboard.type('Corn 30-cell', { delay: 30 });
      const suggestion = page.getByTestId('typeahead-list').locator('.tt-suggestion').first();
      await suggestion.waitFor();
      await Promise.all([page.waitForURL(new RegExp(`/${c.locale}/products/\\d+$`)), suggestion.click()]);
      await hydrated(page);
      await page.route('**/cart/add/inline', (route) => route.abort('internetdisconnected'));
      await page.getByRole('button', { name: c.add }).click();
      const alert = page.getByRole('alert').filter({ hasText: c.network });
      await alert.waitFor();
      expect((await alert.textContent())!.replace('×', '').trim()).to.equal(c.network);
      await screenshot(page, `island-text-network-${c.locale}`);

      // An answer with no message of its own: its status text, translated.
      await page.unroute('**/cart/add/inline');
      await page.route('**/cart/add/inline', (route) => route.fulfill({ status: 503, body: '' }));
      await page.getByRole('button', { name: c.add }).click();
      await page.getByRole('alert').filter({ hasText: c.unavailable }).waitFor();
      const said = await page.getByRole('alert').allTextContents();
      expect(said.join(' | ')).not.to.match(/Network Error|An error occurred|Service Unavailable/);
      expect(page.problems).to.deep.equal([]);
      await page.close();
    });
  }
});
