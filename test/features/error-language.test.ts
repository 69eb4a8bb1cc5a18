/**
 * Errors answer in the visitor's language: a French and a Spanish request for
 * bad input, a 404, a 409 conflict, a checkout error and a cart quantity error get French and
 * Spanish text, fields included; English keeps the spec's words; the JSON shape stays the
 * contract's. Expected texts are written here by hand (the catalogue is src/i18n/text/errors*.ts).
 */
import { expect } from 'chai';
import { agent, csrf, type Agent } from '../helpers/http.ts';
import { productIdByStockcode, testServer } from '../helpers/server.ts';
import { addToCart, xhr } from './checkout-helpers.ts';

type Locale = 'en-us' | 'fr-ca' | 'es-mx';

const EXPECTED: Record<Locale, Record<string, string>> = {
  'en-us': {
    quantity: 'Quantity must be a whole number.',
    diagram: 'That parts diagram does not exist.',
    taken: 'An account with this email already exists. Please sign in to check out.',
    email: 'Enter a valid email address.',
    firstName: 'First name is required.',
    country: 'No country selected', // the spec's own words (§4)
  },
  'fr-ca': {
    quantity: 'La quantité doit être un nombre entier.',
    diagram: 'Ce schéma de pièces n’existe pas.',
    taken: 'Un compte existe déjà avec ce courriel. Veuillez vous connecter pour passer la commande.',
    email: 'Entrez une adresse courriel valide.',
    firstName: 'Prénom : ce champ est requis.',
    country: 'Aucun pays sélectionné',
  },
  'es-mx': {
    quantity: 'La cantidad debe ser un número entero.',
    diagram: 'Ese diagrama de piezas no existe.',
    taken: 'Ya existe una cuenta con este correo electrónico. Inicie sesión para pagar.',
    email: 'Ingrese un correo electrónico válido.',
    firstName: 'Nombre: este campo es obligatorio.',
    country: 'Ningún país seleccionado',
  },
};

const NAME = { 'shipping-firstName': 'Pat', 'shipping-lastName': 'Lee', 'shipping-address1': '12 Main Street' };
const US = {
  ...NAME,
  'shipping-city': 'Ames',
  'shipping-country': 'US',
  'shipping-region': 'IA',
  'shipping-postalcode': '50010',
};
/** An address each locale's store serves (fr-ca → Canada, es-mx → Mexico). */
const HOME: Record<Locale, Record<string, string>> = {
  'en-us': US,
  'fr-ca': {
    ...NAME,
    'shipping-city': 'Laval',
    'shipping-country': 'CA',
    'shipping-region': 'QC',
    'shipping-postalcode': 'H7N 1A1',
  },
  'es-mx': {
    ...NAME,
    'shipping-city': 'Zapopan',
    'shipping-country': 'MX',
    'shipping-region': 'JAL',
    'shipping-postalcode': '45200',
  },
};
/** A US address on the Canadian and Mexican stores: 409, naming the store that serves it. */
const OTHER_STORE: Partial<Record<Locale, string>> = {
  'fr-ca': 'Cette adresse est desservie par notre boutique États-Unis. Changez de boutique pour y livrer.',
  'es-mx': 'Esta dirección la atiende nuestra tienda Estados Unidos. Cambie de tienda para enviar allí.',
};

async function visitor(locale: Locale): Promise<{ a: Agent; token: string }> {
  const a = await agent();
  return { a, token: await csrf(a, `/${locale}/cart`) };
}

function expectShape(res: { status: number; body: any }, status: number) {
  expect(res.status, JSON.stringify(res.body)).to.equal(status);
  expect(res.body.error).to.have.all.keys('code', 'message', 'fields');
}

describe("errors in the visitor's language", function () {
  this.timeout(60_000);
  before(async () => {
    await testServer();
  });

  for (const locale of ['en-us', 'fr-ca', 'es-mx'] as const) {
    const want = EXPECTED[locale];
    describe(locale, () => {
      it('a cart quantity error (400, with its field)', async () => {
        const { a, token } = await visitor(locale);
        const res = await a
          .post(`/${locale}/cart/add/inline`)
          .set(xhr(token))
          .send({ product_id: await productIdByStockcode('PP-STG'), quantity: 'lots' });
        expectShape(res, 400);
        expect(res.body.error.message).to.equal(want.quantity);
        expect(res.body.error.fields.quantity).to.equal(want.quantity);
      });

      it('a 404', async () => {
        const { a, token } = await visitor(locale);
        const res = await a.get(`/${locale}/parts/999999`).set(xhr(token));
        expectShape(res, 404);
        expect(res.body.error.message).to.equal(want.diagram);
      });

      it('checkout: bad input names each field in the language, labels included', async () => {
        const { a, token } = await visitor(locale);
        await addToCart(a, token, await productIdByStockcode('PP-STG'), 1, locale);
        const res = await a
          .post(`/${locale}/order/customer-info`)
          .set(xhr(token))
          .send({ email: 'not-an-email', accountType: 'personal' });
        expectShape(res, 400);
        expect(res.body.error.message).to.equal(want.email);
        expect(res.body.error.fields.email).to.equal(want.email);
        expect(res.body.error.fields['shipping-firstName']).to.equal(want.firstName);
        expect(res.body.error.fields['shipping-country']).to.equal(want.country);
      });

      it('checkout: a 409 conflict (an account already has the email)', async () => {
        const { a, token } = await visitor(locale);
        await addToCart(a, token, await productIdByStockcode('PP-STG'), 1, locale);
        const res = await a
          .post(`/${locale}/order/customer-info`)
          .set(xhr(token))
          .send({ email: 'customer@example.com', accountType: 'personal', 'tax-exempt': 'false', ...HOME[locale] });
        expectShape(res, 409);
        expect(res.body.error.message).to.equal(want.taken);
        expect(res.body.error.fields.email).to.equal(want.taken);
      });

      if (OTHER_STORE[locale]) {
        it('checkout: a 409 for an address another store serves, the store named in the language', async () => {
          const { a, token } = await visitor(locale);
          await addToCart(a, token, await productIdByStockcode('PP-STG'), 1, locale);
          const res = await a
            .post(`/${locale}/order/customer-info`)
            .set(xhr(token))
            .send({
              email: `lang-${locale}-${Date.now()}@example.test`,
              accountType: 'personal',
              'tax-exempt': 'false',
              ...US,
            });
          expectShape(res, 409);
          expect(res.body.error.code).to.equal('channel_mismatch');
          expect(res.body.error.message).to.equal(OTHER_STORE[locale]);
        });
      }
    });
  }
});
