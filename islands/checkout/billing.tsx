/**
 * Checkout's bill-to (spec §4: billing follows shipping unless 'add-new'). By default the bill goes
 * to the ship-to; unticking "Bill to the shipping address" offers the buyer's saved addresses
 * (returning buyers) or a new address. The server's fields: billingAddressId ('same', an id or
 * 'add-new') and new-billing-* (returning) or billing-* (new customers).
 */
import type { CheckoutAddress } from '../../src/domain/checkout-props.ts';
import { AddressForm, emptyAddress, type AddressValues } from './address-form.tsx';
import type { Lookup } from './parts.tsx';

export type BillingValue = { same: boolean; chosen: number | 'add-new'; address: AddressValues };

export const sameBilling = (country: string): BillingValue => ({
  same: true,
  chosen: 'add-new',
  address: emptyAddress(country),
});

/** The customer-info body's billing fields. */
export function billingBody(b: BillingValue, returning: boolean): Record<string, unknown> {
  if (b.same) return { billingAddressId: 'same' };
  if (returning && b.chosen !== 'add-new') return { billingAddressId: b.chosen };
  const prefix = returning ? 'new-billing-' : 'billing-';
  return {
    billingAddressId: 'add-new',
    ...Object.fromEntries(Object.entries(b.address).map(([k, v]) => [`${prefix}${k}`, v])),
  };
}

type Props = {
  value: BillingValue;
  onChange: (v: BillingValue) => void;
  returning: boolean;
  addresses: CheckoutAddress[];
  locale: string;
  countries: { id: number; code: string; name: string }[];
  regions: { code: string; name: string }[];
  defaultCountry: string;
  errors: Record<string, string>;
  L: Lookup;
};

/** A saved address to choose, as one line (the ship-to and the bill-to lists). */
export function AddressChoice({
  a,
  name,
  checked,
  onPick,
  testid,
}: {
  a: CheckoutAddress;
  name: string;
  checked: boolean;
  onPick: () => void;
  testid?: string;
}) {
  return (
    <label className="choice-card" data-testid={testid}>
      <input type="radio" name={name} value={a.id} checked={checked} onChange={onPick} />
      <span>
        {a.firstName} {a.lastName}, {a.address1}
        {a.address2 ? `, ${a.address2}` : ''}, {a.city} {a.region} {a.postalcode}, {a.country}
      </span>
    </label>
  );
}

export function BillingFields({
  value,
  onChange,
  returning,
  addresses,
  locale,
  countries,
  regions,
  defaultCountry,
  errors,
  L,
}: Props) {
  const err = errors.billingAddressId;
  const newAddress = !value.same && (!returning || value.chosen === 'add-new');
  return (
    <fieldset className="stack billing">
      <legend className="label">{L('billTo')}</legend>
      <label className="check">
        <input
          type="checkbox"
          checked={value.same}
          data-testid="billing-same"
          onChange={(e) => onChange({ ...value, same: e.target.checked, chosen: addresses[0]?.id ?? 'add-new' })}
        />{' '}
        {L('billingSame')}
      </label>
      {!value.same && returning && (
        <div className="stack" role="radiogroup" aria-label={L('billTo')}>
          {addresses.map((a) => (
            <AddressChoice
              key={a.id}
              a={a}
              name="billingAddressId"
              checked={value.chosen === a.id}
              onPick={() => onChange({ ...value, chosen: a.id })}
            />
          ))}
          <label className="choice-card">
            <input
              type="radio"
              name="billingAddressId"
              value="add-new"
              checked={value.chosen === 'add-new'}
              onChange={() => onChange({ ...value, chosen: 'add-new' })}
            />
            <span>{L('addNew')}</span>
          </label>
        </div>
      )}
      {err && <span className="field-error">{err}</span>}
      {newAddress && (
        <AddressForm
          idPrefix="bill"
          section="billing"
          locale={locale}
          value={value.address}
          onChange={(address) => onChange({ ...value, address })}
          countries={countries}
          initialRegions={regions}
          initialRegionsFor={defaultCountry}
          errors={errors}
          errorPrefix={returning ? 'new-billing-' : 'billing-'}
          L={L}
        />
      )}
    </fieldset>
  );
}
