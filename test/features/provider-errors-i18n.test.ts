/**
 * A provider's refusal reaches the visitor in their language, in the contract's error shape: the
 * providers throw typed errors and the one error handler writes them (no provider route builds a
 * body). The unprefixed provider endpoints take the session's locale, set by a /fr-ca/ page.
 */
import { expect } from 'chai';
import { productIdByStockcode } from '../helpers/server.ts';
import { newCustomer, xhr } from './checkout-helpers.ts';

async function frenchBuyer() {
  const b = await newCustomer(await productIdByStockcode('DEMO-KIT'));
  expect((await b.a.get('/fr-ca/products')).status).to.equal(200); // the session takes fr-ca (it holds a cart)
  return b;
}

describe('provider errors in the visitor language (HTTP)', () => {
  it('card payments: a refused card is answered in French on fr-ca', async () => {
    const b = await frenchBuyer();
    const bad = await b.a
      .post('/payments/tokens')
      .set(xhr(b.token))
      .send({ number: '4242424242424241', exp_month: 12, exp_year: 2040, cvc: '123' });
    expect(bad.status, bad.text).to.equal(400);
    expect(bad.body).to.deep.equal({
      error: {
        code: 'invalid_card',
        message: 'Votre numéro de carte n’est pas valide.',
        fields: { number: 'Votre numéro de carte n’est pas valide.' },
      },
    });
    const empty = await b.a.post('/payments/tokens').set(xhr(b.token)).send({});
    expect(empty.status).to.equal(400);
    expect(empty.body.error.code).to.equal('invalid_card');
    expect(empty.body.error.message).to.equal(
      'Entrez le numéro de carte, la date d’expiration et le code de sécurité.',
    );
  });

  it('bank link: a stale link is answered in French on fr-ca', async () => {
    const b = await frenchBuyer();
    const res = await b.a.post('/bank-link/accounts').set(xhr(b.token)).send({
      link_token: 'link-sandbox-nope',
      routing_number: '110000000',
      account_number: '000123456789',
      account_holder: 'Pat Lee',
    });
    expect(res.status, res.text).to.equal(400);
    expect(res.body).to.deep.equal({
      error: {
        code: 'invalid_token',
        message: 'Le lien bancaire a expiré. Recommencez.',
        fields: { link_token: 'Le lien bancaire a expiré. Recommencez.' },
      },
    });
  });
});
