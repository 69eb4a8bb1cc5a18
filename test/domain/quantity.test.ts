import { expect } from 'chai';
import {
  CART_MAX,
  CART_MIN,
  clampCartQuantity,
  clampOptionQuantity,
  OPTION_MAX,
  OPTION_MIN,
  parseQuantity,
} from '../../src/domain/quantity.ts';
import { rng } from './support/rng.ts';

describe('domain/quantity', () => {
  it('has the spec limits', () => {
    expect([CART_MIN, CART_MAX, OPTION_MIN, OPTION_MAX]).to.deep.equal([1, 999, 0, 35]);
  });

  describe('clampCartQuantity', () => {
    const cases: [unknown, number][] = [
      [5, 5],
      ['12', 12],
      [' 7 ', 7],
      [0, 1],
      [-3, 1],
      [1000, 999],
      ['1e3', 999],
      [3.9, 3],
      ['2.5', 2],
      [0.5, 1],
      [NaN, 1],
      ['', 1],
      ['abc', 1],
      ['12abc', 1],
      [null, 1],
      [undefined, 1],
      [true, 1],
      [{}, 1],
      [Infinity, 999],
      [-Infinity, 1],
    ];
    for (const [v, out] of cases) it(`${String(v)} → ${out}`, () => expect(clampCartQuantity(v)).to.equal(out));

    it('never leaves 1..999 and always gives an integer', () => {
      const r = rng(1);
      for (let i = 0; i < 3000; i++) {
        const v = r.pick<unknown>([(r.next() - 0.5) * 1e4, String(r.int(-2000, 2000)), r.int(-5, 1005), 'x']);
        const q = clampCartQuantity(v);
        expect(Number.isInteger(q)).to.equal(true);
        expect(q).to.be.within(CART_MIN, CART_MAX);
      }
    });
  });

  describe('clampOptionQuantity', () => {
    const cases: [unknown, number, number][] = [
      [5, 1, 5],
      [35, 1, 35],
      [36, 1, 35],
      [99, 1, 35],
      [-1, 1, 0],
      [0, 1, 0],
      ['10', 1, 10],
      [3.7, 1, 3],
      ['x', 1, 0],
      [5, 0, 1],
      [1, 0, 1],
      [0, 0, 0],
      [99, 2, 1],
      [-4, 2, 0],
    ];
    for (const [v, type, out] of cases) {
      it(`${String(v)} (type ${type}) → ${out}`, () => expect(clampOptionQuantity(v, type)).to.equal(out));
    }

    it('stays in 0..35, and in 0..1 unless the type is 1', () => {
      const r = rng(2);
      for (let i = 0; i < 3000; i++) {
        const type = r.int(0, 3);
        const q = clampOptionQuantity((r.next() - 0.3) * 100, type);
        expect(Number.isInteger(q)).to.equal(true);
        expect(q).to.be.within(OPTION_MIN, type === 1 ? OPTION_MAX : 1);
      }
    });
  });

  describe('parseQuantity', () => {
    const cases: [unknown, number | null][] = [
      [3, 3],
      ['3', 3],
      [' 42 ', 42],
      ['-2', -2],
      ['+2', 2],
      ['0', 0],
      ['-0', 0],
      [0, 0],
      [2.5, null],
      ['2.5', null],
      ['1e3', null],
      ['', null],
      ['abc', null],
      ['3 4', null],
      [null, null],
      [undefined, null],
      [NaN, null],
      [Infinity, null],
      ['9999999999999999', null],
      [true, null],
    ];
    for (const [v, out] of cases) it(`${JSON.stringify(v)} → ${out}`, () => expect(parseQuantity(v)).to.equal(out));
  });
});
