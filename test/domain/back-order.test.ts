import { expect } from 'chai';
import { addToCartState } from '../../src/domain/availability.ts';
import {
  backorderDayLabel,
  backorderNote,
  backorderedUnits,
  expectedShipDate,
  withBackorders,
} from '../../src/domain/back-order.ts';

const houses = [
  { id: 1, active: true, leadTimeDays: 21 },
  { id: 2, active: true, leadTimeDays: 10 },
  { id: 3, active: false, leadTimeDays: 2 },
];

describe('domain/back-order', () => {
  describe('expectedShipDate', () => {
    it('takes the earliest restock still to come at an active warehouse', () => {
      const day = expectedShipDate({
        expectations: [
          { warehouseId: 1, quantity: 5, expectedOn: '2027-03-20' },
          { warehouseId: 2, quantity: 5, expectedOn: '2027-03-12' },
          { warehouseId: 3, quantity: 5, expectedOn: '2027-03-01' },
          { warehouseId: 1, quantity: 5, expectedOn: '2027-01-01' },
        ],
        warehouses: houses,
        today: '2027-02-01',
      });
      expect(day).to.equal('2027-03-12');
    });

    it('counts a restock due today', () => {
      const day = expectedShipDate({
        expectations: [{ warehouseId: 1, quantity: 1, expectedOn: '2027-02-01' }],
        warehouses: houses,
        today: '2027-02-01',
      });
      expect(day).to.equal('2027-02-01');
    });

    it('falls back on today plus the shortest lead time of an active warehouse', () => {
      expect(expectedShipDate({ expectations: [], warehouses: houses, today: '2027-02-25' })).to.equal('2027-03-07');
    });

    it('is unknown with neither a restock nor a lead time', () => {
      const none = [{ id: 1, active: true, leadTimeDays: null }];
      expect(expectedShipDate({ expectations: [], warehouses: none, today: '2027-02-25' })).to.equal(null);
      expect(expectedShipDate({ expectations: [], warehouses: houses, today: 'soon' })).to.equal(null);
    });
  });

  it('back-orders only what the free stock cannot send', () => {
    expect(backorderedUnits(5, 2)).to.equal(3);
    expect(backorderedUnits(2, 5)).to.equal(0);
    expect(backorderedUnits(4, -1)).to.equal(4);
  });

  it('writes the day in the visitor’s language, with the year only when it is another', () => {
    expect(backorderDayLabel('2027-03-12', 'en-us', '2027-02-01')).to.equal('March 12');
    expect(backorderDayLabel('2027-03-12', 'en-ca', '2027-02-01')).to.equal('March 12');
    expect(backorderDayLabel('2027-03-12', 'fr-ca', '2027-02-01')).to.equal('12 mars');
    expect(backorderDayLabel('2027-03-12', 'es-mx', '2027-02-01')).to.equal('12 de marzo');
    expect(backorderDayLabel('2027-01-05', 'en-us', '2026-12-20')).to.equal('January 5, 2027');
  });

  describe('add to cart', () => {
    const now = new Date('2027-02-01T12:00:00Z');
    const out = { priceCents: 4500, availability: 'in_stock' as const, stockOnHand: 0, now };

    it('stays open for an out-of-stock part that may be back-ordered', () => {
      expect(addToCartState({ ...out, allowBackorder: true })).to.deep.equal({
        enabled: true,
        reason: null,
        resupplyDate: null,
        backorder: true,
      });
    });

    it('stays closed for one that may not', () => {
      expect(addToCartState(out)).to.deep.equal({ enabled: false, reason: 'out_of_stock', resupplyDate: null });
    });

    it('is not a back order while stock lasts, nor without a price', () => {
      expect(addToCartState({ ...out, stockOnHand: 2, allowBackorder: true })).to.deep.equal({
        enabled: true,
        reason: null,
        resupplyDate: null,
      });
      expect(addToCartState({ ...out, priceCents: 0, allowBackorder: true }).reason).to.equal('price');
    });
  });

  it('says back-ordered with the day, or without one when none is known', () => {
    const t = (key: string, params?: Record<string, string>) => `${key}|${params?.date ?? ''}`;
    expect(backorderNote('2027-03-12', '2027-02-01', 'fr-ca', t)).to.equal('backorder.expected|12 mars');
    expect(backorderNote(null, '2027-02-01', 'fr-ca', t)).to.equal('backorder.noDate|');
  });

  describe('withBackorders', () => {
    const lines = [
      { lineId: 10, productId: 100, quantity: 3, needsStock: true },
      { lineId: 11, productId: 101, quantity: 2, needsStock: true },
    ];
    const allocation = {
      warehouses: [{ warehouseId: 2, items: [{ lineId: 10, productId: 100, quantity: 1 }] }],
      short: [
        { lineId: 10, missing: 2 },
        { lineId: 11, missing: 2 },
      ],
    };

    it('ships a back-orderable line’s missing units from the first warehouse used', () => {
      const out = withBackorders(allocation, lines, [1, 2], (p) => p === 100);
      expect(out.allocation.short).to.deep.equal([{ lineId: 11, missing: 2 }]);
      expect(out.backordered).to.deep.equal([{ lineId: 10, productId: 100, quantity: 2, warehouseId: 2 }]);
      expect(out.allocation.warehouses).to.have.length(1);
      expect(out.allocation.warehouses[0].items.map((i) => i.quantity)).to.deep.equal([1, 2]);
      expect(allocation.warehouses[0].items).to.have.length(1);
    });

    it('uses the channel’s first warehouse when nothing is in stock', () => {
      const out = withBackorders({ warehouses: [], short: [{ lineId: 10, missing: 3 }] }, lines, [4, 2], () => true);
      expect(out.allocation.warehouses.map((w) => w.warehouseId)).to.deep.equal([4]);
      expect(out.backordered[0]).to.include({ quantity: 3, warehouseId: 4 });
      expect(out.allocation.short).to.deep.equal([]);
    });

    it('leaves a line that may not be back-ordered short', () => {
      const out = withBackorders(allocation, lines, [1, 2], () => false);
      expect(out.allocation).to.equal(allocation);
      expect(out.backordered).to.deep.equal([]);
    });
  });
});
