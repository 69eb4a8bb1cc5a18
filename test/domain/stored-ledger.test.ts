import { expect } from 'chai';
import { fromCents } from '../../src/domain/money.ts';
import { storedLedger } from '../../src/domain/stored-ledger.ts';

// 4 × $42.75 with a 5 % organisation discount ($8.55) and the $25 Parts Bundle, $14.04 shipping,
// $8.25 tax, a $2.00 fee and $50 paid. By hand: goods 171.00 − 8.55 − 25.00 = 137.45;
// order total 137.45 + 14.04 + 8.25 = 159.74; the bill with the fee 161.74; unpaid 111.74.
const order = {
  status: 'processing',
  subtotal: '171.00',
  shipping: '14.04',
  tax: '8.25',
  discount: '33.55',
  total: '159.74',
};
const parts = {
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
  fees: [{ name: 'Handling', amount: '2.00', paid: false }],
  payments: [
    { total: '50.00', successful: true },
    { total: '99.00', successful: false },
  ],
};

describe('storedLedger', () => {
  it('reads a stored order into rows that add up, the discount beside the list price', () => {
    const l = storedLedger(order, parts);
    expect(l.lines).to.have.length(1);
    expect(fromCents(l.lines[0].unitCents)).to.equal('42.75');
    expect(fromCents(l.lines[0].listTotal)).to.equal('171.00');
    expect(l.lines[0].discounts.map((d) => [d.name, fromCents(d.cents)])).to.deep.equal([
      ['Line discount', '8.55'],
      ['Parts Bundle', '25.00'],
    ]);
    expect(fromCents(l.lines[0].net)).to.equal('137.45');
    expect(
      [l.merchandise, l.discountTotal, l.shipping, l.tax, l.feeTotal, l.orderTotal, l.total, l.paid, l.unpaid].map(
        fromCents,
      ),
    ).to.deep.equal(['171.00', '33.55', '14.04', '8.25', '2.00', '159.74', '161.74', '50.00', '111.74']);
    expect(l.agrees).to.equal(true);
  });

  it('a quote, a cart and a cancelled order owe nothing', () => {
    for (const status of ['quote', 'cart', 'cancelled'])
      expect(storedLedger({ ...order, status }, parts).unpaid, status).to.equal(0);
    expect(storedLedger({ ...order, quote: true }, parts).unpaid).to.equal(0);
  });

  it('says when stored totals disagree with their rows', () => {
    expect(storedLedger({ ...order, total: '184.74' }, parts).agrees).to.equal(false);
  });

  it('a free-shipping promotion shows as the shipping discount', () => {
    const l = storedLedger(
      { ...order, discount: '47.59', total: '145.70' },
      {
        lines: [parts.lines[0], { ...parts.lines[1], unitPrice: '-39.04' }],
        promotions: [{ id: 2, freeShipping: true }],
      },
    );
    expect([l.promotionDiscount, l.shippingDiscount, l.orderTotal].map(fromCents)).to.deep.equal([
      '25.00',
      '14.04',
      '145.70',
    ]);
    expect(l.agrees).to.equal(true);
  });
});
