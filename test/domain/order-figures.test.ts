import { expect } from 'chai';
import { ledger } from '../../src/domain/ledger.ts';
import { fromCents } from '../../src/domain/money.ts';
import { figureRows, lineFigures } from '../../src/domain/order-figures.ts';
import { ORG_DISCOUNT } from '../../src/domain/price-order.ts';
import { storedLedger } from '../../src/domain/stored-ledger.ts';

const shown = (rows: { code: string; name: string; cents: number }[]) =>
  rows.map((r) => [r.code, r.name, fromCents(r.cents)]);

// The cart, by hand: 4 × $42.75 = $171.00 and 1 × $2,440.70; merchandise $2,611.70.
// 5 % organisation discount: $8.55 + $122.035 → $122.04 = $130.59. The $25 promotion once.
// Before shipping and tax: 2,611.70 − 130.59 − 25.00 = $2,456.11.
const cart = {
  lines: [
    { key: 'sprocket', lineType: 0, unitCents: 4275, quantity: 4 },
    { key: 'header', lineType: 0, unitCents: 244070, quantity: 1 },
  ],
  lineDiscounts: [{ name: ORG_DISCOUNT, percent: '5.00' }],
  promotions: [{ name: 'Parts Bundle', amountCents: 2500 }],
};

describe('figureRows (money that adds up)', () => {
  it('a cart before shipping and tax: merchandise, each discount once by name, the total', () => {
    const f = figureRows(ledger(cart), { withShippingAndTax: false });
    expect(shown(f.rows)).to.deep.equal([
      ['merchandise', 'merchandise', '2611.70'],
      ['orgDiscount', ORG_DISCOUNT, '-130.59'],
      ['promotion', 'Parts Bundle', '-25.00'],
    ]);
    expect(fromCents(f.total)).to.equal('2456.11');
    expect(f.totalKind).to.equal('beforeShippingAndTax');
  });

  it('with shipping and tax known, both are rows and the total takes them', () => {
    const l = ledger({
      ...cart,
      shipping: [{ warehouseId: 1, cents: 2500 }],
      taxes: [{ name: 'tax', fixedCents: 1234, levied: 'goods' as const }],
    });
    const f = figureRows(l);
    expect(shown(f.rows).map((r) => r[2])).to.deep.equal(['2611.70', '-130.59', '-25.00', '25.00', '12.34']);
    // 2,456.11 + 25.00 + 12.34
    expect(fromCents(f.total)).to.equal('2493.45');
    expect(f.total).to.equal(l.total);
    expect(f.totalKind).to.equal('total');
  });

  it('each line: list unit × quantity = list total, each discount by name, net', () => {
    const [a, b] = ledger(cart).lines.map((x) => lineFigures(x));
    expect([a.unitCents, a.quantity, a.listTotal].map(String)).to.deep.equal(['4275', '4', '17100']);
    // $25 over 162.45 and 2,318.66 by largest remainder: 1.6368… → 1.64 and 23.3631… → 23.36.
    expect(shown(a.discounts)).to.deep.equal([
      ['orgDiscount', ORG_DISCOUNT, '-8.55'],
      ['promotion', 'Parts Bundle', '-1.64'],
    ]);
    expect(fromCents(a.net)).to.equal('160.81');
    expect(shown(b.discounts).map((r) => r[2])).to.deep.equal(['-122.04', '-23.36']);
    expect(fromCents(b.net)).to.equal('2295.30');
  });

  it('a placed order read back: the stored line discount is the organisation discount, a fee is a row, rows add up', () => {
    const order = {
      status: 'processing',
      subtotal: '171.00',
      shipping: '14.04',
      tax: '8.25',
      discount: '33.55',
      total: '159.74',
    };
    const l = storedLedger(order, {
      lines: [
        { id: 1, lineType: 0, title: 'Sprocket', unitPrice: '42.75', quantity: 4, discount: '8.55', paidTotal: '0.00' },
        {
          id: 2,
          lineType: 5,
          title: 'Parts Bundle',
          unitPrice: '-25.00',
          quantity: 1,
          discount: '0.00',
          paidTotal: '0.00',
          promotionId: 2,
        },
      ],
      fees: [{ name: 'Handling', amount: '2.00' }],
    });
    const f = figureRows(l, { lineDiscountIsOrg: true });
    expect(shown(f.rows)).to.deep.equal([
      ['merchandise', 'merchandise', '171.00'],
      ['orgDiscount', 'Line discount', '-8.55'],
      ['promotion', 'Parts Bundle', '-25.00'],
      ['shipping', 'shipping', '14.04'],
      ['tax', 'Tax', '8.25'],
      ['fee', 'Handling', '2.00'],
    ]);
    // 171.00 − 8.55 − 25.00 + 14.04 + 8.25 + 2.00
    expect(fromCents(f.total)).to.equal('161.74');
  });

  it('free shipping: the promotion row carries the shipping it took, or only its goods part when shipping is not shown', () => {
    // $100 goods, $10 off and free $15 shipping: the promotion line stores 10 + 15 = $25.
    const order = {
      status: 'processing',
      subtotal: '100.00',
      shipping: '15.00',
      tax: '0.00',
      discount: '25.00',
      total: '90.00',
    };
    const l = storedLedger(order, {
      lines: [
        { id: 1, lineType: 0, title: 'Tine', unitPrice: '25.00', quantity: 4, discount: '0.00', paidTotal: '0.00' },
        {
          id: 2,
          lineType: 5,
          title: 'Free freight',
          unitPrice: '-25.00',
          quantity: 1,
          discount: '0.00',
          paidTotal: '0.00',
          promotionId: 7,
        },
      ],
      promotions: [{ id: 7, freeShipping: true }],
    });
    const f = figureRows(l);
    expect(shown(f.rows).map((r) => r[2])).to.deep.equal(['100.00', '-25.00', '15.00', '0.00']);
    expect(fromCents(f.total)).to.equal('90.00');
    const before = figureRows(l, { withShippingAndTax: false });
    expect(shown(before.rows).map((r) => r[2])).to.deep.equal(['100.00', '-10.00']);
    expect(fromCents(before.total)).to.equal('90.00');
  });
});
