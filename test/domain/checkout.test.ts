/** Checkout rules (spec §4, §5): tabs, dirty flags, warehouse allocation, tax, postal codes, region order. */
import { expect } from 'chai';
import {
  activeTab,
  allocateStock,
  computeTax,
  dirtyOrderFields,
  fieldDirty,
  isTaxExempt,
  postalCodeValid,
  ratesFor,
  shippingAddressDirty,
  shippingMethodsDirty,
  sortRegionOptions,
  tabDisabled,
} from '../../src/domain/checkout.ts';
import { rng as seeded } from './support/rng.ts';

describe('domain: checkout', () => {
  it('a tab is disabled when its index is above the active one', () => {
    expect([0, 1, 2].map((i) => tabDisabled(i, 0))).to.deep.equal([false, true, true]);
    expect([0, 1, 2].map((i) => tabDisabled(i, 2))).to.deep.equal([false, false, false]);
  });

  it('active tab: 2 with a type-2 line, 1 with a tax-exempt id, 0 otherwise or when the country check failed', () => {
    const base = { userId: 7, shipToId: 3, taxExemptId: '0', lineTypes: [0], countryCheckOk: true };
    expect(activeTab(base)).to.equal(1);
    expect(activeTab({ ...base, lineTypes: [0, 2] })).to.equal(2);
    expect(activeTab({ ...base, taxExemptId: null })).to.equal(0);
    expect(activeTab({ ...base, shipToId: null })).to.equal(0);
    expect(activeTab({ ...base, userId: null, lineTypes: [2] })).to.equal(0);
    expect(activeTab({ ...base, countryCheckOk: false, lineTypes: [2] })).to.equal(0);
  });

  it('dirty rules: shipping address, shipping methods, PO number and attention', () => {
    const a = { returning: true, chosen: 5 as number | 'add-new' | null, orderShipTo: 5, countryCheckOk: true };
    expect(shippingAddressDirty(a)).to.equal(false);
    expect(shippingAddressDirty({ ...a, returning: false })).to.equal(true);
    expect(shippingAddressDirty({ ...a, chosen: null })).to.equal(true);
    expect(shippingAddressDirty({ ...a, chosen: 'add-new' })).to.equal(true);
    expect(shippingAddressDirty({ ...a, chosen: 6 })).to.equal(true);
    expect(shippingAddressDirty({ ...a, countryCheckOk: false })).to.equal(true);
    expect(shippingMethodsDirty({ orderQuoteIds: [], knownQuoteIds: [1], lastPosted: [1] })).to.equal(true);
    expect(shippingMethodsDirty({ orderQuoteIds: [1, 2], knownQuoteIds: [], lastPosted: [] })).to.equal(true);
    expect(shippingMethodsDirty({ orderQuoteIds: [1, 2], knownQuoteIds: [2], lastPosted: [1] })).to.equal(true);
    expect(shippingMethodsDirty({ orderQuoteIds: [1, 2], knownQuoteIds: [2], lastPosted: [2] })).to.equal(false);
    expect(fieldDirty('PO-1', 'PO-1')).to.equal(false);
    expect(fieldDirty('', null)).to.equal(false);
    expect(fieldDirty('PO-2', 'PO-1')).to.equal(true);
  });

  it('PO number and attention are sent only when dirty', () => {
    const order = { po_number: 'PO-1', attention: null };
    expect(dirtyOrderFields({ po_number: 'PO-1', attention: '' }, order)).to.deep.equal({});
    expect(dirtyOrderFields({ po_number: ' PO-1 ', attention: '  ' }, order)).to.deep.equal({});
    expect(dirtyOrderFields({ po_number: 'PO-2', attention: '' }, order)).to.deep.equal({ po_number: 'PO-2' });
    expect(dirtyOrderFields({ po_number: 'PO-1', attention: 'Dock 4 ' }, order)).to.deep.equal({ attention: 'Dock 4' });
    expect(dirtyOrderFields({ po_number: '', attention: 'Gate' }, order)).to.deep.equal({
      po_number: '',
      attention: 'Gate',
    });
  });

  it('tax exempt when the id is neither empty nor 0', () => {
    expect([null, undefined, '', '0', 0, ' '].map(isTaxExempt)).to.deep.equal([
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
    expect(isTaxExempt('TX-88')).to.equal(true);
  });

  it('allocation: one warehouse when it can fill the order, else split in preference order, short lines reported', () => {
    const lines = [
      { lineId: 1, productId: 10, quantity: 4, needsStock: true },
      { lineId: 2, productId: 11, quantity: 1, needsStock: false },
    ];
    const whole = allocateStock(
      lines,
      [1, 2],
      new Map([
        ['1:10', 2],
        ['2:10', 9],
      ]),
    );
    expect(whole.warehouses).to.deep.equal([
      {
        warehouseId: 2,
        items: [
          { lineId: 1, productId: 10, quantity: 4 },
          { lineId: 2, productId: 11, quantity: 1 },
        ],
      },
    ]);
    const split = allocateStock(
      lines,
      [1, 2],
      new Map([
        ['1:10', 3],
        ['2:10', 2],
      ]),
    );
    expect(split.warehouses.map((w) => [w.warehouseId, w.items.map((i) => i.quantity)])).to.deep.equal([
      [1, [3, 1]],
      [2, [1]],
    ]);
    expect(split.short).to.deep.equal([]);
    const short = allocateStock(lines, [1, 2], new Map([['1:10', 1]]));
    expect(short.short).to.deep.equal([{ lineId: 1, missing: 3 }]);
  });

  it('allocation never takes more than is free and never more than a line asks (random cases)', () => {
    const rng = seeded(7);
    for (let n = 0; n < 300; n++) {
      const houses = [1, 2, 3].slice(0, rng.int(1, 3));
      const free = new Map<string, number>();
      for (const h of houses) for (const p of [10, 11, 12]) free.set(`${h}:${p}`, rng.int(0, 6));
      const lines = Array.from({ length: rng.int(1, 4) }, (_, k) => ({
        lineId: k + 1,
        productId: 10 + rng.int(0, 2),
        quantity: rng.int(1, 8),
        needsStock: true,
      }));
      const a = allocateStock(lines, houses, free);
      const taken = new Map<string, number>();
      for (const w of a.warehouses)
        for (const i of w.items)
          taken.set(
            `${w.warehouseId}:${i.productId}`,
            (taken.get(`${w.warehouseId}:${i.productId}`) ?? 0) + i.quantity,
          );
      for (const [k, q] of taken) expect(q).to.be.at.most(free.get(k) ?? 0);
      for (const l of lines) {
        const got = a.warehouses
          .flatMap((w) => w.items)
          .filter((i) => i.lineId === l.lineId)
          .reduce((s, i) => s + i.quantity, 0);
        const missing = a.short.find((s) => s.lineId === l.lineId)?.missing ?? 0;
        expect(got + missing).to.equal(l.quantity);
      }
    }
  });

  it('tax: one rounded line per rate, nothing when exempt; region rates else the country default', () => {
    expect(
      computeTax(
        10_000,
        [
          { name: 'Iowa sales tax', rate: 0.06 },
          { name: 'Local option tax', rate: 0.01 },
        ],
        false,
      ).map((t) => t.amountCents),
    ).to.deep.equal([600, 100]);
    expect(computeTax(333, [{ name: 'QST', rate: 0.09975 }], false)[0].amountCents).to.equal(33);
    expect(computeTax(10_000, [{ name: 'x', rate: 0.06 }], true)).to.deep.equal([]);
    const rows = [
      { regionCode: '', name: 'State' },
      { regionCode: 'IA', name: 'Iowa' },
    ];
    expect(ratesFor(rows, 'IA').map((r) => r.name)).to.deep.equal(['Iowa']);
    expect(ratesFor(rows, 'WY').map((r) => r.name)).to.deep.equal(['State']);
  });

  it('postal codes per country; regions sorted by name keeping the first option', () => {
    expect(['50010', '50010-1234'].every((p) => postalCodeValid('US', p))).to.equal(true);
    expect(postalCodeValid('US', '5001')).to.equal(false);
    expect(postalCodeValid('CA', 'H7N 1A1')).to.equal(true);
    expect(postalCodeValid('CA', '12345')).to.equal(false);
    expect(postalCodeValid('MX', '45200')).to.equal(true);
    expect(postalCodeValid('MX', 'J2T5H1')).to.equal(false);
    expect(
      sortRegionOptions([{ name: 'Choose…' }, { name: 'Texas' }, { name: 'Alabama' }]).map((r) => r.name),
    ).to.deep.equal(['Choose…', 'Alabama', 'Texas']);
  });
});
