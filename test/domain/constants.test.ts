import { expect } from 'chai';
import * as C from '../../src/domain/constants.ts';

// The values themselves are the spec's (§9); restating them here would test nothing. What
// is tested are the relations between them that other code relies on.
describe('domain/constants', () => {
  it('the default locale is one of the locales, and every locale is lower-case language-country', () => {
    expect(C.LOCALES).to.include(C.DEFAULT_LOCALE);
    for (const l of C.LOCALES) expect(l).to.match(/^[a-z]{2}-[a-z]{2}$/);
  });

  it('discount line types are line types and exclude promotions', () => {
    for (const t of C.DISCOUNT_LINE_TYPES) expect(Object.values(C.LINE_TYPES)).to.include(t);
    expect(C.DISCOUNT_LINE_TYPES).to.not.include(C.LINE_TYPES.PROMOTION);
  });
});
