import { expect } from 'chai';
import { checkPack, unpacked } from '../../src/domain/containers.ts';

const lines = [
  { id: 1, quantity: 5, warehouse_id: 10 },
  { id: 2, quantity: 1, warehouse_id: 20 },
];
const containers = [
  { id: 100, warehouse_id: 10 },
  { id: 101, warehouse_id: 10 },
  { id: 200, warehouse_id: 20 },
];
const items = [{ container_id: 100, line_id: 1, quantity: 3 }];

describe('domain/containers', () => {
  it('counts what is left to pack per line', () => {
    expect([...unpacked(lines, items)]).to.deep.equal([
      [1, 2],
      [2, 1],
    ]);
  });

  const table: [string, { container_id: number; line_id: number; quantity: number }, string | null][] = [
    ['the rest into a second container', { container_id: 101, line_id: 1, quantity: 2 }, null],
    ['one too many', { container_id: 101, line_id: 1, quantity: 3 }, 'too_many'],
    ['replacing what a container holds', { container_id: 100, line_id: 1, quantity: 5 }, null],
    ['another warehouse', { container_id: 200, line_id: 1, quantity: 1 }, 'other_warehouse'],
    ['zero', { container_id: 101, line_id: 1, quantity: 0 }, 'quantity'],
    ['a fraction', { container_id: 101, line_id: 1, quantity: 1.5 }, 'quantity'],
    ['unknown line', { container_id: 101, line_id: 9, quantity: 1 }, 'unknown_line'],
    ['unknown container', { container_id: 999, line_id: 1, quantity: 1 }, 'unknown_container'],
  ];
  for (const [name, put, want] of table)
    it(name, () => expect(checkPack(lines, containers, items, put)).to.equal(want));
});
