import { expect } from 'chai';
import {
  BASE_CURRENCY,
  convert,
  divideCents,
  reportCurrency,
  toMajor,
  floorAtZero,
  formatMoney,
  formatMoneyCompact,
  fromCents,
  intlLocale,
  lineTotal,
  parseCents,
  round2,
  sumCents,
  toCents,
} from '../../src/domain/money.ts';
import { rng } from './support/rng.ts';

describe('domain/money', () => {
  describe('toCents', () => {
    const cases: [string | number, number][] = [
      ['12.345', 1235],
      ['12.344', 1234],
      ['-12.345', -1235],
      ['12.3', 1230],
      ['12', 1200],
      ['.5', 50],
      ['5.', 500],
      ['+1.005', 101],
      ['  7.10 ', 710],
      ['0.005', 1],
      ['0.00499999999', 0],
      ['-0.001', 0],
      ['1e2', 10000],
      ['1.23456e3', 123456],
      ['0000.10', 10],
      [1.005, 101],
      [2.675, 268],
      [-2.675, -268],
      [0.1 + 0.2, 30],
      [1.345 * 3, 404],
      [1e-7, 0],
      [19.99, 1999],
      [0, 0],
    ];
    for (const [input, cents] of cases) {
      it(`${JSON.stringify(input)} → ${cents}`, () => {
        expect(toCents(input)).to.equal(cents);
        expect(Object.is(toCents(input), -0)).to.equal(false);
      });
    }

    const down: [string | number, number][] = [
      ['12.349', 1234],
      ['-12.349', -1234],
      [10.01, 1001],
      ['10.005', 1000],
    ];
    for (const [input, cents] of down) {
      it(`rounding 'down': ${JSON.stringify(input)} → ${cents}`, () => expect(toCents(input, 'down')).to.equal(cents));
    }

    for (const bad of ['', 'abc', '1,234.50', '$5', '1.2.3', '+', '.', NaN, Infinity, '1e999999999']) {
      it(`rejects ${JSON.stringify(bad)}`, () => {
        expect(() => toCents(bad as string | number)).to.throw(RangeError);
        expect(parseCents(bad)).to.equal(null);
      });
    }

    it('rejects amounts beyond safe integer cents', () => {
      expect(() => toCents('1e20')).to.throw(RangeError);
    });

    it('parseCents gives null for non-strings', () => {
      for (const v of [null, undefined, {}, [], true]) expect(parseCents(v)).to.equal(null);
      expect(parseCents('3.10')).to.equal(310);
    });

    it('round-trips with fromCents for many random amounts', () => {
      const r = rng(42);
      for (let i = 0; i < 2000; i++) {
        const c = r.int(-10_000_000, 10_000_000);
        expect(toCents(fromCents(c))).to.equal(c);
      }
    });
  });

  describe('fromCents', () => {
    const cases: [number, string][] = [
      [1230, '12.30'],
      [5, '0.05'],
      [-5, '-0.05'],
      [0, '0.00'],
      [-123456, '-1234.56'],
      [100, '1.00'],
    ];
    for (const [c, s] of cases) it(`${c} → ${s}`, () => expect(fromCents(c)).to.equal(s));
    it('rejects non-integers', () => expect(() => fromCents(1.5)).to.throw(RangeError));
  });

  describe('round2', () => {
    const cases: [number, number][] = [
      [1.005, 1.01],
      [-1.005, -1.01],
      [2.675, 2.68],
      [1.345 * 3, 4.04],
      [0.1 + 0.2, 0.3],
      [1.004, 1],
      [1.2345, 1.23],
      [10, 10],
      [0, 0],
      [123456789.125, 123456789.13],
    ];
    for (const [n, out] of cases) it(`${n} → ${out}`, () => expect(round2(n)).to.equal(out));

    it('passes NaN and infinities through', () => {
      expect(round2(NaN)).to.be.NaN;
      expect(round2(Infinity)).to.equal(Infinity);
      expect(round2(1e300)).to.equal(1e300);
    });

    it('is idempotent and within half a cent, for many random values', () => {
      const r = rng(7);
      for (let i = 0; i < 5000; i++) {
        const n = (r.next() - 0.5) * 2 * 10 ** r.int(0, 9);
        const once = round2(n);
        expect(round2(once)).to.equal(once);
        expect(Math.abs(once - n)).to.be.at.most(0.005 + Math.abs(n) * 1e-12);
        expect(Number.isInteger(Math.round(once * 100))).to.equal(true);
        expect(Math.abs(once * 100 - Math.round(once * 100))).to.be.below(1e-6 * Math.max(1, Math.abs(once)));
      }
    });
  });

  describe('convert', () => {
    const cases: [number, string | number, number][] = [
      [1000, '1.3574', 1357],
      [1000, 1.3575, 1358],
      [12345, '0.5', 6173],
      [-12345, '0.5', -6173],
      [100, '1', 100],
      [1, '0.005', 0],
      [1999, '17.0512', 34085],
      [0, '2', 0],
    ];
    for (const [c, rate, out] of cases) it(`${c} × ${rate} → ${out}`, () => expect(convert(c, rate)).to.equal(out));

    it('rejects bad rates and non-integer cents', () => {
      expect(() => convert(100, '-1')).to.throw(RangeError);
      expect(() => convert(100, 'x')).to.throw(RangeError);
      expect(() => convert(1.5, '1')).to.throw(RangeError);
    });

    it('matches exact decimal multiplication for random inputs', () => {
      const r = rng(99);
      for (let i = 0; i < 2000; i++) {
        const cents = r.int(0, 10_000_000);
        const rate = `${r.int(0, 20)}.${String(r.int(0, 9999)).padStart(4, '0')}`;
        const scaled = BigInt(cents) * BigInt(rate.replace('.', '')); // cents × rate × 10^4
        const expected = Number((scaled + 5000n) / 10000n);
        expect(convert(cents, rate)).to.equal(expected);
      }
    });
  });

  describe('intlLocale', () => {
    const cases: [string, string][] = [
      ['fr-ca', 'fr-CA'],
      ['en-us', 'en-US'],
      ['es-mx', 'es-MX'],
      ['EN_ca', 'en-CA'],
      ['en', 'en'],
      ['', 'en-US'],
      ['not a locale!', 'en-US'],
    ];
    for (const [i, o] of cases) it(`${JSON.stringify(i)} → ${o}`, () => expect(intlLocale(i)).to.equal(o));
  });

  describe('formatMoney', () => {
    const nbsp = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');
    const cases: [number, string, string, string][] = [
      [123450, 'USD', 'en-us', '$1,234.50'],
      [-500, 'USD', 'en-us', '-$5.00'],
      [123450, 'CAD', 'en-ca', '$1,234.50'],
      [123450, 'CAD', 'fr-ca', '1 234,50 $'],
      [123450, 'MXN', 'es-mx', '$1,234.50'],
      [123450, 'usd', 'en-ca', 'US$1,234.50'],
    ];
    for (const [c, cur, loc, out] of cases) {
      it(`${c} ${cur} ${loc} → ${out}`, () => expect(nbsp(formatMoney(c, cur, loc))).to.equal(out));
    }
    it('falls back to a plain amount and code for an unknown currency', () => {
      expect(formatMoney(1230, 'NOPE', 'en-us')).to.equal('12.30 NOPE');
    });
  });

  describe('formatMoneyCompact (summary cards)', () => {
    const nbsp = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');
    it('is exact below a million', () => {
      expect(formatMoneyCompact(99_999_999, 'USD', 'en-us')).to.deep.equal({
        text: '$999,999.99',
        exact: '$999,999.99',
        compact: false,
      });
    });
    it('is compact from a million, keeping the exact figure', () => {
      const f = formatMoneyCompact(47_866_516_777, 'USD', 'en-us');
      expect(f).to.deep.equal({ text: '$478.7M', exact: '$478,665,167.77', compact: true });
      expect(nbsp(formatMoneyCompact(-250_000_000, 'CAD', 'fr-ca').text)).to.equal('-2,5 M $');
    });
    it('falls back to the exact figure for an unknown currency', () => {
      expect(formatMoneyCompact(500_000_000, 'NOPE', 'en-us')).to.deep.equal({
        text: '5000000.00 NOPE',
        exact: '5000000.00 NOPE',
        compact: false,
      });
    });
  });

  describe('floorAtZero, sumCents, lineTotal', () => {
    it('floorAtZero never goes below 0 and keeps positives', () => {
      for (const [i, o] of [
        [-5, 0],
        [0, 0],
        [7, 7],
        [-0, 0],
      ])
        expect(Object.is(floorAtZero(i), o)).to.equal(true);
    });
    it('sumCents adds integers and refuses dollars', () => {
      expect(sumCents([])).to.equal(0);
      expect(sumCents([100, 250, -50])).to.equal(300);
      expect(() => sumCents([1.5])).to.throw(RangeError);
    });
    const lines: [number, number, number, number][] = [
      [1000, 3, 0, 3000],
      [1000, 3, 500, 2500],
      [-500, 1, 0, -500],
      [199, 0, 0, 0],
    ];
    for (const [u, q, d, t] of lines)
      it(`lineTotal(${u}, ${q}, ${d}) = ${t}`, () => expect(lineTotal(u, q, d)).to.equal(t));
  });

  describe('divideCents (one rounding for shared-out amounts)', () => {
    it('rounds half away from zero, where Math.round rounds half up', () => {
      // 16,245 / 4 = 4,061.25 → 4,061; 5 / 2 = 2.5 → 3; −5 / 2 = −2.5 → −3 (Math.round gives −2).
      expect(divideCents(16_245, 4)).to.equal(4_061);
      expect(divideCents(5, 2)).to.equal(3);
      expect(divideCents(-5, 2)).to.equal(-3);
      expect(divideCents(-7, 4)).to.equal(-2);
    });
    it('works in exact cents, not float dollars: $4.35 over 2 orders is $2.18', () => {
      // 4.35 × 100 is 434.99999999999994 in floats, so rounding float dollars gave 2.17.
      expect(toMajor(divideCents(435, 2))).to.equal(2.18);
    });
    it('refuses a divisor that is not a whole number above 0', () => {
      expect(() => divideCents(100, 0)).to.throw(RangeError);
      expect(() => divideCents(100, 1.5)).to.throw(RangeError);
      expect(() => divideCents(1.5, 2)).to.throw(RangeError);
    });
  });

  describe('reportCurrency (one rule for reports and the dashboard)', () => {
    const channels = [
      { code: 'US', currency: 'USD' },
      { code: 'CA', currency: 'CAD' },
      { code: 'MX', currency: 'MXN' },
    ];
    it("is the chosen channel's currency, else the base currency", () => {
      expect(reportCurrency('CA', channels)).to.equal('CAD');
      expect(reportCurrency('MX', channels)).to.equal('MXN');
      expect(reportCurrency(undefined, channels)).to.equal('USD');
      expect(reportCurrency('', channels)).to.equal('USD');
      expect(reportCurrency('ZZ', channels)).to.equal('USD');
      expect(BASE_CURRENCY).to.equal('USD');
    });
  });
});
