/** src/domain/epp.ts: the schedule always adds up, choices follow the lists, APR is the schedule's actuarial rate. */
import { expect } from 'chai';
import { PAYMENT_TYPES } from '../../src/domain/constants.ts';
import {
  addMonths,
  aprOf,
  checkChoice,
  computePlan,
  eppPaysWith,
  ineligibleCents,
  normaliseChoice,
  promoFor,
  selectionHash,
  type EppItem,
  type EppRules,
} from '../../src/domain/epp.ts';

const RULES: EppRules = {
  percentDown: [10, 20, 30, 50],
  months: [6, 12, 18, 24],
  defaultPercentDown: 20,
  defaultMonths: 12,
  feePercent: '3.50',
  ratePercent: '9.90',
};

describe('domain: EPP', () => {
  describe('computePlan: down payment + Σ schedule = total, to the cent', () => {
    const totals = [1, 2, 3, 99, 100, 1000, 33333, 100000, 1850000, 2140000, 99999999, 999999999999];
    const terms: [number, number][] = [
      [10, 6],
      [20, 12],
      [30, 18],
      [50, 24],
      [33, 7],
      [1, 1],
      [99, 120],
      [20, 3],
    ];
    const rates: [string, string][] = [
      ['9.90', '3.50'],
      ['0', '0'],
      ['0', '3.50'],
      ['24.99', '0'],
    ];
    for (const total of totals) {
      for (const [pd, m] of terms) {
        for (const [rate, fee] of rates) {
          it(`total ${total}¢, ${pd}% down, ${m} months, rate ${rate}, fee ${fee}`, () => {
            const p = computePlan({
              totalCents: total,
              percentDown: pd,
              months: m,
              ratePercent: rate,
              feePercent: fee,
              start: '2026-01-31',
            });
            const sum = p.schedule.reduce((s, x) => s + x.amountCents, 0);
            expect(p.schedule).to.have.length(m);
            expect(p.downPaymentCents + sum).to.equal(p.totalCents);
            expect(sum).to.equal(p.totalOfPaymentsCents);
            expect(p.amountFinancedCents + p.financeChargeCents).to.equal(p.totalOfPaymentsCents);
            expect(p.totalCents).to.equal(total + p.financeChargeCents);
            for (const x of p.schedule)
              expect(Number.isSafeInteger(x.amountCents) && x.amountCents >= 0).to.equal(true);
            const amounts = p.schedule.map((x) => x.amountCents);
            expect(Math.max(...amounts) - Math.min(...amounts)).to.be.at.most(1);
          });
        }
      }
    }

    it('splits thirds by largest remainder: 100.00 over 3 months at 0 % is 33.34, 33.33, 33.33', () => {
      const p = computePlan({
        totalCents: 12500,
        percentDown: 20,
        months: 3,
        ratePercent: '0',
        feePercent: '0',
        start: '2026-03-15',
      });
      expect(p.downPaymentCents).to.equal(2500);
      expect(p.schedule.map((s) => s.amountCents)).to.deep.equal([3334, 3333, 3333]);
      expect(p.schedule.map((s) => s.date)).to.deep.equal(['2026-04-15', '2026-05-15', '2026-06-15']);
    });

    it('one cent over 12 months: one payment of a cent and eleven of zero', () => {
      const p = computePlan({
        totalCents: 1,
        percentDown: 10,
        months: 12,
        ratePercent: '0',
        feePercent: '0',
        start: '2026-01-01',
      });
      expect(p.downPaymentCents).to.equal(0);
      expect(p.schedule.map((s) => s.amountCents)).to.deep.equal([1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    });

    it('a $20,000 planter at 20 % down, 12 months, 9.90 % and a 3.50 % fee gives the Regulation Z figures', () => {
      const p = computePlan({
        totalCents: 2_000_000,
        percentDown: 20,
        months: 12,
        ratePercent: '9.90',
        feePercent: '3.50',
        start: '2026-01-31',
      });
      expect(p.downPaymentCents).to.equal(400_000);
      expect(p.amountFinancedCents).to.equal(1_600_000);
      expect(p.feeCents).to.equal(56_000);
      expect(p.interestCents).to.equal(87_092); // level payment 140591 × 12 − 1 600 000
      expect(p.financeChargeCents).to.equal(143_092);
      expect(p.apr).to.be.greaterThan(9.9); // the fee is a finance charge: the APR is above the note rate
      expect(p.apr).to.equal(16.12);
      expect(p.schedule[0].date).to.equal('2026-02-28');
    });

    it('a 0 % promotion without fee has APR 0 and no finance charge', () => {
      const p = computePlan({
        totalCents: 1_850_000,
        percentDown: 20,
        months: 12,
        ratePercent: '0',
        feePercent: '0',
        start: '2026-01-01',
      });
      expect(p.apr).to.equal(0);
      expect(p.financeChargeCents).to.equal(0);
      expect(p.totalOfPaymentsCents).to.equal(p.amountFinancedCents);
    });

    it('ineligible items are paid in full with the down payment', () => {
      const p = computePlan({
        totalCents: 100_000,
        ineligibleCents: 30_000,
        percentDown: 10,
        months: 6,
        ratePercent: '0',
        feePercent: '0',
        start: '2026-01-01',
      });
      expect(p.downPaymentCents).to.equal(30_000 + 7_000);
      expect(p.amountFinancedCents).to.equal(63_000);
    });

    it('an admin custom fee replaces the percent fee', () => {
      const p = computePlan({
        totalCents: 100_000,
        percentDown: 20,
        months: 12,
        ratePercent: '0',
        feePercent: '3.50',
        customFeeCents: 1234,
        start: '2026-01-01',
      });
      expect(p.feeCents).to.equal(1234);
      expect(p.feePercentCalculated).to.equal(1.54);
    });

    it('refuses impossible input', () => {
      expect(() =>
        computePlan({
          totalCents: -1,
          percentDown: 20,
          months: 12,
          ratePercent: '0',
          feePercent: '0',
          start: '2026-01-01',
        }),
      ).to.throw(RangeError);
      expect(() =>
        computePlan({
          totalCents: 100,
          percentDown: 20,
          months: 0,
          ratePercent: '0',
          feePercent: '0',
          start: '2026-01-01',
        }),
      ).to.throw(RangeError);
      expect(() =>
        computePlan({
          totalCents: 100,
          percentDown: 120,
          months: 3,
          ratePercent: '0',
          feePercent: '0',
          start: '2026-01-01',
        }),
      ).to.throw(RangeError);
    });
  });

  it('aprOf: a level schedule without fee reproduces its note rate; more paid means a higher APR', () => {
    // 1000.00 at 12 % over 12 months: level payment 88.85.
    expect(aprOf(100_000, new Array(12).fill(8885))).to.be.closeTo(12, 0.02);
    expect(aprOf(100_000, new Array(12).fill(9000))).to.be.greaterThan(12);
    expect(aprOf(100_000, new Array(10).fill(10_000))).to.equal(0);
    expect(aprOf(0, [1, 2])).to.equal(0);
  });

  it('addMonths keeps the day, or the last day of a shorter month', () => {
    expect(addMonths('2026-01-31', 1)).to.equal('2026-02-28');
    expect(addMonths('2028-01-31', 1)).to.equal('2028-02-29');
    expect(addMonths('2026-11-30', 3)).to.equal('2027-02-28');
    expect(addMonths('2026-12-15', 12)).to.equal('2027-12-15');
    expect(() => addMonths('31/01/2026', 1)).to.throw(RangeError);
  });

  describe('choices: the lists for everyone, any value within limits for an EPP admin', () => {
    it('a non-admin value outside the lists names its field', () => {
      expect(checkChoice({ percentDown: 25, months: 12 }, RULES, false)).to.have.keys('percentDown');
      expect(checkChoice({ percentDown: 20, months: 9 }, RULES, false)).to.have.keys('months');
      expect(checkChoice({ percentDown: 20, months: 12 }, RULES, false)).to.deep.equal({});
    });
    it('an admin may choose 25 % and 9 months, but not fractions or values past the limits', () => {
      expect(checkChoice({ percentDown: 25, months: 9 }, RULES, true)).to.deep.equal({});
      expect(checkChoice({ percentDown: 25.5, months: 0 }, RULES, true)).to.have.keys('percentDown', 'months');
      expect(checkChoice({ percentDown: 100, months: 121 }, RULES, true)).to.have.keys('percentDown', 'months');
    });
    it('normaliseChoice resets a non-admin value outside the lists to the default, field by field', () => {
      expect(normaliseChoice({ percentDown: 25, months: 18 }, RULES, false)).to.deep.equal({
        percentDown: 20,
        months: 18,
      });
      expect(normaliseChoice({ percentDown: 30, months: 9 }, RULES, false)).to.deep.equal({
        percentDown: 30,
        months: 12,
      });
      expect(normaliseChoice({ percentDown: 25, months: 9 }, RULES, true)).to.deep.equal({
        percentDown: 25,
        months: 9,
      });
      expect(normaliseChoice({}, RULES, false)).to.deep.equal({ percentDown: 20, months: 12 });
    });
    it('selectionHash differs whenever a choice or the context does', () => {
      const a = selectionHash({ percentDown: 20, months: 12, context: 'o1' });
      expect(a).to.equal(selectionHash({ percentDown: 20, months: 12, context: 'o1' }));
      expect(a).to.not.equal(selectionHash({ percentDown: 20, months: 18, context: 'o1' }));
      expect(a).to.not.equal(selectionHash({ percentDown: 20, months: 12, context: 'o2' }));
      expect(a).to.not.equal(selectionHash({ percentDown: 20, months: 12, eppFee: '10.00', context: 'o1' }));
    });
  });

  it('promoFor needs every eligible item on the same promotion; ineligibleCents sums the rest', () => {
    const promo = { id: 1, code: 'P', name: '0 %', months: 12, ratePercent: '0', feePercent: '0' };
    const item = (id: number, eligible: boolean, p: typeof promo | null, amountCents = 1000): EppItem => ({
      id,
      productId: id,
      title: `#${id}`,
      amountCents,
      eligible,
      promo: p,
    });
    expect(promoFor([item(1, true, promo), item(2, false, null)])).to.equal(promo);
    expect(promoFor([item(1, true, promo), item(2, true, null)])).to.equal(null);
    expect(promoFor([])).to.equal(null);
    expect(ineligibleCents([item(1, true, promo), item(2, false, null, 700)], 5000)).to.equal(700);
    expect(ineligibleCents([item(2, false, null, 7000)], 5000)).to.equal(5000);
  });

  it('the down payment is paid by card, new or saved; a check, a bank account or an invoice pays in full', () => {
    expect(eppPaysWith(PAYMENT_TYPES.CARD)).to.equal(true);
    expect([PAYMENT_TYPES.CHECK, PAYMENT_TYPES.BANK, PAYMENT_TYPES.INVOICE].map(eppPaysWith)).to.deep.equal([
      false,
      false,
      false,
    ]);
  });
});
