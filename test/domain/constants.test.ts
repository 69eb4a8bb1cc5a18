import { expect } from 'chai';
import * as C from '../../src/domain/constants.ts';

describe('domain/constants', () => {
  const cases: [string, unknown, unknown][] = [
    ['LINE_TYPES', C.LINE_TYPES, { PRODUCT: 0, OTHER: 1, SPECIAL: 2, PROMOTION: 5 }],
    ['DISCOUNT_LINE_TYPES', C.DISCOUNT_LINE_TYPES, [0, 1, 2]],
    ['PAYMENT_TYPES', C.PAYMENT_TYPES, { CARD: 1, CHECK: 2 }],
    ['MIN_PRODUCT_PRICE', C.MIN_PRODUCT_PRICE, 1],
    ['CART_DEBOUNCE_MS', C.CART_DEBOUNCE_MS, 500],
    ['EPP_DEBOUNCE_MS', C.EPP_DEBOUNCE_MS, 1000],
    ['ACCOUNT_EXISTS_DEBOUNCE_MS', C.ACCOUNT_EXISTS_DEBOUNCE_MS, 250],
    ['TYPEAHEAD_LIMIT', C.TYPEAHEAD_LIMIT, 100],
    ['TYPEAHEAD_WAIT_MS', C.TYPEAHEAD_WAIT_MS, 300],
    ['AUTOCOMPLETE_REENABLE_MS', C.AUTOCOMPLETE_REENABLE_MS, 500],
    ['SUCCESS_INDICATOR_MS', C.SUCCESS_INDICATOR_MS, 2000],
    ['ALERT_DISMISS_MS', C.ALERT_DISMISS_MS, 10000],
    ['PLACEHOLDER_LANGUAGE', C.PLACEHOLDER_LANGUAGE, 'xx'],
    ['DEFAULT_PREVIEW_LANGUAGE', C.DEFAULT_PREVIEW_LANGUAGE, 'en'],
    ['DEFAULT_EPP_TEXT', C.DEFAULT_EPP_TEXT, 'Extended Payment Program (EPP)'],
    ['PARTS_ZOOM', C.PARTS_ZOOM, { min: -4, max: 2 }],
    ['PLACES_BOUNDS_OFFSET_M', C.PLACES_BOUNDS_OFFSET_M, 40233],
    ['PLACES_BOUNDS_BEARINGS', C.PLACES_BOUNDS_BEARINGS, [225, 45]],
    ['LOCALES', C.LOCALES, ['en-us', 'en-ca', 'fr-ca', 'es-mx']],
    ['DEFAULT_LOCALE', C.DEFAULT_LOCALE, 'en-us'],
    ['COUNTRY_ORDER', C.COUNTRY_ORDER, ['US', 'CA']],
    ['DATE_PICKER_MAX_YEARS', C.DATE_PICKER_MAX_YEARS, 21],
    ['CHECKOUT_DEFAULTS', C.CHECKOUT_DEFAULTS, { account_type: 'personal', subscribe: true }],
    ['PROMOTIONS_DEFAULT_SORT', C.PROMOTIONS_DEFAULT_SORT, { column: 7, direction: 'desc' }],
  ];
  for (const [name, actual, expected] of cases) it(`${name} matches spec §9`, () => expect(actual).to.deep.equal(expected));

  it('the default locale is one of the locales, and every locale is lower-case language-country', () => {
    expect(C.LOCALES).to.include(C.DEFAULT_LOCALE);
    for (const l of C.LOCALES) expect(l).to.match(/^[a-z]{2}-[a-z]{2}$/);
  });

  it('discount line types are line types and exclude promotions', () => {
    for (const t of C.DISCOUNT_LINE_TYPES) expect(Object.values(C.LINE_TYPES)).to.include(t);
    expect(C.DISCOUNT_LINE_TYPES).to.not.include(C.LINE_TYPES.PROMOTION);
  });
});
