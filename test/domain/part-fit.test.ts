/** What a part on its own says about the customer's machines, and which replacement fits (pure). */
import { expect } from 'chai';
import type { FitRow } from '../../src/domain/fitment.ts';
import { fitsMark, fitsNone, machinesFitting, replacementThatFits } from '../../src/domain/part-fit.ts';

const north = { id: 1, name: 'North planter', modelId: 4, serial: '162345' };
const south = { id: 2, name: 'South planter', modelId: 4, serial: '171000' };
const old = { id: 3, name: 'Old planter', modelId: 4, serial: '120000' };
const fromChange: FitRow[] = [{ modelId: 4, from: '150000', to: null }];
const beforeChange: FitRow[] = [{ modelId: 4, from: '100000', to: '149999' }];

describe('part fit (domain)', () => {
  it('names the machines the rows include, in the customer’s order; none without rows', () => {
    expect(machinesFitting([old, north, south], fromChange).map((m) => m.name)).to.deep.equal([
      'North planter',
      'South planter',
    ]);
    expect(machinesFitting([north], [])).to.deep.equal([]);
    expect(fitsMark(machinesFitting([north, south], fromChange))).to.deep.equal({ name: 'North planter', more: 1 });
    expect(fitsMark(machinesFitting([north], fromChange))).to.deep.equal({ name: 'North planter', more: 0 });
    expect(fitsMark([])).to.equal(null);
  });

  it('fits none only when there are machines and rows, and the rows exclude every machine', () => {
    expect(fitsNone([north, south], beforeChange)).to.equal(true);
    expect(fitsNone([north, old], beforeChange)).to.equal(false);
    expect(fitsNone([north], [])).to.equal(false);
    expect(fitsNone([], beforeChange)).to.equal(false);
    expect(fitsNone([north], [{ modelId: 6, from: null, to: null }])).to.equal(true);
  });

  it('follows replacements to the nearest part that fits, past parts with no rows, never round a loop', () => {
    // 10 → 11 (no rows) → 12 (fits from 150000); 10 → 13 (fits before the change only)
    const next: Record<number, number[]> = { 10: [13, 11], 11: [12], 12: [10] };
    const rows: Record<number, FitRow[]> = { 12: fromChange, 13: beforeChange, 10: beforeChange };
    const follow = (machine: typeof north, start: number) =>
      replacementThatFits(
        machine,
        start,
        (p) => next[p] ?? [],
        (p) => rows[p] ?? [],
      );
    expect(follow(north, 10)).to.equal(12);
    expect(follow(old, 10)).to.equal(13);
    expect(follow({ ...north, modelId: 6 }, 10)).to.equal(null);
    expect(follow(north, 99)).to.equal(null);
  });
});
