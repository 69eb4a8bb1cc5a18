import { expect } from 'chai';
import { csvCell, csvLine, neutraliseCell } from '../../src/domain/csv.ts';

describe('domain/csv', () => {
  it('prefixes cells a spreadsheet would run as a formula', () => {
    for (const v of ['=SUM(A1:A2)', '+1', '-2+3', '@cmd', '\t=x', '\r=x'])
      expect(neutraliseCell(v), v).to.equal(`'${v}`);
    for (const v of ['Seed plate', '1=1', 'a+b', '', "'quoted"]) expect(neutraliseCell(v), v).to.equal(v);
  });
  it('quotes commas, quotes and line breaks; numbers stay numbers (a negative amount is data)', () => {
    expect(csvCell('a,b')).to.equal('"a,b"');
    expect(csvCell('say "hi"')).to.equal('"say ""hi"""');
    expect(csvCell('two\nlines')).to.equal('"two\nlines"');
    expect(csvCell('=HYPERLINK("x","y")')).to.equal(`"'=HYPERLINK(""x"",""y"")"`);
    expect(csvCell(-12.5)).to.equal('-12.5');
    expect(csvCell(null)).to.equal('');
    expect(csvLine(['a', 1, null, '@x'])).to.equal("a,1,,'@x\r\n");
  });
});
