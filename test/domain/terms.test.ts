import { expect } from 'chai';
import { daysOverdue, dueDate, reminderDue, termsAvailable, type TermsOrg } from '../../src/domain/terms.ts';

describe('domain/terms', () => {
  describe('termsAvailable', () => {
    const net30: TermsOrg = { netTermsDays: 30, creditLimitCents: 500_000 };
    // [org, open balance, order total, expected]
    const cases: [string, TermsOrg | null, number, number, ReturnType<typeof termsAvailable>][] = [
      ['no organisation', null, 0, 100, { ok: false, reason: 'no_terms' }],
      [
        'organisation without terms',
        { netTermsDays: null, creditLimitCents: 500_000 },
        0,
        100,
        { ok: false, reason: 'no_terms' },
      ],
      [
        'terms that are not 15/30/60',
        { netTermsDays: 45, creditLimitCents: 500_000 },
        0,
        100,
        { ok: false, reason: 'no_terms' },
      ],
      ['net 30, nothing owed, well within', net30, 0, 120_000, { ok: true, netDays: 30, availableCents: 500_000 }],
      [
        'net 30, owed plus order exactly the limit',
        net30,
        380_000,
        120_000,
        { ok: true, netDays: 30, availableCents: 120_000 },
      ],
      ['net 30, one cent over', net30, 380_001, 120_000, { ok: false, reason: 'over_limit', availableCents: 119_999 }],
      ['net 30, already past the limit', net30, 600_000, 1, { ok: false, reason: 'over_limit', availableCents: 0 }],
      [
        'net 15, zero limit refuses any order',
        { netTermsDays: 15, creditLimitCents: 0 },
        0,
        1,
        { ok: false, reason: 'over_limit', availableCents: 0 },
      ],
      [
        'net 60, zero-total order on a zero limit',
        { netTermsDays: 60, creditLimitCents: 0 },
        0,
        0,
        { ok: true, netDays: 60, availableCents: 0 },
      ],
    ];
    for (const [name, org, open, total, want] of cases) {
      it(name, () => expect(termsAvailable(org, open, total)).to.deep.equal(want));
    }
  });

  describe('dueDate', () => {
    const cases: [string, number, string][] = [
      ['2026-11-26T01:00:00Z', 30, '2026-12-26'],
      ['2026-11-26T23:59:59Z', 30, '2026-12-26'],
      ['2026-12-20T10:00:00Z', 15, '2027-01-04'],
      ['2027-01-31T10:00:00Z', 30, '2027-03-02'],
      ['2028-01-31T10:00:00Z', 30, '2028-03-01'], // leap year
      ['2026-03-01T12:00:00Z', 60, '2026-04-30'],
      ['2026-11-26T12:00:00Z', 0, '2026-11-26'],
    ];
    for (const [at, days, want] of cases)
      it(`${at} + ${days} → ${want}`, () => expect(dueDate(new Date(at), days)).to.equal(want));
    it('refuses a negative or fractional term', () => {
      expect(() => dueDate(new Date('2026-01-01T00:00:00Z'), -1)).to.throw(RangeError);
      expect(() => dueDate(new Date('2026-01-01T00:00:00Z'), 1.5)).to.throw(RangeError);
    });
  });

  describe('daysOverdue', () => {
    const cases: [string, string, number][] = [
      ['2026-12-26', '2026-12-25T23:00:00Z', 0],
      ['2026-12-26', '2026-12-26T23:00:00Z', 0],
      ['2026-12-26', '2026-12-27T00:00:00Z', 1],
      ['2026-12-26', '2027-01-05T08:00:00Z', 10],
      ['not a date', '2027-01-05T08:00:00Z', 0],
    ];
    for (const [due, now, want] of cases)
      it(`due ${due}, now ${now} → ${want}`, () => expect(daysOverdue(due, new Date(now))).to.equal(want));
  });

  describe('reminderDue', () => {
    const cases: [string, string, string | null, string, boolean][] = [
      ['not yet overdue', '2026-12-26', null, '2026-12-26T09:00:00Z', false],
      ['overdue, never reminded', '2026-12-26', null, '2026-12-27T09:00:00Z', true],
      ['reminded 23 hours ago', '2026-12-26', '2026-12-27T10:00:00Z', '2026-12-28T09:00:00Z', false],
      ['reminded 24 hours ago', '2026-12-26', '2026-12-27T09:00:00Z', '2026-12-28T09:00:00Z', true],
    ];
    for (const [name, due, last, now, want] of cases)
      it(name, () => expect(reminderDue(due, last ? new Date(last) : null, new Date(now))).to.equal(want));
  });
});
