/** The picker field's rule on edge values (built on dates.ts; its own cases live in dates.test.ts). */
import { expect } from 'chai';
import { checkDateField } from '../../src/domain/date-field.ts';

const NOW = new Date('2026-11-24T15:00:00Z');

describe('domain/date-field', () => {
  const cases: [string, string | null, string][] = [
    ['11/24/26', '2026-11-24', 'today, mm/dd/yy'],
    ['24.11.2026', '2026-11-24', 'dd.mm.yyyy'],
    ['2026-12-01', '2026-12-01', 'yyyy-mm-dd'],
    ['1/5/38', '2038-01-05', 'year 38 is 20xx'],
    ['11/24/2047', '2047-11-24', 'exactly 21 years ahead (four-digit year: 39-69 are not two-digit years)'],
    ['11/25/2047', null, 'one day past 21 years'],
    ['11/23/26', null, 'yesterday'],
    ['13/13/27', null, 'month above 12 in every order'],
    ['12/32/27', null, 'day above 31'],
    ['2/30/27', null, 'no February 30'],
    ['5/13/70', null, 'year 70 is 1970 (past)'],
    ['hello', null, 'not a date'],
  ];
  for (const [input, out, name] of cases) {
    it(`${name}: ${input}`, () => {
      const r = checkDateField(input, NOW);
      if (out) expect(r).to.include({ ok: true, iso: out });
      else expect(r.ok).to.equal(false);
    });
  }
  it('names the reason and formats mm/dd/yy', () => {
    expect(checkDateField('11/23/26', NOW)).to.deep.equal({ ok: false, error: 'past' });
    expect(checkDateField('11/25/2047', NOW)).to.deep.equal({ ok: false, error: 'future' });
    expect(checkDateField('x', NOW)).to.deep.equal({ ok: false, error: 'format' });
    expect(checkDateField('2027-3-9', NOW)).to.include({ display: '03/09/27' });
    expect(checkDateField('5/13/70', NOW, { allowPast: true })).to.include({ iso: '1970-05-13' });
  });
});
