/** Machine down: the fastest quote per warehouse, the priority order and scarce stock served by it. */
import { expect } from 'chai';
import {
  allocateScarce,
  byPriority,
  comparePriority,
  fastestPerWarehouse,
  fastestRate,
} from '../../src/domain/machine-down.ts';

const rate = (id: number, total: string, min: number | null, max: number | null, delivery: string | null = null) => ({
  id,
  total: { value: total },
  min_days: min,
  max_days: max,
  delivery_date: delivery,
});

describe('machine down: fastest shipping', () => {
  it('picks the quote arriving soonest, not the cheapest', () => {
    const ground = rate(1, '18.40', 3, 5, '2026-12-10');
    const express = rate(2, '64.90', 1, 1, '2026-12-04');
    const twoDay = rate(3, '31.00', 2, 2, '2026-12-07');
    expect(fastestRate([ground, express, twoDay])?.id).to.equal(2);
  });

  it('between two equally fast quotes takes the cheaper', () => {
    expect(fastestRate([rate(1, '40.00', 1, 2), rate(2, '39.99', 1, 2)])?.id).to.equal(2);
  });

  it('by transit days when there is no delivery date; unknown days are never fastest', () => {
    expect(fastestRate([rate(1, '5.00', null, null), rate(2, '90.00', 4, 6)])?.id).to.equal(2);
    expect(fastestRate([rate(1, '20.00', 2, 5), rate(2, '25.00', 3, 4)])?.id).to.equal(2);
  });

  it('offers nothing for a warehouse without quotes, one quote for each of the others', () => {
    const out = fastestPerWarehouse([
      { warehouseId: 7, rates: [rate(1, '10.00', 3, 5), rate(2, '30.00', 1, 1)] },
      { warehouseId: 8, rates: [] },
      { warehouseId: 9, rates: [rate(3, '12.00', 2, 3)] },
    ]);
    expect(out.map((w) => [w.warehouseId, w.rates.map((r) => r.id)])).to.deep.equal([
      [7, [2]],
      [8, []],
      [9, [3]],
    ]);
  });
});

describe('machine down: priority', () => {
  const a = { orderId: 10, machineDown: false, placedAt: '2026-12-01T08:00:00Z' };
  const b = { orderId: 11, machineDown: true, placedAt: '2026-12-02T09:00:00Z' };
  const c = { orderId: 12, machineDown: false, placedAt: '2026-11-30T17:00:00Z' };
  const d = { orderId: 13, machineDown: true, placedAt: '2026-12-01T10:00:00Z' };

  it('serves machine-down orders first, then the longest waiting', () => {
    expect(byPriority([a, b, c, d]).map((o) => o.orderId)).to.deep.equal([13, 11, 12, 10]);
  });

  it('two orders placed at the same moment go by order number', () => {
    const same = '2026-12-01T08:00:00Z';
    expect(comparePriority({ ...a, placedAt: same }, { ...c, placedAt: same })).to.be.below(0);
  });
});

describe('machine down: scarce stock', () => {
  const line = (lineId: number, orderId: number, quantity: number, machineDown: boolean, placedAt: string) => ({
    lineId,
    orderId,
    productId: 500,
    quantity,
    machineDown,
    placedAt,
  });

  it('5 on the shelf, 3 orders wanting 4, 2 and 3: the machine-down order of 3 first, then the oldest that fits', () => {
    const free = new Map([[500, 5]]);
    const out = allocateScarce(free, [
      line(1, 100, 4, false, '2026-12-01T08:00:00Z'),
      line(2, 101, 2, false, '2026-12-01T09:00:00Z'),
      line(3, 102, 3, true, '2026-12-02T15:00:00Z'),
    ]);
    // 5 − 3 (machine down) = 2 left; the 4 does not fit, the 2 does; 0 left.
    expect(out.served.map((s) => [s.lineId, s.quantity])).to.deep.equal([
      [3, 3],
      [2, 2],
    ]);
    expect(out.waiting).to.deep.equal([1]);
    expect(out.left.get(500)).to.equal(0);
    expect(free.get(500)).to.equal(5); // the caller's map is not changed
  });

  it('without machine-down orders the oldest is served first', () => {
    const out = allocateScarce(new Map([[500, 4]]), [
      line(1, 100, 2, false, '2026-12-01T09:00:00Z'),
      line(2, 101, 3, false, '2026-12-01T08:00:00Z'),
    ]);
    expect(out.served.map((s) => s.lineId)).to.deep.equal([2]);
    expect(out.waiting).to.deep.equal([1]);
    expect(out.left.get(500)).to.equal(1);
  });

  it('a product with no stock serves nobody', () => {
    const out = allocateScarce(new Map(), [line(1, 100, 1, true, '2026-12-01T08:00:00Z')]);
    expect(out.served).to.deep.equal([]);
    expect(out.waiting).to.deep.equal([1]);
  });
});
