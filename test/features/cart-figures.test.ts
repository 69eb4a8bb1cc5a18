/** The cart's figures (view-model cartFigures) for a cart with shipping and tax worked out, open and locked. Pure: no server. */
import { expect } from 'chai';
import { cartFigures } from '../../src/features/cart/view-model.ts';
import type { CartState } from '../../src/features/cart/state.ts';

const line = (over: Partial<CartState['lines'][number]>): CartState['lines'][number] => ({
  id: 1,
  lineType: 0,
  productId: 1,
  promotionId: null,
  title: 'Disc Opener Blade 15"',
  image: null,
  stockcode: 'PP-DOB-15',
  quantity: 4,
  currencyId: 1,
  warehouseId: null,
  unitCents: 4275,
  discountCents: 855,
  totalCents: 16245,
  totalDiscountedCents: 13745,
  paidCents: 0,
  unpaidCents: 13745,
  options: [],
  ...over,
});

// 4 × 42.75 = 171.00; 5 % = 8.55; Parts Bundle 25.00; goods 137.45; shipping 14.04 and tax 8.25 set by checkout: 159.74.
const cart: CartState = {
  orderId: 9,
  channelId: 1,
  currency: 'USD',
  currencyId: 1,
  showDiscount: true,
  count: 4,
  lines: [
    line({}),
    line({
      id: 2,
      lineType: 5,
      productId: null,
      promotionId: 2,
      title: 'Parts Bundle',
      quantity: 1,
      unitCents: -2500,
      discountCents: 0,
      totalCents: -2500,
      totalDiscountedCents: 0,
      unpaidCents: 0,
    }),
  ],
  promotions: [{ id: 2, name: 'Parts Bundle', code: 'PARTS25', valueCents: 2500 }],
  totals: {
    subtotal: 17100,
    shipping: 1404,
    tax: 825,
    discount: 3355,
    promotionTotal: 2500,
    total: 15974,
    unpaidTotal: 15974,
    totalDiscounted: 13745,
  },
};

describe('cart figures', () => {
  it('an open cart whose shipping and tax checkout worked out shows them as rows, and the total they add up to', () => {
    const f = cartFigures(cart);
    expect(f.rows.map((r) => [r.code, r.amount])).to.deep.equal([
      ['merchandise', '171.00'],
      ['orgDiscount', '-8.55'],
      ['promotion', '-25.00'],
      ['shipping', '14.04'],
      ['tax', '8.25'],
    ]);
    expect([f.total, f.total_kind]).to.deep.equal(['159.74', 'total']);
    expect(f.lines.map((l) => [l.unit_price, l.quantity, l.list_total, l.net])).to.deep.equal([
      ['42.75', 4, '171.00', '137.45'],
    ]);
  });

  it('a cart waiting for approval shows the total before shipping and tax, no shipping inside it', () => {
    const f = cartFigures(cart, { locked: true });
    expect(f.rows.map((r) => r.code)).to.deep.equal(['merchandise', 'orgDiscount', 'promotion']);
    expect([f.total, f.total_kind]).to.deep.equal(['137.45', 'beforeShippingAndTax']);
  });
});
