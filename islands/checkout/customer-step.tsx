/** The checkout's first tab: who is buying, where it ships, billing, tax exemption. */
import type { Ref } from 'react';
import type { CheckoutProps } from '../../src/domain/checkout-props.ts';
import { AddressForm } from './address-form.tsx';
import { AddressChoice, BillingFields } from './billing.tsx';
import type { Lookup } from './parts.tsx';
import { TabPanel } from './tabs.tsx';
import type { CustomerForm, SetForm } from './use-checkout.ts';

type StepProps = { L: Lookup; f: CustomerForm; set: SetForm };

/** A returning buyer picks one of their saved addresses or adds a new one. */
function SavedAddresses({ L, f, set }: StepProps) {
  return (
    <fieldset className="stack">
      <legend className="label">{L('shipTo')}</legend>
      {f.addresses.map((a) => (
        <AddressChoice
          key={a.id}
          a={a}
          name="shippingAddressId"
          checked={f.chosen === a.id}
          onPick={() => set({ chosen: a.id })}
          testid="saved-address"
        />
      ))}
      <label className="choice-card">
        <input
          type="radio"
          name="shippingAddressId"
          value="add-new"
          checked={f.chosen === 'add-new'}
          onChange={() => set({ chosen: 'add-new' })}
          data-testid="address-add-new"
        />
        <span>{L('addNew')}</span>
      </label>
    </fieldset>
  );
}

/** A new buyer's email, account type and organisation name. */
function NewBuyer({ L, f, set, guest }: StepProps & { guest: boolean }) {
  const { errors } = f;
  return (
    <div className="stack">
      <TextField
        id="co-email"
        label={L('email')}
        error={errors.email}
        type="email"
        autoComplete="email"
        value={f.email}
        onValue={(email) => set({ email })}
        testid="co-email"
      />
      {guest && (
        <p className="small muted" data-testid="guest-note">
          {L('guest.checkout.note')}
        </p>
      )}
      <fieldset className="field" hidden={guest}>
        <legend className="label">{L('accountType')}</legend>
        <div className="radio-row">
          {(['personal', 'organization'] as const).map((t) => (
            <label key={t}>
              <input
                type="radio"
                name="accountType"
                value={t}
                checked={f.accountType === t}
                onChange={() => set({ accountType: t })}
                data-testid={`account-${t}`}
              />{' '}
              {L(`accountType.${t}`)}
            </label>
          ))}
        </div>
      </fieldset>
      {f.accountType === 'organization' && (
        <TextField
          id="co-org"
          label={L('orgName')}
          error={errors['org-name']}
          autoComplete="organization"
          value={f.orgName}
          onValue={(orgName) => set({ orgName })}
          testid="co-org"
        />
      )}
    </div>
  );
}

/** One required text field with its label and error. */
function TextField({
  id,
  label,
  error,
  type,
  autoComplete,
  value,
  onValue,
  testid,
}: {
  id: string;
  label: string;
  error: string | undefined;
  type?: string;
  autoComplete?: string;
  value: string;
  onValue: (v: string) => void;
  testid: string;
}) {
  return (
    <div className={`field${error ? ' has-error' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type={type}
        autoComplete={autoComplete}
        required
        value={value}
        onChange={(e) => onValue(e.target.value)}
        data-testid={testid}
      />
      {error && <span className="field-error">{error}</span>}
    </div>
  );
}

/** The tax exemption checkbox and, when ticked, its business type, signature and title. */
function TaxExempt({ L, f, set, bizTypes, onFile }: StepProps & { bizTypes: string[]; onFile: boolean | undefined }) {
  const { tax, errors } = f;
  return (
    <fieldset className="stack tax-exempt">
      <label className="check">
        <input
          type="checkbox"
          checked={tax.exempt}
          onChange={(e) => set({ tax: { ...tax, exempt: e.target.checked } })}
          data-testid="tax-exempt"
        />{' '}
        {L('taxExempt')}
      </label>
      {tax.exempt && onFile && <p className="small muted">{L('taxExempt.onFile')}</p>}
      {tax.exempt && (
        <div className="grid grid-3">
          <div className={`field${errors['biz-type'] ? ' has-error' : ''}`}>
            <label htmlFor="co-biz">{L('bizType')}</label>
            <select
              id="co-biz"
              required
              value={tax.bizType}
              onChange={(e) => set({ tax: { ...tax, bizType: e.target.value } })}
              data-testid="biz-type"
            >
              <option value="">{L('region.choose')}</option>
              {bizTypes.map((b) => (
                <option key={b} value={b}>
                  {L(`bizType.${b}`)}
                </option>
              ))}
            </select>
            {errors['biz-type'] && <span className="field-error">{errors['biz-type']}</span>}
          </div>
          <TextField
            id="co-sig"
            label={L('signature')}
            error={errors.signature}
            value={tax.signature}
            onValue={(signature) => set({ tax: { ...tax, signature } })}
            testid="signature"
          />
          <TextField
            id="co-title"
            label={L('positionTitle')}
            error={errors.title}
            autoComplete="organization-title"
            value={tax.title}
            onValue={(title) => set({ tax: { ...tax, title } })}
            testid="position-title"
          />
        </div>
      )}
    </fieldset>
  );
}

export function CustomerStep({
  L,
  f,
  set,
  props,
  guest,
  hidden,
  headingRef,
  onContinue,
}: StepProps & {
  props: CheckoutProps;
  guest: boolean;
  hidden: boolean;
  headingRef: Ref<HTMLHeadingElement> | undefined;
  onContinue: () => void;
}) {
  const { returning, errors } = f;
  return (
    <TabPanel n={0} hidden={hidden} headingRef={headingRef} title={L('tab.customer')}>
      {returning ? <SavedAddresses L={L} f={f} set={set} /> : <NewBuyer L={L} f={f} set={set} guest={guest} />}
      {(!returning || f.chosen === 'add-new') && (
        <AddressForm
          idPrefix="ship"
          locale={props.locale}
          value={f.address}
          onChange={(address) => set({ address })}
          countries={props.countries}
          initialRegions={props.regions}
          initialRegionsFor={props.defaultCountry}
          errors={errors}
          errorPrefix={returning ? 'new-shipping-' : 'shipping-'}
          L={L}
        />
      )}
      <BillingFields
        value={f.billing}
        onChange={(billing) => set({ billing })}
        returning={returning}
        addresses={f.addresses}
        locale={props.locale}
        countries={props.countries}
        regions={props.regions}
        defaultCountry={props.defaultCountry}
        errors={errors}
        L={L}
      />
      {!returning && (
        <label className="check">
          <input
            type="checkbox"
            checked={f.subscribe}
            onChange={(e) => set({ subscribe: e.target.checked })}
            data-testid="co-subscribe"
          />{' '}
          {L('subscribe')}
        </label>
      )}
      {props.channel.taxExemptAvailable && !guest && (
        <TaxExempt L={L} f={f} set={set} bizTypes={props.bizTypes} onFile={props.organisation?.taxExemptOnFile} />
      )}
      <div>
        <button type="button" className="btn" disabled={f.saving} onClick={onContinue} data-testid="customer-continue">
          {f.saving ? L('saving') : L('continue')}
        </button>
      </div>
    </TabPanel>
  );
}
