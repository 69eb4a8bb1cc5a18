/**
 * The one stock rule (src/domain/channel-stock.ts), against hand-written tables: which warehouses
 * a channel sells from, free stock, and which products count stock. The edges where the old copies
 * disagreed (no warehouse linked; a linked warehouse switched off; over-reserved rows) are here.
 */
import { expect } from 'chai';
import {
  channelStock,
  channelWarehouses,
  freeStockMap,
  freeUnits,
  sellsForChannel,
  tracksStock,
  type ChannelWarehouseFacts,
  type ProductStockRow,
} from '../../src/domain/channel-stock.ts';

const w = (id: number, active: boolean, priority: number | null): ChannelWarehouseFacts => ({
  id,
  active,
  linked: priority !== null,
  priority,
});
const row = (
  warehouseId: number,
  quantity: number,
  reserved: number,
  active: boolean,
  linked: boolean,
  resupplyDate: string | null = null,
): ProductStockRow => ({ warehouseId, quantity, reserved, active, linked, resupplyDate });

describe('channel stock (domain)', () => {
  describe('channelWarehouses: which warehouses a channel sells from', () => {
    const cases: [string, ChannelWarehouseFacts[], number[]][] = [
      ['linked active warehouses, by link priority', [w(1, true, 2), w(2, true, 1), w(3, true, null)], [2, 1]],
      ['equal priorities go by id', [w(7, true, 0), w(4, true, 0)], [4, 7]],
      ['none linked: every active warehouse, by id', [w(3, true, null), w(1, true, null), w(2, false, null)], [1, 3]],
      ['a linked warehouse switched off no longer counts', [w(1, false, 0), w(2, true, 1), w(3, true, null)], [2]],
      ['every linked warehouse off: the channel sells from none (no fallback)', [w(1, false, 0), w(2, true, null)], []],
      ['no warehouses at all', [], []],
    ];
    for (const [name, all, want] of cases)
      it(name, () => expect(channelWarehouses(all).map((x) => x.id)).to.deep.equal(want));

    it('sellsForChannel is the same predicate row by row', () => {
      expect(sellsForChannel({ active: true, linked: true }, true)).to.equal(true);
      expect(sellsForChannel({ active: true, linked: false }, true)).to.equal(false);
      expect(sellsForChannel({ active: true, linked: false }, false)).to.equal(true);
      expect(sellsForChannel({ active: false, linked: true }, true)).to.equal(false);
      expect(sellsForChannel({ active: false, linked: false }, false)).to.equal(false);
    });
  });

  describe('free stock', () => {
    it('is quantity − reserved, never below 0', () => {
      expect(freeUnits({ quantity: 10, reserved: 3 })).to.equal(7);
      expect(freeUnits({ quantity: 4, reserved: 4 })).to.equal(0);
      expect(freeUnits({ quantity: 2, reserved: 5 })).to.equal(0);
    });
    it('freeStockMap keys free units by warehouse and product', () => {
      const m = freeStockMap([
        { warehouseId: 1, productId: 9, quantity: 10, reserved: 3 },
        { warehouseId: 2, productId: 9, quantity: 1, reserved: 6 },
        { warehouseId: 1, productId: 8, quantity: 5, reserved: 0 },
      ]);
      expect([...m]).to.deep.equal([
        ['1:9', 7],
        ['2:9', 0],
        ['1:8', 5],
      ]);
    });
  });

  describe("channelStock: a product's free units and resupply date in the channel", () => {
    const cases: [string, boolean, ProductStockRow[], { free: number; resupplyDate: string | null }][] = [
      [
        'linked warehouses only',
        true,
        [row(1, 10, 2, true, true), row(2, 5, 0, true, true), row(3, 50, 0, true, false)],
        { free: 13, resupplyDate: null },
      ],
      [
        'none linked: every active warehouse',
        false,
        [row(1, 10, 2, true, false), row(2, 5, 0, true, false), row(3, 50, 0, false, false)],
        { free: 13, resupplyDate: null },
      ],
      [
        'a linked inactive warehouse counts nowhere',
        true,
        [row(1, 10, 0, false, true), row(2, 4, 1, true, true)],
        { free: 3, resupplyDate: null },
      ],
      [
        "an over-reserved row does not eat another warehouse's stock",
        true,
        [row(1, 2, 9, true, true), row(2, 6, 0, true, true)],
        { free: 6, resupplyDate: null },
      ],
      [
        'the latest resupply date of the counted warehouses; uncounted ones say nothing',
        true,
        [
          row(1, 0, 0, true, true, '2027-01-10'),
          row(2, 0, 0, true, true, '2027-03-01'),
          row(3, 0, 0, true, false, '2028-01-01'),
        ],
        { free: 0, resupplyDate: '2027-03-01' },
      ],
      ['no rows', false, [], { free: 0, resupplyDate: null }],
    ];
    for (const [name, channelLinked, rows, want] of cases)
      it(name, () => expect(channelStock({ channelLinked, rows })).to.deep.equal(want));
  });

  describe('tracksStock', () => {
    const p = (isPhysical: boolean, isNonStock: boolean, inventoryType: string) => ({
      isPhysical,
      isNonStock,
      inventoryType,
    });
    it('only physical, stocked goods not flagged non-stock count stock', () => {
      expect(tracksStock(p(true, false, 'stocked'))).to.equal(true);
      expect(tracksStock(p(false, false, 'stocked'))).to.equal(false);
      expect(tracksStock(p(true, true, 'stocked'))).to.equal(false);
      expect(tracksStock(p(true, false, 'made_to_order'))).to.equal(false);
      expect(tracksStock(p(true, false, 'drop_ship'))).to.equal(false);
    });
  });
});
