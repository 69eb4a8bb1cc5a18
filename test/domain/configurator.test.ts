import { expect } from 'chai';
import { configure, configuredStockCode, type ConfigOption } from '../../src/domain/configurator.ts';

// Row count (4/6/8 rows); 8 rows reveals Row spacing (30"/36"); Extra plates is a quantity option.
const options: ConfigOption[] = [
  {
    id: 1,
    name: 'Row count',
    optionType: 0,
    parentChoiceId: null,
    stockCodePosition: 1,
    sort: 0,
    choices: [
      { id: 11, name: '4 rows', stockCodeValue: '4', priceCents: 0, isDefault: true },
      { id: 12, name: '6 rows', stockCodeValue: '6', priceCents: 250000, isDefault: false },
      { id: 13, name: '8 rows', stockCodeValue: '8', priceCents: 480000, isDefault: false },
    ],
  },
  {
    id: 2,
    name: 'Row spacing',
    optionType: 0,
    parentChoiceId: 13,
    stockCodePosition: 2,
    sort: 1,
    choices: [
      { id: 21, name: '30 in', stockCodeValue: '30', priceCents: 0, isDefault: true },
      { id: 22, name: '36 in', stockCodeValue: '36', priceCents: 12000, isDefault: false },
    ],
  },
  {
    id: 3,
    name: 'Extra seed plates',
    optionType: 1,
    parentChoiceId: null,
    stockCodePosition: 3,
    sort: 2,
    choices: [{ id: 31, name: 'Corn plate', stockCodeValue: '4', priceCents: 4500, isDefault: false }],
  },
];

describe('domain/configurator', () => {
  it('selects defaults and hides options whose parent choice is not active', () => {
    const c = configure(options);
    expect(c.visibleOptionIds).to.deep.equal([1, 3]);
    expect(c.selections).to.deep.equal([{ optionId: 1, choiceId: 11, optionType: 0, quantity: 1 }]);
    expect(c.optionsCents).to.equal(0);
    expect(configuredStockCode('DEMO-CONFIG', options, c)).to.equal('DEMO-CONFIG-004');
  });

  it('shows the dependent child with its default when its parent choice is chosen', () => {
    const c = configure(options, [{ optionId: 1, choiceId: 13 }]);
    expect(c.visibleOptionIds).to.deep.equal([1, 2, 3]);
    expect(c.selections.map((s) => s.choiceId)).to.deep.equal([13, 21]);
    expect(c.optionsCents).to.equal(480000);
    expect(configuredStockCode('DEMO-CONFIG', options, c)).to.equal('DEMO-CONFIG-008-030');
  });

  it('drops (unchecks) a child choice once its parent is no longer chosen', () => {
    const c = configure(options, [
      { optionId: 1, choiceId: 12 },
      { optionId: 2, choiceId: 22 },
    ]);
    expect(c.visibleOptionIds).not.to.include(2);
    expect(c.selections.map((s) => s.choiceId)).to.deep.equal([12]);
    expect(c.optionsCents).to.equal(250000);
  });

  it('prices quantity options per unit, clamps to 0..35 and encodes 10..35 as letters', () => {
    const cases: [number, number, string][] = [
      [0, 0, 'DEMO-CONFIG-008-036'],
      [3, 3 * 4500, 'DEMO-CONFIG-008-036-043'],
      [10, 10 * 4500, 'DEMO-CONFIG-008-036-04A'],
      [35, 35 * 4500, 'DEMO-CONFIG-008-036-04Z'],
      [99, 35 * 4500, 'DEMO-CONFIG-008-036-04Z'],
      [-4, 0, 'DEMO-CONFIG-008-036'],
    ];
    for (const [qty, extra, code] of cases) {
      const c = configure(options, [
        { optionId: 1, choiceId: 13 },
        { optionId: 2, choiceId: 22 },
        { optionId: 3, choiceId: 31, quantity: qty },
      ]);
      expect(c.optionsCents, `qty ${qty}`).to.equal(480000 + 12000 + extra);
      expect(configuredStockCode('DEMO-CONFIG', options, c), `qty ${qty}`).to.equal(code);
    }
  });

  it('ignores choices that belong to another option or do not exist', () => {
    const c = configure(options, [
      { optionId: 1, choiceId: 22 },
      { optionId: 99, choiceId: 1 },
      { optionId: 3, choiceId: 11, quantity: 5 },
    ]);
    expect(c.selections).to.deep.equal([{ optionId: 1, choiceId: 11, optionType: 0, quantity: 1 }]);
  });
});
