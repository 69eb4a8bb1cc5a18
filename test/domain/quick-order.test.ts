import { expect } from 'chai';
import {
  allOk,
  judgeLines,
  linesFromList,
  parseQuickOrder,
  partKeys,
  splitRow,
  type Found,
} from '../../src/domain/quick-order.ts';

const brief = (text: string) => parseQuickOrder(text).map((l) => [l.line, l.stockcode, l.quantityText, l.quantity]);

describe('domain/quick-order', () => {
  describe('parseQuickOrder: pasted lines', () => {
    const cases: [string, string, unknown[][]][] = [
      ['comma', 'PP-DOB-15, 4', [[1, 'PP-DOB-15', '4', 4]]],
      ['comma, no space', 'PP-DOB-15,4', [[1, 'PP-DOB-15', '4', 4]]],
      ['semicolon', 'PP-DOB-15;4', [[1, 'PP-DOB-15', '4', 4]]],
      ['tab (a spreadsheet copy)', 'PP-DOB-15\t4', [[1, 'PP-DOB-15', '4', 4]]],
      ['space', 'PP-DOB-15 4', [[1, 'PP-DOB-15', '4', 4]]],
      ['several spaces', '  PP-DOB-15     12  ', [[1, 'PP-DOB-15', '12', 12]]],
      ['no quantity means one', 'HT-PIN-1', [[1, 'HT-PIN-1', '', 1]]],
      ['comma and no quantity', 'HT-PIN-1,', [[1, 'HT-PIN-1', '', 1]]],
      ['a quantity that is not a number', 'HT-PIN-1, two', [[1, 'HT-PIN-1', 'two', null]]],
      ['a fraction', 'HT-PIN-1, 1.5', [[1, 'HT-PIN-1', '1.5', null]]],
      [
        'zero and out of range stay as typed (judged later)',
        'A 0\nB 1000\nC -3',
        [
          [1, 'A', '0', 0],
          [2, 'B', '1000', 1000],
          [3, 'C', '-3', -3],
        ],
      ],
      [
        'blank rows skipped, row numbers kept',
        '\nPP-SCW 2\n\n  \nDC-IDL 1\n',
        [
          [2, 'PP-SCW', '2', 2],
          [5, 'DC-IDL', '1', 1],
        ],
      ],
      [
        'windows line ends',
        'PP-SCW,2\r\nDC-IDL,1\r\n',
        [
          [1, 'PP-SCW', '2', 2],
          [2, 'DC-IDL', '1', 1],
        ],
      ],
      [
        'old mac line ends',
        'PP-SCW,2\rDC-IDL,1',
        [
          [1, 'PP-SCW', '2', 2],
          [2, 'DC-IDL', '1', 1],
        ],
      ],
      ['lower case kept as typed', 'pp-scw 2', [[1, 'pp-scw', '2', 2]]],
      ['quoted with spaces', '"PP-SCW" 2', [[1, 'PP-SCW', '2', 2]]],
      ['nothing', '', []],
      ['only blanks', '\n \n\t\n', []],
    ];
    for (const [name, text, expected] of cases) it(name, () => expect(brief(text)).to.deep.equal(expected));
  });

  describe('parseQuickOrder: CSV', () => {
    const cases: [string, string, unknown[][]][] = [
      [
        'header part_number,quantity',
        'part_number,quantity\nPP-DOB-15,4\nHT-PIN-1,10',
        [
          [2, 'PP-DOB-15', '4', 4],
          [3, 'HT-PIN-1', '10', 10],
        ],
      ],
      ['header stockcode,qty', 'stockcode,qty\nPP-DOB-15,4', [[2, 'PP-DOB-15', '4', 4]]],
      [
        'header in another order, extra columns',
        'qty,description,Stock Code\n3,"Blade, 15 in",PP-DOB-15',
        [[2, 'PP-DOB-15', '3', 3]],
      ],
      ['header with only the part column', 'part_number\nPP-DOB-15', [[2, 'PP-DOB-15', '', 1]]],
      [
        'no header',
        'PP-DOB-15,4\nHT-PIN-1,10',
        [
          [1, 'PP-DOB-15', '4', 4],
          [2, 'HT-PIN-1', '10', 10],
        ],
      ],
      ['quoted cells', '"PP-DOB-15","4"', [[1, 'PP-DOB-15', '4', 4]]],
      ['a quote inside a quoted cell', '"PP ""X""",2', [[1, 'PP "X"', '2', 2]]],
      ['byte order mark from a spreadsheet', '\uFEFFpart_number,quantity\r\nPP-SCW,2\r\n', [[2, 'PP-SCW', '2', 2]]],
      [
        'a header only after data is data',
        'PP-SCW,2\npart_number,quantity',
        [
          [1, 'PP-SCW', '2', 2],
          [2, 'part_number', 'quantity', null],
        ],
      ],
    ];
    for (const [name, text, expected] of cases) it(name, () => expect(brief(text)).to.deep.equal(expected));
  });

  it('splitRow', () => {
    expect(splitRow('a, b ,c')).to.deep.equal(['a', 'b', 'c']);
    expect(splitRow('a b')).to.deep.equal(['a', 'b']);
    expect(splitRow('"a,b",c')).to.deep.equal(['a,b', 'c']);
  });

  it('linesFromList numbers the lines and reads the quantity strictly', () => {
    expect(
      linesFromList([
        { stockcode: ' PP-SCW ', quantity: 2 },
        { stockcode: 'X', quantity: '' },
        { stockcode: 'Y', quantity: '7', line: 9 },
      ]),
    ).to.deep.equal([
      { line: 1, stockcode: 'PP-SCW', quantityText: '2', quantity: 2 },
      { line: 2, stockcode: 'X', quantityText: '', quantity: null },
      { line: 9, stockcode: 'Y', quantityText: '7', quantity: 7 },
    ]);
  });

  it('partKeys: distinct, case-insensitive, no blanks or absurd lengths', () => {
    expect(partKeys(parseQuickOrder(`PP-SCW 1\npp-scw 2\nDC-IDL 1\n${'X'.repeat(81)} 1`))).to.deep.equal([
      'pp-scw',
      'dc-idl',
    ]);
  });

  describe('judgeLines', () => {
    const found = new Map<string, Found<string>>([
      ['pp-scw', { kind: 'ok', product: 'closing wheel' }],
      ['dc-idl', { kind: 'ok', product: 'idler' }],
      ['demo-oos', { kind: 'not_sold', reason: 'out_of_stock', product: 'marker kit' }],
    ]);
    const cases: [string, string, [number, string, string?, number?][]][] = [
      [
        'all fine',
        'PP-SCW 2\nDC-IDL 999',
        [
          [1, 'ok'],
          [2, 'ok'],
        ],
      ],
      ['unknown', 'NOPE-1 2', [[1, 'unknown']]],
      ['not sold, with the reason', 'DEMO-OOS 1', [[1, 'not_sold', 'out_of_stock']]],
      ['quantity 0', 'PP-SCW 0', [[1, 'bad_quantity']]],
      ['quantity 1000', 'PP-SCW 1000', [[1, 'bad_quantity']]],
      ['quantity not a number', 'PP-SCW lots', [[1, 'bad_quantity']]],
      [
        'quantity 1 and 999 are fine',
        'PP-SCW 1\nDC-IDL 999',
        [
          [1, 'ok'],
          [2, 'ok'],
        ],
      ],
      [
        'a duplicate names the first row, in any case',
        'PP-SCW 2\nDC-IDL 1\npp-scw 3',
        [
          [1, 'ok'],
          [2, 'ok'],
          [3, 'duplicate', undefined, 1],
        ],
      ],
      [
        'a duplicate of an unknown is a duplicate',
        'NOPE 1\nNOPE 2',
        [
          [1, 'unknown'],
          [2, 'duplicate', undefined, 1],
        ],
      ],
      ['unknown wins over a bad quantity', 'NOPE 0', [[1, 'unknown']]],
      ['not sold wins over a bad quantity', 'DEMO-OOS 0', [[1, 'not_sold', 'out_of_stock']]],
    ];
    for (const [name, text, expected] of cases) {
      it(name, () => {
        const verdicts = judgeLines(parseQuickOrder(text), found);
        expect(verdicts.map((v) => [v.line, v.status, v.reason, v.firstLine])).to.deep.equal(
          expected.map(([line, status, reason, first]) => [line, status, reason, first]),
        );
      });
    }
    it('carries the product found for ok, not sold and duplicate lines', () => {
      const v = judgeLines(parseQuickOrder('PP-SCW 1\nDEMO-OOS 1\nPP-SCW 1\nNOPE 1'), found);
      expect(v.map((x) => x.product)).to.deep.equal(['closing wheel', 'marker kit', 'closing wheel', null]);
    });
    it('allOk: every line ok, and at least one', () => {
      expect(allOk(judgeLines(parseQuickOrder('PP-SCW 1\nDC-IDL 2'), found))).to.equal(true);
      expect(allOk(judgeLines(parseQuickOrder('PP-SCW 1\nNOPE 2'), found))).to.equal(false);
      expect(allOk([])).to.equal(false);
    });
  });
});
