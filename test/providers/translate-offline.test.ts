/**
 * The offline translator (src/providers/translate/offline.ts): a glossary from catalogue pairs,
 * whole-text match first, then the longest known run of words, unknown words left as they are,
 * tags and {{placeholders}} untouched. Glossaries and expected outputs are written by hand.
 */
import { expect } from 'chai';
import { buildGlossary, OfflineTranslator, translateWithGlossary } from '../../src/providers/translate/offline.ts';

const en = {
  add: 'Add to cart',
  cart: 'Cart',
  empty: 'Your cart is empty.',
  signin: 'Sign in',
  order1: 'Order',
  order2: 'Order',
  order3: 'Order',
  to: 'To',
  total: 'Order total: {{total}}',
  view: 'View cart',
};
const fr = {
  add: 'Ajouter au panier',
  cart: 'Panier',
  empty: 'Votre panier est vide.',
  signin: 'Se connecter',
  order1: 'Commande',
  order2: 'Commander',
  order3: 'Commande',
  to: 'Au',
  total: 'Total de la commande : {{total}}',
  view: 'Voir le panier',
};
const g = buildGlossary(en, fr);
const tr = (text: string) => translateWithGlossary(text, g);

describe('providers/translate offline', () => {
  it('a whole catalogue text gets its own translation (case and outer spaces aside)', () => {
    expect(tr('Your cart is empty.')).to.equal('Votre panier est vide.');
    expect(tr('  your cart is EMPTY. ')).to.equal('  Votre panier est vide. ');
    expect(tr('Order total: {{total}}')).to.equal('Total de la commande : {{total}}');
  });

  it('replaces the longest known run of words; unknown words stay', () => {
    expect(tr('Add to cart now')).to.equal('Ajouter au panier now');
    expect(tr('Sign in, then view cart')).to.equal('Se connecter, then voir le panier');
    expect(tr('Cart and order')).to.equal('Panier and commande');
  });

  it('the most frequent translation of a text wins; short function words are left alone', () => {
    expect(tr('Order')).to.equal('Commande');
    expect(tr('Go to cart')).to.equal('Go to panier');
  });

  it('never touches tags or placeholders', () => {
    expect(tr('<p class="cart">Sign in</p> {{cart}} <a href="/cart">Cart</a>')).to.equal(
      '<p class="cart">Se connecter</p> {{cart}} <a href="/cart">Panier</a>',
    );
  });

  it('the provider translates from English only, into a language it has', async () => {
    const t = new OfflineTranslator({ en, fr });
    expect(await t.translate({ text: 'View cart', from: 'en', to: 'fr', format: 'text' })).to.equal('Voir le panier');
    expect(await t.translate({ text: 'View cart', from: 'en', to: 'de', format: 'text' })).to.equal('View cart');
    expect(t.name).to.equal('offline');
  });
});
