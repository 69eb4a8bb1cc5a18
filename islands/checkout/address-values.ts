/** The values of an address form, as checkout and the account's address edit keep them. */
export type AddressValues = {
  firstName: string;
  lastName: string;
  address1: string;
  address2: string;
  city: string;
  country: string;
  region: string;
  postalcode: string;
  phone: string;
};

export const emptyAddress = (country: string): AddressValues => ({
  firstName: '',
  lastName: '',
  address1: '',
  address2: '',
  city: '',
  country,
  region: '',
  postalcode: '',
  phone: '',
});

export type AddressFormProps = {
  idPrefix: string;
  locale: string;
  value: AddressValues;
  onChange: (v: AddressValues) => void;
  countries: { id: number; code: string; name: string }[];
  initialRegions: { code: string; name: string }[];
  initialRegionsFor: string;
  errors: Record<string, string>;
  /** Field name prefix of the server's error keys ('shipping-' or 'new-shipping-'). */
  errorPrefix: string;
  /** The autofill section: 'shipping' (default) or 'billing'. */
  section?: 'shipping' | 'billing';
  L: (key: string, vars?: Record<string, string | number>) => string;
};
