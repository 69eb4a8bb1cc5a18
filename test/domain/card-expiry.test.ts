import { expect } from 'chai';
import { cardExpired, parseCardExpiry } from '../../src/domain/card-expiry.ts';

describe('parseCardExpiry (digits with or without the slash)', () => {
  for (const [typed, month, year] of [
    ['12/29', 12, 2029],
    ['1229', 12, 2029],
    ['12 / 2029', 12, 2029],
    ['122029', 12, 2029],
    ['1/29', 1, 2029],
    ['01-30', 1, 2030],
    [' 07/31 ', 7, 2031],
  ] as const) {
    it(`reads "${typed}" as ${month}/${year}`, () => expect(parseCardExpiry(typed)).to.deep.equal({ month, year }));
  }
  for (const typed of ['', '13/29', '00/29', '129', '12/2', 'ab/cd', '12/295']) {
    it(`refuses "${typed}"`, () => expect(parseCardExpiry(typed)).to.equal(null));
  }
  it('a card is good through the end of its month', () => {
    expect(cardExpired({ month: 12, year: 2026 }, new Date('2026-12-31T23:00:00Z'))).to.equal(false);
    expect(cardExpired({ month: 11, year: 2026 }, new Date('2026-12-02T00:00:00Z'))).to.equal(true);
  });
});
