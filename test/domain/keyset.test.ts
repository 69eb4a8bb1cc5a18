import { expect } from 'chai';
import { decodeCursor, encodeCursor, keysetPage, keysetPlan } from '../../src/domain/keyset.ts';

describe('domain/keyset', () => {
  it('round-trips cursors of every value kind, unicode included', () => {
    for (const c of [
      { v: '2026-05-01T10:00:00.000Z', id: 42 },
      { v: 12.5, id: 1 },
      { v: null, id: 7 },
      { v: 'dûrand', id: 3 },
    ]) {
      expect(decodeCursor(encodeCursor(c))).to.deep.equal(c);
    }
  });

  it('reads junk as no cursor', () => {
    for (const junk of [
      '',
      'x',
      '!!!',
      encodeCursor({ v: 'a', id: 1 }).slice(0, 3),
      'W10',
      btoa('[{"a":1},1]'),
      btoa('["a",-1]'),
      42,
      null,
      ['a'],
    ]) {
      expect(decodeCursor(junk as unknown), String(junk)).to.equal(null);
    }
  });

  const table: ['asc' | 'desc', 'after' | 'before', string, string, boolean][] = [
    ['desc', 'after', '<', 'desc', false],
    ['desc', 'before', '>', 'asc', true],
    ['asc', 'after', '>', 'asc', false],
    ['asc', 'before', '<', 'desc', true],
  ];
  for (const [dir, mode, op, fetchDir, reverse] of table) {
    it(`${dir} ${mode}: ${op}, fetch ${fetchDir}${reverse ? ', reversed' : ''}`, () => {
      expect(keysetPlan(dir, mode)).to.deep.equal({ op, fetchDir, reverse });
    });
  }
});

describe('domain/keyset keysetPage', () => {
  const key = (n: number) => `k${n}`;
  it('forward from the start: next only when an extra row came back', () => {
    expect(keysetPage([1, 2, 3], 2, 'after', false, false, key)).to.deep.equal({
      rows: [1, 2],
      next: 'k2',
      prev: null,
    });
    expect(keysetPage([1, 2], 2, 'after', false, false, key)).to.deep.equal({ rows: [1, 2], next: null, prev: null });
  });
  it('forward through a cursor has a previous page', () => {
    expect(keysetPage([3, 4], 2, 'after', true, false, key)).to.deep.equal({ rows: [3, 4], next: null, prev: 'k3' });
  });
  it('backward is reversed into display order; prev only when more came back', () => {
    expect(keysetPage([4, 3, 2], 2, 'before', true, true, key)).to.deep.equal({ rows: [3, 4], next: 'k4', prev: 'k3' });
    expect(keysetPage([2, 1], 2, 'before', true, true, key)).to.deep.equal({ rows: [1, 2], next: 'k2', prev: null });
  });
  it('an empty page links nowhere', () =>
    expect(keysetPage([], 2, 'after', true, false, key)).to.deep.equal({ rows: [], next: null, prev: null }));
});
