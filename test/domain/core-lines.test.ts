/**
 * Core deposit lines (src/domain/core-lines.ts) priced by THE order pricing: the deposit is its own
 * line, no discount or promotion takes from it, and it is taxed only where the ship-to taxes
 * deposits. Every figure below was worked out by hand.
 */
import { expect } from 'chai';
import { CORE_DEPOSIT_TAG, coreDepositLines, coreDepositTitle, isCoreDeposit } from '../../src/domain/core-lines.ts';
import { priceOrder } from '../../src/domain/price-order.ts';
import { storedLedger } from '../../src/domain/stored-ledger.ts';

const part = { key: 'part', lineType: 0, unitCents: 31_200, quantity: 1 };
const deposit = { key: 'core', lineType: 0, unitCents: 8_500, quantity: 1, tags: [CORE_DEPOSIT_TAG] };
const usTax = { rates: [{ name: 'Sales tax', rate: 0.06 }], exempt: false };

describe('domain/core-lines', () => {
  it('gives a part with a core charge a deposit line of its own, following its quantity', () => {
    const lines = coreDepositLines([
      { key: 1, title: 'Remanufactured valve body MT-VMH', quantity: 2, coreUnitCents: 8_500 },
      { key: 2, title: 'Oil filter', quantity: 3, coreUnitCents: 0 },
    ]);
    expect(lines).to.deep.equal([
      {
        coreOf: 1,
        title: 'Core deposit: Remanufactured valve body MT-VMH',
        unitCents: 8_500,
        quantity: 2,
        tags: [CORE_DEPOSIT_TAG],
      },
    ]);
    expect(isCoreDeposit(lines[0])).to.equal(true);
    expect(isCoreDeposit({ tags: ['part'] })).to.equal(false);
  });

  it('words the title in the label given', () => {
    expect(coreDepositTitle('Cuerpo de válvulas', 'Depósito de casco')).to.equal(
      'Depósito de casco: Cuerpo de válvulas',
    );
  });

  it('adds the deposit to the subtotal but taxes the part only where deposits are not taxed', () => {
    // $312.00 + $85.00 = $397.00; 6 % of $312.00 = $18.72; total $415.72.
    const p = priceOrder({
      lines: [part, deposit],
      orgDiscountPercent: 0,
      promotionCents: [],
      shippingCents: 0,
      tax: usTax,
    });
    expect([p.subtotal, p.discount, p.taxable, p.tax, p.total]).to.deep.equal([39_700, 0, 31_200, 1_872, 41_572]);
  });

  it('taxes the deposit too where the ship-to says so', () => {
    // 6 % of $397.00 = $23.82; total $420.82.
    const p = priceOrder({
      lines: [part, deposit],
      orgDiscountPercent: 0,
      promotionCents: [],
      shippingCents: 0,
      tax: usTax,
      coreDepositsTaxed: true,
    });
    expect([p.subtotal, p.taxable, p.tax, p.total]).to.deep.equal([39_700, 39_700, 2_382, 42_082]);
  });

  it('keeps organisation discounts and promotions off the deposit', () => {
    // 10 % of $312.00 = $31.20 off the part only; a $50.00 promotion comes off the part only:
    // part net $230.80, deposit $85.00 whole; subtotal $397.00, discount $81.20;
    // 5 % of $230.80 = $11.54; total $397.00 − $81.20 + $10.00 shipping + $11.54 = $337.34.
    const p = priceOrder({
      lines: [part, deposit],
      orgDiscountPercent: '10.00',
      promotionCents: [5_000],
      shippingCents: 1_000,
      tax: { rates: [{ name: 'GST', rate: 0.05 }], exempt: false },
    });
    expect(p.lines.map((l) => [l.key, l.discount, l.share, l.totalDiscounted])).to.deep.equal([
      ['part', 3_120, 5_000, 23_080],
      ['core', 0, 0, 8_500],
    ]);
    expect([p.subtotal, p.discount, p.taxable, p.tax, p.total]).to.deep.equal([39_700, 8_120, 23_080, 1_154, 33_734]);
  });

  it('caps a promotion at the goods it may take from, never the deposit', () => {
    // A $400.00 promotion on $312.00 of part: capped at $312.00; the deposit is still owed.
    const p = priceOrder({
      lines: [part, deposit],
      orgDiscountPercent: 0,
      promotionCents: [40_000],
      shippingCents: 0,
      tax: usTax,
    });
    expect([p.promotionTotal, p.tax, p.total]).to.deep.equal([31_200, 0, 8_500]);
  });

  it('reads a placed order with its deposit: the promotion and the tax stay on the part', () => {
    // 2 × $312.00 part, 2 × $85.00 deposit, the $25.00 Parts Bundle, $23.80 shipping, $41.93 tax (Iowa's
    // 7 % of the part's $599.00): part net $599.00 with all the tax, deposit net $170.00 with none;
    // total 794.00 − 25.00 + 23.80 + 41.93 = 834.73.
    const line = { discount: '0.00', paidTotal: '0.00' };
    const l = storedLedger(
      { status: 'processing', subtotal: '794.00', shipping: '23.80', tax: '41.93', discount: '25.00', total: '834.73' },
      {
        lines: [
          { id: 1, lineType: 0, title: 'Meter housing', unitPrice: '312.00', quantity: 2, ...line },
          {
            id: 2,
            lineType: 0,
            title: 'Core deposit: Meter housing',
            unitPrice: '85.00',
            quantity: 2,
            ...line,
            coreOfLineId: 1,
          },
          { id: 3, lineType: 5, title: 'Parts Bundle', unitPrice: '-25.00', quantity: 1, ...line, promotionId: 2 },
        ],
      },
    );
    expect(l.lines.map((x) => [x.key, x.net, x.tax])).to.deep.equal([
      [1, 59_900, 4_193],
      [2, 17_000, 0],
    ]);
    expect([l.orderTotal, l.agrees]).to.deep.equal([83_473, true]);
  });
});
