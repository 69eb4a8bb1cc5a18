import { expect } from 'chai';
import {
  hasProductLines,
  isProductLine,
  isTaxExempt,
  orderTotals,
  promotionTotal,
  type OrderLine,
  type Promotion,
} from '../../src/domain/order-totals.ts';
import { rng } from './support/rng.ts';

const line = (line_type: number, unit_price_cents: number, quantity: number, discount_cents = 0): OrderLine => ({
  line_type,
  unit_price_cents,
  quantity,
  discount_cents,
});
const promo = (value: number | string | null | undefined): Promotion => ({ configuration: [{ actions: [{ value }] }] });

describe('domain/order-totals', () => {
  describe('orderTotals', () => {
    const cases: [
      string,
      OrderLine[],
      Promotion[],
      { shippingCents?: number; taxCents?: number },
      Record<string, unknown>,
    ][] = [
      ['empty order', [], [], {}, { subtotal: 0, discount: 0, total: 0, lineTotals: [] }],
      [
        'product lines of types 0, 1, 2 count',
        [line(0, 1000, 2), line(1, 500, 1), line(2, 250, 4)],
        [],
        {},
        { subtotal: 3500, discount: 0, total: 3500, lineTotals: [2000, 500, 1000] },
      ],
      [
        'promotion lines (type 5) are not in the subtotal',
        [line(0, 1000, 1), line(5, -300, 1)],
        [],
        {},
        { subtotal: 1000, total: 1000, lineTotals: [1000, -300] },
      ],
      [
        'line discounts and promotions add up',
        [line(0, 1000, 3, 500)],
        [promo(2.5), promo('1.25')],
        {},
        { subtotal: 3000, lineDiscount: 500, promotionTotal: 375, discount: 875, total: 2125, lineTotals: [2500] },
      ],
      [
        'shipping and tax are added',
        [line(0, 1000, 1)],
        [promo(1)],
        { shippingCents: 799, taxCents: 66 },
        { subtotal: 1000, discount: 100, shipping: 799, tax: 66, total: 1765 },
      ],
      // $50 off $10.00 of goods takes $10.00, never the shipping or the tax: 1,000 − 1,000 + 799 + 66.
      [
        'a promotion larger than the goods is capped at them; shipping and tax are still paid',
        [line(0, 1000, 1)],
        [promo(50)],
        { shippingCents: 799, taxCents: 66 },
        { promotionTotal: 1000, discount: 1000, total: 865 },
      ],
      // Two promotions stacked: $6 then $7 on $10.00 of goods after a $1.00 line discount: 600 + 300.
      [
        'stacked promotions together take at most the goods left after line discounts',
        [line(0, 1000, 1, 100)],
        [promo(6), promo(7)],
        { shippingCents: 500 },
        { lineDiscount: 100, promotionTotal: 900, discount: 1000, total: 500 },
      ],
      [
        'a negative promotion counts nothing',
        [line(0, 1000, 1)],
        [promo(-20)],
        {},
        { promotionTotal: 0, discount: 0, total: 1000 },
      ],
      [
        'only the first action of the first configuration counts',
        [line(0, 1000, 1)],
        [{ configuration: [{ actions: [{ value: 1 }, { value: 99 }] }, { actions: [{ value: 99 }] }] }],
        {},
        { promotionTotal: 100 },
      ],
      [
        'malformed promotions count 0',
        [line(0, 1000, 1)],
        [{}, { configuration: [] }, { configuration: [{}] }, promo(null), promo('abc')],
        {},
        { promotionTotal: 0, total: 1000 },
      ],
    ];
    for (const [name, lines, promotions, extras, expected] of cases) {
      it(name, () => {
        const t = orderTotals(lines, promotions, extras);
        for (const [k, v] of Object.entries(expected)) expect(t[k as keyof typeof t], k).to.deep.equal(v);
      });
    }

    it('keeps its invariants for random orders', () => {
      const r = rng(55);
      for (let i = 0; i < 2000; i++) {
        const lines = Array.from({ length: r.int(0, 6) }, () =>
          line(r.pick([0, 1, 2, 5]), r.int(-500, 50000), r.int(1, 20), r.int(0, 2000)),
        );
        const promotions = Array.from({ length: r.int(0, 3) }, () => promo(r.int(-1000, 10000) / 100));
        const t = orderTotals(lines, promotions, { shippingCents: r.int(0, 5000), taxCents: r.int(0, 3000) });
        expect(t.total).to.be.at.least(0);
        expect(t.discount).to.be.at.least(0);
        expect(t.lineTotals).to.have.length(lines.length);
        expect(t.discount).to.equal(Math.max(0, t.lineDiscount + t.promotionTotal));
        expect(t.total).to.equal(Math.max(0, t.subtotal - t.discount + t.shipping + t.tax));
        const productGross = lines
          .filter((l) => l.line_type !== 5)
          .reduce((a, l) => a + l.unit_price_cents * l.quantity, 0);
        expect(t.subtotal).to.equal(productGross);
        for (const v of Object.values(t).flat()) expect(Number.isInteger(v)).to.equal(true);
      }
    });
  });

  describe('promotionTotal', () => {
    it('sums first action values in cents', () => {
      expect(promotionTotal([promo(1.1), promo(2.2)])).to.equal(330);
      expect(promotionTotal([])).to.equal(0);
    });
  });

  describe('isProductLine / hasProductLines', () => {
    const cases: [number, boolean][] = [
      [0, true],
      [1, true],
      [2, true],
      [5, false],
      [3, false],
    ];
    for (const [type, out] of cases)
      it(`type ${type} is ${out ? '' : 'not '}a product line`, () =>
        expect(isProductLine({ line_type: type })).to.equal(out));

    it('an order needs a type 0 line', () => {
      expect(hasProductLines([])).to.equal(false);
      expect(hasProductLines([{ line_type: 5 }, { line_type: 2 }])).to.equal(false);
      expect(hasProductLines([{ line_type: 5 }, { line_type: 0 }])).to.equal(true);
    });
  });

  describe('isTaxExempt', () => {
    const cases: [unknown, boolean][] = [
      [null, false],
      [undefined, false],
      ['', false],
      ['  ', false],
      [0, false],
      ['0', false],
      [false, false],
      [12, true],
      ['12', true],
      ['TX-123', true],
    ];
    for (const [v, out] of cases) it(`${JSON.stringify(v)} → ${out}`, () => expect(isTaxExempt(v)).to.equal(out));
  });
});
