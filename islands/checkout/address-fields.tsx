/** The address form's controls: a text field, the country and region selects, the place suggestions. */
import type { AddressFormProps as Props, AddressValues } from './address-values.ts';

type Form = Props & { section: 'shipping' | 'billing' };

type FieldProps = {
  form: Form;
  k: keyof AddressValues;
  label: string;
  autocomplete: string;
  opts: { required?: boolean; type?: string };
  search: (q: string, country: string) => void;
};

export function AddressField({ form, k, label, autocomplete, opts, search }: FieldProps) {
  const { idPrefix, value, onChange, errors, errorPrefix, section } = form;
  const id = `${idPrefix}-${k}`;
  const err = errors[`${errorPrefix}${k}`];
  return (
    <div className={`field${err ? ' has-error' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={`${errorPrefix}${k}`}
        type={opts.type ?? 'text'}
        value={value[k]}
        required={opts.required !== false}
        autoComplete={`${section} ${autocomplete}`}
        aria-invalid={err ? true : undefined}
        aria-describedby={err ? `${id}-err` : undefined}
        onChange={(e) => {
          onChange({ ...value, [k]: e.target.value });
          if (k === 'address1') search(e.target.value, value.country);
        }}
        data-testid={`${idPrefix}-${k}`}
      />
      {err && (
        <span className="field-error" id={`${id}-err`}>
          {err}
        </span>
      )}
    </div>
  );
}

export function CountrySelect({ form }: { form: Form }) {
  const { idPrefix, value, onChange, countries, errors, errorPrefix, section, L } = form;
  const countryErr = errors[`${errorPrefix}country`];
  return (
    <div className={`field${countryErr ? ' has-error' : ''}`}>
      <label htmlFor={`${idPrefix}-country`}>{L('country')}</label>
      <select
        id={`${idPrefix}-country`}
        name={`${errorPrefix}country`}
        value={value.country}
        autoComplete={`${section} country`}
        data-testid={`${idPrefix}-country`}
        onChange={(e) => onChange({ ...value, country: e.target.value, region: '' })}
      >
        <option value="">{L('region.choose')}</option>
        {countries.map((c) => (
          <option key={c.code} value={c.code}>
            {c.name}
          </option>
        ))}
      </select>
      {countryErr && <span className="field-error">{countryErr}</span>}
    </div>
  );
}

type RegionProps = { form: Form; regions: { code: string; name: string }[]; loadingRegions: boolean };

export function RegionSelect({ form, regions, loadingRegions }: RegionProps) {
  const { idPrefix, value, onChange, errors, errorPrefix, section, L } = form;
  const regionErr = errors[`${errorPrefix}region`];
  return (
    <div className={`field${regionErr ? ' has-error' : ''}`}>
      <label htmlFor={`${idPrefix}-region`}>{L('region')}</label>
      <select
        id={`${idPrefix}-region`}
        name={`${errorPrefix}region`}
        value={value.region}
        autoComplete={`${section} address-level1`}
        aria-busy={loadingRegions}
        data-testid={`${idPrefix}-region`}
        onChange={(e) => onChange({ ...value, region: e.target.value })}
        required={regions.length > 0}
      >
        <option value="">{L('region.choose')}</option>
        {regions.map((r) => (
          <option key={r.code} value={r.code}>
            {r.name}
          </option>
        ))}
      </select>
      {regionErr && <span className="field-error">{regionErr}</span>}
    </div>
  );
}

type PlacesProps = {
  L: Props['L'];
  suggestions: { id: string; description: string }[];
  pick: (id: string) => Promise<void>;
};

export function PlacesList({ L, suggestions, pick }: PlacesProps) {
  return (
    <ul className="places-list" aria-label={L('places')} data-testid="places-list">
      {suggestions.map((s) => (
        <li key={s.id}>
          <button type="button" className="linklike" onClick={() => void pick(s.id)}>
            {s.description}
          </button>
        </li>
      ))}
    </ul>
  );
}
