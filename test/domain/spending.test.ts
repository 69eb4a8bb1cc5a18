import { expect } from 'chai';
import { needsApproval, periodStart, type SpendingLimits } from '../../src/domain/spending.ts';

describe('domain/spending', () => {
  describe('needsApproval', () => {
    const both: SpendingLimits = { perOrder: 100_000, perPeriod: 300_000, period: 'month' };
    // [name, limits, spent this period, order total, expected]
    const cases: [string, SpendingLimits | null, number, number, ReturnType<typeof needsApproval>][] = [
      ['no limits at all', null, 0, 9_999_999, null],
      ['both limits null', { perOrder: null, perPeriod: null, period: 'month' }, 5_000_000, 9_999_999, null],
      ['under both', both, 0, 50_000, null],
      ['exactly the per-order limit', both, 0, 100_000, null],
      ['one cent over the per-order limit', both, 0, 100_001, { reason: 'order' }],
      ['over both: the order reason first', both, 290_000, 150_000, { reason: 'order' }],
      ['spent plus order exactly the period limit', both, 200_000, 100_000, null],
      ['spent plus order one cent over the period limit', both, 200_001, 100_000, { reason: 'period' }],
      [
        'period limit only',
        { perOrder: null, perPeriod: 10_000, period: 'quarter' },
        9_000,
        1_001,
        { reason: 'period' },
      ],
      [
        'per-order limit of zero: every paid order',
        { perOrder: 0, perPeriod: null, period: 'month' },
        0,
        1,
        { reason: 'order' },
      ],
      ['a zero total never needs approval', { perOrder: 0, perPeriod: 0, period: 'month' }, 0, 0, null],
      ['negative spent counts as nothing', both, -500_000, 100_000, null],
    ];
    for (const [name, limits, spent, total, expected] of cases) {
      it(name, () => expect(needsApproval(limits, spent, total)).to.deep.equal(expected));
    }
  });

  describe('periodStart', () => {
    const cases: [string, 'month' | 'quarter', string][] = [
      ['2026-11-26T01:40:00Z', 'month', '2026-11-01T00:00:00.000Z'],
      ['2026-11-26T01:40:00Z', 'quarter', '2026-10-01T00:00:00.000Z'],
      ['2026-01-01T00:00:00Z', 'month', '2026-01-01T00:00:00.000Z'],
      ['2026-03-31T23:59:59Z', 'quarter', '2026-01-01T00:00:00.000Z'],
      ['2026-04-01T00:00:00Z', 'quarter', '2026-04-01T00:00:00.000Z'],
      ['2026-09-30T12:00:00Z', 'quarter', '2026-07-01T00:00:00.000Z'],
      ['2024-02-29T18:00:00Z', 'month', '2024-02-01T00:00:00.000Z'],
    ];
    for (const [now, period, expected] of cases) {
      it(`${period} of ${now} starts ${expected}`, () =>
        expect(periodStart(new Date(now), period).toISOString()).to.equal(expected));
    }
  });
});
