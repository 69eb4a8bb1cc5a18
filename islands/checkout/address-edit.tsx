/** The account's address edit: the checkout address form, saved with POST (JSON), back to the account. */
import { shownMessages } from '../lib/errors.ts';
import { useState } from 'react';
import { request } from '../lib/request.ts';
import { AddressForm, emptyAddress, type AddressValues } from './address-form.tsx';
import { fieldsOf, makeL } from './parts.tsx';
import type { CheckoutAddress } from '../../src/domain/checkout-props.ts';

export type Props = {
  locale: string;
  action: string;
  back: string;
  address: CheckoutAddress | null;
  country: string;
  countries: { id: number; code: string; name: string }[];
  regions: { code: string; name: string }[];
  labels: Record<string, string>;
};

export default function AddressEdit(props: Props) {
  const L = makeL(props.labels);
  const a = props.address;
  const [value, setValue] = useState<AddressValues>(
    a
      ? {
          firstName: a.firstName,
          lastName: a.lastName,
          address1: a.address1,
          address2: a.address2 ?? '',
          city: a.city,
          country: a.country,
          region: a.region,
          postalcode: a.postalcode,
          phone: a.phone ?? '',
        }
      : emptyAddress(props.country),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState('');
  const [saving, setSaving] = useState(false);

  const save = async () => {
    setSaving(true);
    setErrors({});
    setMessage('');
    try {
      await request('POST', props.action, value, { json: true });
      window.location.assign(props.back);
    } catch (err) {
      setErrors(fieldsOf(err));
      setMessage(shownMessages(err)[0]);
      setSaving(false);
    }
  };

  return (
    <form
      className="card card-body stack"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
      noValidate
    >
      {message && (
        <div className="alert alert-error" role="alert" data-testid="address-error">
          {message}
        </div>
      )}
      <AddressForm
        idPrefix="addr"
        locale={props.locale}
        value={value}
        onChange={setValue}
        countries={props.countries}
        initialRegions={props.regions}
        initialRegionsFor={props.country}
        errors={errors}
        errorPrefix=""
        L={L}
      />
      <div>
        <button type="submit" className="btn" disabled={saving} data-testid="address-save">
          {saving ? L('saving') : L('save')}
        </button>
      </div>
    </form>
  );
}
