/**
 * Checkout input (spec §7 "Checkout"): the customer-info form's exact field names, the shipping
 * selection, and the order placement body. Forms may arrive urlencoded, multipart or as JSON.
 * Pure parsing, shared by checkout, approvals (which keeps a place-order body to place later),
 * guest checkout and the order page's survey.
 */
import { z } from 'zod';
import { BIZ_TYPES, CHECKOUT_ACCOUNT_TYPES, NO_COUNTRY_SELECTED, postalCodeValid } from './checkout.ts';
import { PAYMENT_TYPES } from './constants.ts';

const text = (label: string, max = 120) =>
  z
    .string({ message: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} is too long.`);
const optionalText = (max = 120) =>
  z
    .string()
    .trim()
    .max(max, 'Too long.')
    .optional()
    .transform((v) => v || undefined);
/** Checkbox-ish: 'true', '1', 'on', true → true; absent, 'false', '0', 'off', '' → false. */
const flag = (fallback: boolean) =>
  z
    .union([z.boolean(), z.string(), z.number()])
    .optional()
    .transform((v) => (v === undefined ? fallback : ['true', '1', 'on', 'yes'].includes(String(v).toLowerCase())));

/** A country code that is not one of ours. */
export const UNKNOWN_COUNTRY = 'Choose a country from the list.';

export type AddressInput = {
  firstName: string;
  lastName: string;
  address1: string;
  address2?: string;
  city: string;
  country: string;
  region: string;
  postalcode: string;
  phone?: string;
};

/** The address fields under a prefix ('shipping-' or 'new-shipping-'), checked per country. */
export function addressFrom(
  body: Record<string, unknown>,
  prefix: string,
): { data?: AddressInput; fields: Record<string, string> } {
  const schema = z.object({
    firstName: text('First name'),
    lastName: text('Last name'),
    address1: text('Address', 200),
    address2: optionalText(200),
    city: text('City'),
    // Spec §5/§9: no country at all is 'No country selected', the screen's own words.
    country: z
      .string({ message: NO_COUNTRY_SELECTED })
      .trim()
      .min(1, NO_COUNTRY_SELECTED)
      .regex(/^[A-Za-z]{2}$/, UNKNOWN_COUNTRY)
      .transform((v) => v.toUpperCase()),
    region: z.string().trim().max(10, 'Choose a region.').default(''),
    postalcode: text('Postal code', 12),
    phone: optionalText(40),
  });
  const pick = Object.fromEntries(
    ['firstName', 'lastName', 'address1', 'address2', 'city', 'country', 'region', 'postalcode', 'phone'].map((k) => [
      k,
      body[`${prefix}${k}`],
    ]),
  );
  const r = schema.safeParse(pick);
  const fields: Record<string, string> = {};
  const country = typeof pick.country === 'string' ? pick.country.trim() : '';
  const postal = typeof pick.postalcode === 'string' ? pick.postalcode.trim() : '';
  if (country && postal && !postalCodeValid(country, postal))
    fields[`${prefix}postalcode`] = 'Enter a valid postal code for this country.';
  if (!r.success) {
    for (const i of r.error.issues) fields[`${prefix}${String(i.path[0])}`] ??= i.message;
    return { fields };
  }
  return { data: { ...r.data, region: r.data.region.toUpperCase() }, fields };
}

/**
 * Where the bill goes (spec §4: billing follows shipping unless 'add-new'). `billingAddressId`
 * absent, '' or 'same': the ship-to; a saved address id (returning buyers); 'add-new': a new
 * address in the `new-billing-*` fields (returning) or `billing-*` fields (new customers).
 */
export type Billing = { same: true } | { same: false; addressId: number } | { same: false; address: AddressInput };

export type CustomerInfo =
  | {
      returning: true;
      shippingAddressId: number | 'add-new';
      newAddress?: AddressInput;
      billing: Billing;
      tax: TaxExempt;
    }
  | {
      returning: false;
      email: string;
      address: AddressInput;
      subscribe: boolean;
      accountType: 'personal' | 'organization';
      orgName?: string;
      billing: Billing;
      tax: TaxExempt;
    };

function billingFrom(body: Record<string, unknown>, returning: boolean, fields: Record<string, string>): Billing {
  const raw = String(body.billingAddressId ?? '').trim();
  if (raw === '' || raw === 'same') return { same: true };
  if (raw === 'add-new') {
    const a = addressFrom(body, returning ? 'new-billing-' : 'billing-');
    Object.assign(fields, a.fields);
    return a.data ? { same: false, address: a.data } : { same: true };
  }
  if (returning && /^\d{1,9}$/.test(raw)) return { same: false, addressId: Number(raw) };
  fields.billingAddressId = 'Choose a billing address.';
  return { same: true };
}

export type TaxExempt = { exempt: false } | { exempt: true; bizType: string; signature: string; title: string };

export class InputError extends Error {
  constructor(readonly fields: Record<string, string>) {
    super(Object.values(fields)[0] ?? 'Please correct the highlighted fields.');
  }
}

/** POST /{locale}/order/customer-info — the spec's field names, one error per field. */
export function parseCustomerInfo(raw: unknown, signedIn: boolean): CustomerInfo {
  const body = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const fields: Record<string, string> = {};
  const exempt = flag(false).parse(body['tax-exempt']);
  let tax: TaxExempt = { exempt: false };
  if (exempt) {
    const t = z
      .object({
        'biz-type': z.enum(BIZ_TYPES, { message: 'Choose a business type.' }),
        signature: text('Signature', 200),
        title: text('Position title', 120),
      })
      .safeParse(body);
    if (t.success)
      tax = { exempt: true, bizType: t.data['biz-type'], signature: t.data.signature, title: t.data.title };
    else for (const i of t.error.issues) fields[String(i.path[0])] ??= i.message;
  }
  const returning = flag(signedIn).parse(body.returning);
  if (returning) {
    if (!signedIn) throw new InputError({ returning: 'Please sign in to use your saved addresses.' });
    const raw = String(body.shippingAddressId ?? '').trim();
    let shippingAddressId: number | 'add-new' = 'add-new';
    let newAddress: AddressInput | undefined;
    if (raw === 'add-new') {
      const a = addressFrom(body, 'new-shipping-');
      Object.assign(fields, a.fields);
      newAddress = a.data;
    } else if (/^\d{1,9}$/.test(raw)) {
      shippingAddressId = Number(raw);
    } else {
      fields.shippingAddressId = 'Choose a shipping address.';
    }
    const billing = billingFrom(body, true, fields);
    if (Object.keys(fields).length) throw new InputError(fields);
    return { returning: true, shippingAddressId, newAddress, billing, tax };
  }
  const email = z
    .string()
    .trim()
    .toLowerCase()
    .max(254)
    .email('Enter a valid email address.')
    .safeParse(body.email ?? '');
  if (!email.success) fields.email = 'Enter a valid email address.';
  const a = addressFrom(body, 'shipping-');
  Object.assign(fields, a.fields);
  const accountType = String(body.accountType ?? 'personal');
  if (!(CHECKOUT_ACCOUNT_TYPES as readonly string[]).includes(accountType))
    fields.accountType = 'Choose personal or organisation.';
  const orgName = typeof body['org-name'] === 'string' ? body['org-name'].trim().slice(0, 200) : '';
  if (accountType === 'organization' && !orgName) fields['org-name'] = 'Organisation name is required.';
  const billing = billingFrom(body, false, fields);
  if (Object.keys(fields).length) throw new InputError(fields);
  return {
    returning: false,
    email: email.data!,
    address: a.data!,
    subscribe: flag(true).parse(body.subscribe),
    accountType: accountType as 'personal' | 'organization',
    orgName: orgName || undefined,
    billing,
    tax,
  };
}

const QuoteId = z.coerce.number({ message: 'Choose a shipping method.' }).int().positive().max(2147483647);

export const ShippingQuery = z.object({
  addressId: z.coerce.number({ message: 'Choose an address.' }).int().positive().max(2147483647),
});

/** POST /{locale}/order/shipping-method: one quote id per warehouse (a list, or a map warehouse → quote id). */
export const ShippingSelection = z.object({
  order_id: z.coerce.number({ message: 'Unknown order.' }).int().positive().max(2147483647),
  selected_methods: z
    .union([z.array(QuoteId), QuoteId, z.record(z.string(), QuoteId)], { message: 'Choose a shipping method.' })
    .transform((v) => (Array.isArray(v) ? v : typeof v === 'number' ? [v] : Object.values(v))),
  preferredName: z
    .string()
    .trim()
    .max(120, 'Too long.')
    .optional()
    .transform((v) => v || undefined),
});

const money = z
  .union([z.string(), z.number()])
  .transform((v) => String(v).trim())
  .pipe(z.string().regex(/^\d{1,10}(\.\d{1,2})?$/, 'Not an amount.'));

/** POST /{locale}/order/place (JSON or form) with an Idempotency-Key header. */
export const PlaceOrder = z
  .object({
    order_id: z.coerce.number({ message: 'Unknown order.' }).int().positive().max(2147483647),
    payment_type: z.coerce
      .number()
      .pipe(
        z.union(
          [
            z.literal(PAYMENT_TYPES.CARD),
            z.literal(PAYMENT_TYPES.CHECK),
            z.literal(PAYMENT_TYPES.BANK),
            z.literal(PAYMENT_TYPES.INVOICE),
          ],
          { message: 'Choose a payment method.' },
        ),
      ),
    token: z.string().trim().max(200).optional(),
    /** A saved card (payment type 1) or verified bank account (type 3) of the buyer's, by id. */
    saved_method_id: z.preprocess(
      (v) => (v === '' || v === null ? undefined : v),
      z.coerce.number({ message: 'Choose a saved payment method.' }).int().positive().max(2147483647).optional(),
    ),
    check_number: z.string().trim().max(30, 'Check number is too long.').optional(),
    /** The total the buyer saw; a different server total refuses the order (prices changed, or forged). */
    expected_total: money,
    po_number: z
      .string()
      .trim()
      .max(60, 'PO number is too long.')
      .optional()
      .transform((v) => v || undefined),
    attention: z
      .string()
      .trim()
      .max(120, 'Too long.')
      .optional()
      .transform((v) => v || undefined),
  })
  .superRefine((v, ctx) => {
    if (v.payment_type === PAYMENT_TYPES.BANK && !v.saved_method_id)
      ctx.addIssue({ code: 'custom', path: ['saved_method_id'], message: 'Choose a verified bank account.' });
    if (v.payment_type === PAYMENT_TYPES.CARD && !v.token && !v.saved_method_id)
      ctx.addIssue({ code: 'custom', path: ['token'], message: 'Enter your card details.' });
    if (v.payment_type === PAYMENT_TYPES.CHECK && !/^[A-Za-z0-9-]{1,30}$/.test(v.check_number ?? ''))
      ctx.addIssue({ code: 'custom', path: ['check_number'], message: 'Enter the check number.' });
  });
export type PlaceOrder = z.infer<typeof PlaceOrder>;

export const IdempotencyKey = z
  .string({ message: 'An Idempotency-Key header is required.' })
  .trim()
  .min(8, 'The Idempotency-Key header must be 8 to 200 characters.')
  .max(200, 'The Idempotency-Key header must be 8 to 200 characters.')
  .regex(/^[\x21-\x7e]+$/, 'The Idempotency-Key header must be printable ASCII.');

export const SURVEY_SOURCES = ['dealer', 'search', 'social', 'friend', 'trade_show', 'other'] as const;
export const Survey = z.object({
  source: z.enum(SURVEY_SOURCES, { message: 'Choose how you heard about us.' }),
  ease: z.coerce
    .number({ message: 'Rate the checkout from 1 to 5.' })
    .int()
    .min(1, 'Rate the checkout from 1 to 5.')
    .max(5, 'Rate the checkout from 1 to 5.'),
  comment: z
    .string()
    .trim()
    .max(1000, 'Keep the comment under 1000 characters.')
    .optional()
    .transform((v) => v || undefined),
});
