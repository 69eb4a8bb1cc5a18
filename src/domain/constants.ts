/**
 * Business constants and limits (spec §9), shared by the server and the browser islands so
 * that a number such as a debounce or a line type is written down exactly once.
 * Quantity limits live in quantity.ts and the payment tolerance in prorate.ts, beside their rules.
 */

/** Order line types: 0, 1 and 2 count toward the subtotal and discount; 5 is a promotion line. */
export const LINE_TYPES = {
  /** An ordinary product line. */
  PRODUCT: 0,
  /** A further line type that counts toward the discount (its meaning is not given in the spec). */
  OTHER: 1,
  /** Counts toward the discount; checkout treats it specially (it can jump straight to payment). */
  SPECIAL: 2,
  /** A promotion line. */
  PROMOTION: 5,
} as const;
export type LineType = (typeof LINE_TYPES)[keyof typeof LINE_TYPES];

/** Line types that count toward the subtotal and the discount (spec §3). */
export const DISCOUNT_LINE_TYPES: readonly number[] = [LINE_TYPES.PRODUCT, LINE_TYPES.OTHER, LINE_TYPES.SPECIAL];

/**
 * Payment types: the selected method is a card payment-method id for 1 and a check number for 2.
 * 3 is a debit from a verified bank account (ACH), the spec's "Payment" by bank.
 * 4 is an invoice on the buyer's organisation's net terms: placed unpaid, due later.
 */
export const PAYMENT_TYPES = { CARD: 1, CHECK: 2, BANK: 3, INVOICE: 4 } as const;

/** Wrong micro-deposit confirmations before a bank account is locked. */
export const MICRO_DEPOSIT_MAX_TRIES = 3;
export type PaymentType = (typeof PAYMENT_TYPES)[keyof typeof PAYMENT_TYPES];

/**
 * What a payment (or refund) allocation pays: a line (spec: 0), a fee (spec §3: 1), and beyond the
 * spec's two, the order's shipping (2) and one authority's tax (3, named by tax_name), so an order
 * can be paid in full, shipping and tax included.
 */
export const ALLOCATION_TYPES = { LINE: 0, FEE: 1, SHIPPING: 2, TAX: 3 } as const;
export type AllocationType = (typeof ALLOCATION_TYPES)[keyof typeof ALLOCATION_TYPES];

/** Payment allocation type that marks a fee (spec §3). */
export const FEE_ALLOCATION_TYPE = ALLOCATION_TYPES.FEE;

/** What a promotion's amount comes off: every product line, or parts only. */
export const PROMOTION_SCOPES = ['all', 'parts'] as const;
export type PromotionScope = (typeof PROMOTION_SCOPES)[number];

/** Minimum product price; add-to-cart is disabled at a computed price of 0 or less. */
export const MIN_PRODUCT_PRICE = 1;

/** Discount display toggle values (showDiscount): 1 shows original prices, 0 hides them. */
export const DISCOUNT_DISPLAY = { SHOWN: 1, HIDDEN: 0 } as const;

/** Checkout defaults (spec §3): new customers are personal accounts and subscribed unless they opt out. */
export const CHECKOUT_DEFAULTS = { account_type: 'personal', subscribe: true } as const;

/** Timings in milliseconds, named by what waits. */
export const CART_DEBOUNCE_MS = 500;
export const EPP_DEBOUNCE_MS = 1000;
export const ACCOUNT_EXISTS_DEBOUNCE_MS = 250;
export const TYPEAHEAD_LIMIT = 100;
export const TYPEAHEAD_WAIT_MS = 300;
export const AUTOCOMPLETE_REENABLE_MS = 500;
export const SUCCESS_INDICATOR_MS = 2000;
export const ALERT_DISMISS_MS = 10000;
export const SMOOTH_SCROLL_ELEMENT_MS = 1000;
export const SMOOTH_SCROLL_COORDS_MS = 500;

/** Translation editor: the placeholder language is never offered; previews default to English. */
export const PLACEHOLDER_LANGUAGE = 'xx';
export const DEFAULT_PREVIEW_LANGUAGE = 'en';

/** Shown when the EPP service gives no text of its own. */
export const DEFAULT_EPP_TEXT = 'Extended Payment Program (EPP)';

/** Parts diagram map zoom range. */
export const PARTS_ZOOM = { min: -4, max: 2 } as const;

/** Places search bounds: 40233 m (25 miles) from the located point toward south-west and north-east. */
export const PLACES_BOUNDS_OFFSET_M = 40233;
export const PLACES_BOUNDS_BEARINGS: readonly [number, number] = [225, 45];

/** Locale path prefixes the app serves, lower-case as they appear in URLs. */
export const LOCALES = ['en-us', 'en-ca', 'fr-ca', 'es-mx'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en-us';

/** Countries listed first, in this order, before the rest alphabetically. */
export const COUNTRY_ORDER: readonly string[] = ['US', 'CA'];

/** Date picker: how far ahead a date may be chosen, and its display format. */
export const DATE_PICKER_MAX_YEARS = 21;
export const DATE_PICKER_FORMAT = 'mm/dd/yy';

/** Landing page: videos play within this distance of the viewport. */
export const VIDEO_VIEWPORT_TOLERANCE_PX = 350;

/** Layout breakpoints in px (spec §9). */
export const BREAKPOINTS = {
  buttonGroups: 767,
  mobileTitle: 992,
  backgroundMobile: 450,
  backgroundTablet: 1151,
} as const;

/** Wait overlay opacity. */
export const WAIT_OVERLAY_OPACITY = 0.5;

/** Promotions table default sort: column 7 (0-based index as the table plugin counts), descending. */
export const PROMOTIONS_DEFAULT_SORT = { column: 7, direction: 'desc' } as const;

/**
 * User-facing texts fixed by the spec (§4, §5, §8), kept verbatim (the token prompt's spelling
 * included) so server and islands show the same words.
 */
export const MESSAGES = {
  orderRequiresLines: 'An order requires line items',
  orderUpdateFailed: 'Failed to update order, check console log for details',
  noCountrySelected: 'No country selected',
  genericError: 'An error occurred',
  networkError: 'Network Error',
  languageRequired: 'Language is required',
  cannotTranslateToEnglish: 'You cannot translate to English.',
  translationFailed: 'An error occurred while fetching the translation. Please try again.',
  noResults: 'No results found!',
  removing: 'Removing...',
  remove: 'Remove',
  regenerateTokenConfirm: "Are you sure you want to renegerate this warehouses's API token?",
} as const;
