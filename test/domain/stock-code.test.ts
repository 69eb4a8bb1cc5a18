import { expect } from 'chai';
import {
  buildStockCode,
  encodeOptionQuantity,
  padSegment,
  type StockCodeSelection,
} from '../../src/domain/stock-code.ts';
import { rng } from './support/rng.ts';

describe('domain/stock-code', () => {
  describe('encodeOptionQuantity', () => {
    const cases: [number, string][] = [
      [0, '0'],
      [9, '9'],
      [10, 'A'],
      [11, 'B'],
      [35, 'Z'],
      [36, 'Z'],
      [500, 'Z'],
      [-1, '0'],
      [NaN, '0'],
      [12.8, 'C'],
    ];
    for (const [q, c] of cases) it(`${q} → ${c}`, () => expect(encodeOptionQuantity(q)).to.equal(c));

    it('is one character of [0-9A-Z] and decodes back to the clamped quantity', () => {
      for (let q = -5; q <= 50; q++) {
        const c = encodeOptionQuantity(q);
        expect(c).to.match(/^[0-9A-Z]$/);
        expect(parseInt(c, 36)).to.equal(Math.min(35, Math.max(0, q)));
      }
    });
  });

  describe('padSegment', () => {
    const cases: [string, number | undefined, string][] = [
      ['8', undefined, '008'],
      ['30', undefined, '030'],
      ['123', undefined, '123'],
      ['12345', undefined, '12345'],
      ['', undefined, '000'],
      ['4A', undefined, '04A'],
      ['7', 5, '00007'],
    ];
    for (const [s, w, out] of cases) it(`${JSON.stringify(s)} → ${out}`, () => expect(padSegment(s, w)).to.equal(out));
  });

  describe('buildStockCode', () => {
    const sel = (stockCodeValue: string, optionType = 0, quantity = 1): StockCodeSelection => ({
      stockCodeValue,
      optionType,
      quantity,
    });
    const cases: [string, StockCodeSelection[], string][] = [
      ['DEMO-CONFIG', [sel('8'), sel('30'), sel('4', 1, 10)], 'DEMO-CONFIG-008-030-04A'],
      ['BASE', [], 'BASE'],
      ['BASE', [sel('1', 1, 3)], 'BASE-013'],
      ['BASE', [sel('1', 1, 0)], 'BASE-010'],
      ['BASE', [sel('1', 1, 99)], 'BASE-01Z'],
      ['BASE', [sel('1', 1, -2)], 'BASE-010'],
      ['BASE', [sel('22', 1, 35)], 'BASE-22Z'],
      ['BASE', [sel('7', 0, 5)], 'BASE-007'],
      ['BASE', [sel('1234')], 'BASE-1234'],
    ];
    for (const [base, s, out] of cases) it(`→ ${out}`, () => expect(buildStockCode(base, s)).to.equal(out));

    it('has one padded segment per selection, in order', () => {
      const r = rng(3);
      for (let i = 0; i < 500; i++) {
        const selections = Array.from({ length: r.int(0, 6) }, () =>
          sel(String(r.int(0, 999)), r.int(0, 2), r.int(-3, 60)),
        );
        const code = buildStockCode('P', selections);
        const segments = code.split('-');
        expect(segments[0]).to.equal('P');
        expect(segments.length).to.equal(selections.length + 1);
        segments.slice(1).forEach((seg, k) => {
          expect(seg.length).to.be.at.least(3);
          expect(seg).to.match(/^[0-9A-Z]+$/);
          const s = selections[k];
          const expectedValue =
            s.optionType === 1 ? s.stockCodeValue + encodeOptionQuantity(s.quantity) : s.stockCodeValue;
          expect(seg.replace(/^0+(?=.)/, '')).to.equal(expectedValue.replace(/^0+(?=.)/, ''));
        });
      }
    });
  });
});
