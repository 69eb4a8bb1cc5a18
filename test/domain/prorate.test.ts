import { expect } from 'chai';
import {
  capAssigned,
  checkAllocations,
  distributePayment,
  PAYMENT_TOLERANCE,
  prorate,
  spreadRefund,
  type PayableLine,
} from '../../src/domain/prorate.ts';
import { toCents } from '../../src/domain/money.ts';
import { rng } from './support/rng.ts';

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

describe('domain/prorate', () => {
  describe('prorate', () => {
    const cases: [number[], number, number[]][] = [
      [[1, 1, 1], 100, [34, 33, 33]],
      [[1, 1, 1], -100, [-34, -33, -33]],
      [[1, 2, 3], 600, [100, 200, 300]],
      [[1, 2, 3], 601, [100, 200, 301]],
      [[0, 0, 0], 10, [4, 3, 3]],
      [[0, 5, 0], 10, [0, 10, 0]],
      [[500, 300, 200], 99, [49, 30, 20]],
      [[1], 12345, [12345]],
      [[3, 3], 1, [1, 0]],
      [[0.5, 0.25, 0.25], 101, [51, 25, 25]],
      [[1, 1], 0, [0, 0]],
      [[], 0, []],
    ];
    for (const [w, a, out] of cases) {
      it(`${JSON.stringify(w)} of ${a} → ${JSON.stringify(out)}`, () => expect(prorate(w, a)).to.deep.equal(out));
    }

    it('rejects bad input', () => {
      expect(() => prorate([], 5)).to.throw(RangeError);
      expect(() => prorate([1, -1], 5)).to.throw(RangeError);
      expect(() => prorate([1, NaN], 5)).to.throw(RangeError);
      expect(() => prorate([1], 1.5)).to.throw(RangeError);
    });

    it('always sums to the total, each part within 1 cent of its exact share, same sign as the total', () => {
      const r = rng(2024);
      for (let i = 0; i < 3000; i++) {
        const n = r.int(1, 12);
        const floatWeights = r.next() < 0.3;
        const weights = Array.from({ length: n }, () =>
          r.next() < 0.15 ? 0 : floatWeights ? r.next() * 1000 : r.int(0, 1_000_000),
        );
        const amount = r.int(-1_000_000, 1_000_000);
        const parts = prorate(weights, amount);
        expect(parts).to.have.length(n);
        expect(sum(parts)).to.equal(amount);
        const W = sum(weights) || n;
        parts.forEach((p, k) => {
          expect(Number.isInteger(p)).to.equal(true);
          const share = (amount * ((sum(weights) ? weights[k] : 1) as number)) / W;
          expect(Math.abs(p - share)).to.be.below(1 + 1e-9);
          if (amount > 0) expect(p).to.be.at.least(0);
          if (amount < 0) expect(p).to.be.at.most(0);
        });
      }
    });

    it('is exact for huge integer weights', () => {
      const parts = prorate([Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER, 1], 1_000_000_001);
      expect(sum(parts)).to.equal(1_000_000_001);
      expect(parts).to.deep.equal([500_000_001, 500_000_000, 0]);
    });
  });

  describe('distributePayment', () => {
    const line = (id: number, unpaid_total: number): PayableLine => ({ id, unpaid_total });
    const cases: [string, number | string, PayableLine[], number[]][] = [
      ['fills in order', 150, [line(1, 100), line(2, 100)], [100, 50]],
      ['exact fit', 200, [line(1, 100), line(2, 100)], [100, 100]],
      ['more than owed', 500, [line(1, 100), line(2, 100)], [100, 100]],
      ['stops when used up', 50, [line(1, 100), line(2, 100), line(3, 5)], [50, 0, 0]],
      ['cents', 10.01, [line(1, 3.33), line(2, 3.33), line(3, 3.33), line(4, 5)], [3.33, 3.33, 3.33, 0.02]],
      ['float noise', 0.1 + 0.2, [line(1, 0.1), line(2, 0.2)], [0.1, 0.2]],
      ['more than 2 decimals never over-assigns', 10.005, [line(1, 20)], [10]],
      ['unpaid with 3 decimals is capped below', 20, [line(1, 3.335), line(2, 100)], [3.33, 16.67]],
      ['zero payment', 0, [line(1, 10)], [0]],
      ['negative payment', -5, [line(1, 10)], [0]],
      ['negative unpaid', 10, [line(1, -5), line(2, 10)], [0, 10]],
      ['decimal string', '12.50', [line(1, 10), line(2, 10)], [10, 2.5]],
      ['junk amount', 'abc', [line(1, 10)], [0]],
      ['no lines', 100, [], []],
    ];
    for (const [name, amount, lines, out] of cases) {
      it(name, () => {
        const result = distributePayment(amount, lines);
        expect(result.map((x) => x.assigned)).to.deep.equal(out);
        expect(result.map((x) => x.id)).to.deep.equal(lines.map((l) => l.id));
      });
    }

    it('never exceeds the payment nor any line, and leaves at most the tolerance when it could pay more', () => {
      const r = rng(77);
      for (let i = 0; i < 3000; i++) {
        const lines = Array.from({ length: r.int(0, 8) }, (_, k) => line(k, r.int(0, 50000) / 100));
        const amount = r.next() < 0.2 ? r.int(0, 400000) / 1000 : r.int(0, 200000) / 100;
        const result = distributePayment(amount, lines);
        const assignedCents = result.map((x) => toCents(x.assigned));
        result.forEach((x, k) => {
          expect(x.assigned).to.be.at.least(0);
          expect(x.assigned).to.be.at.most(lines[k].unpaid_total);
          expect(toCents(x.assigned) / 100).to.equal(x.assigned); // 2 decimals at most
        });
        const totalAssigned = sum(assignedCents);
        expect(totalAssigned).to.be.at.most(toCents(amount, 'down'));
        // Filling in order: a line is only short if the payment is used up.
        const owed = sum(lines.map((l) => toCents(l.unpaid_total)));
        const left = toCents(amount, 'down') - totalAssigned;
        if (totalAssigned < owed) expect(left).to.be.at.most(PAYMENT_TOLERANCE * 100);
        let short = false;
        result.forEach((x, k) => {
          if (short) expect(x.assigned).to.equal(0);
          if (x.assigned < lines[k].unpaid_total) short = true;
        });
      }
    });
  });

  describe('capAssigned', () => {
    const cases: [number, number, number][] = [
      [50, 100, 50],
      [150, 100, 100],
      [-5, 100, 0],
      [10, -5, 0],
      [NaN, 100, 0],
      [100, NaN, 0],
      [12.34, 12.34, 12.34],
    ];
    for (const [a, u, out] of cases)
      it(`capAssigned(${a}, ${u}) = ${out}`, () => expect(capAssigned(a, u)).to.equal(out));

    it('is always within 0..max(0, unpaid)', () => {
      const r = rng(8);
      for (let i = 0; i < 2000; i++) {
        const a = (r.next() - 0.3) * 1000;
        const u = (r.next() - 0.1) * 1000;
        const c = capAssigned(a, u);
        expect(c).to.be.at.least(0);
        expect(c).to.be.at.most(Math.max(0, u));
      }
    });
  });
});

describe('domain/prorate checkAllocations (payment split rules shared by server and island)', () => {
  const lines = [
    { id: 1, unpaid_total: 3.33 },
    { id: 2, unpaid_total: 3.33 },
    { id: 3, unpaid_total: 3.34 },
  ];
  const table: [string, number | string, { id: number; assigned: number }[], string][] = [
    [
      'thirds of 10.00 fill each line exactly',
      10,
      [
        { id: 1, assigned: 3.33 },
        { id: 2, assigned: 3.33 },
        { id: 3, assigned: 3.34 },
      ],
      'ok',
    ],
    [
      'a cent short',
      10,
      [
        { id: 1, assigned: 3.33 },
        { id: 2, assigned: 3.33 },
        { id: 3, assigned: 3.33 },
      ],
      'sum',
    ],
    [
      'a cent over a line',
      10,
      [
        { id: 1, assigned: 3.34 },
        { id: 2, assigned: 3.32 },
        { id: 3, assigned: 3.34 },
      ],
      'over_line',
    ],
    ['below a tenth of a cent is nothing', '0.0009', [], 'amount'],
    ['zero payment', 0, [], 'amount'],
    ['a line not on the order', 1, [{ id: 9, assigned: 1 }], 'unknown_line'],
    ['partial payment on the first line only', '2.50', [{ id: 1, assigned: 2.5 }], 'ok'],
  ];
  for (const [name, amount, assigned, want] of table) {
    it(name, () => {
      const r = checkAllocations(amount, assigned, lines);
      expect(r.ok ? 'ok' : (r as { reason: string }).reason).to.equal(want);
    });
  }

  it('what distributePayment assigns is always accepted when the payment fits, and sums to the payment', () => {
    const r = rng(99);
    for (let i = 0; i < 2000; i++) {
      const ls = Array.from({ length: r.int(1, 6) }, (_, k) => ({ id: k, unpaid_total: r.int(0, 50_000) / 100 }));
      const owed = ls.reduce((s, l) => s + toCents(l.unpaid_total), 0);
      if (owed === 0) continue;
      const cents = r.int(1, owed);
      const split = distributePayment(cents / 100, ls);
      expect(sum(split.map((s) => toCents(s.assigned)))).to.equal(cents);
      expect(checkAllocations(cents / 100, split, ls).ok).to.equal(true);
    }
  });
});

describe('domain: spreadRefund', () => {
  it('takes the newest allocation first and adds up to the refund', () => {
    const allocs = [
      { lineId: 1, leftCents: 5000 },
      { lineId: 2, leftCents: 3000 },
      { lineId: 3, leftCents: 1000 },
    ];
    expect(spreadRefund(1000, allocs)).to.deep.equal([{ lineId: 3, cents: 1000 }]);
    expect(spreadRefund(3500, allocs)).to.deep.equal([
      { lineId: 3, cents: 1000 },
      { lineId: 2, cents: 2500 },
    ]);
    expect(spreadRefund(9000, allocs).reduce((s, r) => s + r.cents, 0)).to.equal(9000);
  });

  it('skips what was already refunded and refuses more than is left, zero or fractions of a cent', () => {
    const allocs = [
      { lineId: 1, leftCents: 200 },
      { lineId: 2, leftCents: 0 },
    ];
    expect(spreadRefund(1, allocs)).to.deep.equal([{ lineId: 1, cents: 1 }]);
    expect(() => spreadRefund(201, allocs)).to.throw(RangeError);
    expect(() => spreadRefund(0, allocs)).to.throw(RangeError);
    expect(() => spreadRefund(1.5, allocs)).to.throw(RangeError);
  });

  it('merges two allocations onto the same line into one amount', () => {
    expect(
      spreadRefund(150, [
        { lineId: 7, leftCents: 100 },
        { lineId: 7, leftCents: 100 },
      ]),
    ).to.deep.equal([{ lineId: 7, cents: 150 }]);
  });
});
