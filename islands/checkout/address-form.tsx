/**
 * An address form (checkout's new shipping address; reusable by the account's address edit):
 * country select, region select reloaded on country change (POST /{locale}/address/get-regions,
 * sorted by name keeping the first option), autofill tokens, and places suggestions from the maps
 * provider (the offline provider suggests nothing, so none are shown).
 */
import { AddressField, CountrySelect, PlacesList, RegionSelect } from './address-fields.tsx';
import type { AddressFormProps as Props, AddressValues } from './address-values.ts';
import { useAddressLookups } from './use-address-lookups.ts';

export { type AddressValues, emptyAddress } from './address-values.ts';

export function AddressForm(props: Props) {
  const { locale, value, onChange, initialRegions, initialRegionsFor, L } = props;
  const { regions, loadingRegions, suggestions, search, pick } = useAddressLookups({
    locale,
    value,
    onChange,
    initialRegions,
    initialRegionsFor,
  });
  const form = { ...props, section: props.section ?? 'shipping' };
  const field = (
    k: keyof AddressValues,
    label: string,
    autocomplete: string,
    opts: { required?: boolean; type?: string } = {},
  ) => <AddressField form={form} k={k} label={label} autocomplete={autocomplete} opts={opts} search={search} />;

  return (
    <div className="address-form stack">
      <div className="grid grid-2">
        {field('firstName', L('firstName'), 'given-name')}
        {field('lastName', L('lastName'), 'family-name')}
      </div>
      <CountrySelect form={form} />
      <div className="places-wrap">
        {field('address1', L('address1'), 'address-line1')}
        {suggestions.length > 0 && <PlacesList L={L} suggestions={suggestions} pick={pick} />}
      </div>
      {field('address2', L('address2'), 'address-line2', { required: false })}
      <div className="grid grid-3">
        {field('city', L('city'), 'address-level2')}
        <RegionSelect form={form} regions={regions} loadingRegions={loadingRegions} />
        {field('postalcode', L('postalcode'), 'postal-code')}
      </div>
      {field('phone', L('phone'), 'tel', { required: false, type: 'tel' })}
    </div>
  );
}
