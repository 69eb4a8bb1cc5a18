/**
 * THE order pricing (src/domain/price-order.ts) against figures worked out by hand from the spec's
 * rules (§3, §5, §9): every number below was computed on paper, not by the code under test.
 */
import { expect } from 'chai';
import { priceOrder } from '../../src/domain/price-order.ts';
import { repriceOrder } from '../../src/domain/order-edit.ts';

describe('domain: priceOrder (one pricing for cart, checkout, order editor and seed)', () => {
  // 3 × $1,234.50 and 7 × $99.99, a 5 % organisation discount, a $25 promotion, $150 shipping,
  // 6 % + 1 % tax.
  //   gross 370,350 and 69,993; discounts 18,517.5 → 18,518 and 3,499.65 → 3,500 (half away from zero)
  //   line totals 351,832 and 66,493; promotion 2,500 spread 2,102.62… / 397.37… → 2,103 and 397
  //   subtotal 440,343; discount 18,518 + 3,500 + 2,500 = 24,518; taxable 415,825
  //   tax 24,949.5 → 24,950 and 4,158.25 → 4,158; total 440,343 − 24,518 + 15,000 + 29,108 = 459,933
  const order = {
    lines: [
      { key: 'a', lineType: 0, unitCents: 123_450, quantity: 3, paidCents: 100_000 },
      { key: 'b', lineType: 0, unitCents: 9_999, quantity: 7 },
      { key: 'promo', lineType: 5, unitCents: -2_500, quantity: 1 },
    ],
    orgDiscountPercent: '5.00',
    promotionCents: [2_500],
    shippingCents: 15_000,
    tax: {
      rates: [
        { name: 'State', rate: 0.06 },
        { name: 'Local', rate: 0.01 },
      ],
      exempt: false,
    },
  };

  it('prices lines, promotion shares, tax and the total to the cent', () => {
    const p = priceOrder(order);
    expect(p.lines.map((l) => [l.key, l.discount, l.total, l.totalDiscounted, l.unpaid])).to.deep.equal([
      ['a', 18_518, 351_832, 349_729, 249_729],
      ['b', 3_500, 66_493, 66_096, 66_096],
      ['promo', 0, -2_500, 0, 0],
    ]);
    expect({
      subtotal: p.subtotal,
      discount: p.discount,
      taxable: p.taxable,
      tax: p.tax,
      total: p.total,
    }).to.deep.equal({
      subtotal: 440_343,
      discount: 24_518,
      taxable: 415_825,
      tax: 29_108,
      total: 459_933,
    });
    expect(p.taxLines).to.deep.equal([
      { name: 'State', rate: 0.06, amount: 24_950 },
      { name: 'Local', rate: 0.01, amount: 4_158 },
    ]);
    expect(p.totalDiscounted).to.equal(415_825);
  });

  it('the order editor prices the same order the same way', () => {
    const r = repriceOrder(
      [
        { key: 'a', line_type: 0, unit_cents: 123_450, quantity: 3, paid_cents: 100_000 },
        { key: 'b', line_type: 0, unit_cents: 9_999, quantity: 7, paid_cents: 0 },
      ],
      [{ configuration: [{ actions: [{ value: '25.00' }] }] }],
      {
        orgDiscount: '5.00',
        shippingCents: 15_000,
        taxRates: [
          { name: 'State', rate: 0.06 },
          { name: 'Local', rate: 0.01 },
        ],
        taxExempt: false,
      },
    );
    expect(r.lines.map((l) => l.total_discounted)).to.deep.equal([349_729, 66_096]);
    expect([r.subtotal, r.discount, r.tax, r.total]).to.deep.equal([440_343, 24_518, 29_108, 459_933]);
  });

  it('a negative line (a credit) takes no organisation discount and no promotion share; exempt orders pay no tax', () => {
    // $1,234.50 and a −$50.00 credit line, 5 %: discount 6,172.5 → 6,173 on the first only.
    // subtotal 118,450; discount 6,173; taxable 112,277; exempt: tax 0; total 112,277.
    const p = priceOrder({
      lines: [
        { key: 1, lineType: 0, unitCents: 123_450, quantity: 1 },
        { key: 2, lineType: 2, unitCents: -5_000, quantity: 1 },
      ],
      orgDiscountPercent: '5.00',
      promotionCents: [],
      shippingCents: 0,
      tax: { rates: [{ name: 'State', rate: 0.06 }], exempt: true },
    });
    expect(p.lines.map((l) => [l.discount, l.total, l.totalDiscounted])).to.deep.equal([
      [6_173, 117_277, 117_277],
      [0, -5_000, -5_000],
    ]);
    expect([p.subtotal, p.discount, p.tax, p.total]).to.deep.equal([118_450, 6_173, 0, 112_277]);
    expect(p.taxLines).to.deep.equal([{ name: 'State', rate: 0.06, amount: 0 }]);
  });

  it('a promotion larger than the goods stops at what they are worth; the total never goes below zero', () => {
    const p = priceOrder({
      lines: [{ key: 1, lineType: 0, unitCents: 1_000, quantity: 1 }],
      orgDiscountPercent: 0,
      promotionCents: [5_000],
      shippingCents: 0,
      tax: { fixedCents: 0 },
    });
    expect(p.lines[0].totalDiscounted).to.equal(0);
    expect(p.total).to.equal(0);
  });
});
