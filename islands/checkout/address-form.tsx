/**
 * An address form (checkout's new shipping address; reusable by the account's address edit):
 * country select, region select reloaded on country change (POST /{locale}/address/get-regions,
 * sorted by name keeping the first option), autofill tokens, and places suggestions from the maps
 * provider (the offline provider suggests nothing, so none are shown).
 */
import { useEffect, useRef, useState } from 'react';
import { fillFromPlace, sortRegionOptions, type PlaceComponent } from '../../src/domain/checkout.ts';
import { TYPEAHEAD_WAIT_MS } from '../../src/domain/constants.ts';
import { debounce } from '../lib/dom.ts';
import { request } from '../lib/request.ts';

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

type Props = {
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

export function AddressForm({
  idPrefix,
  locale,
  value,
  onChange,
  countries,
  initialRegions,
  initialRegionsFor,
  errors,
  errorPrefix,
  L,
  section = 'shipping',
}: Props) {
  const [regions, setRegions] = useState(initialRegionsFor === value.country ? initialRegions : []);
  const [loadingRegions, setLoadingRegions] = useState(false);
  const [suggestions, setSuggestions] = useState<{ id: string; description: string }[]>([]);
  const loadedFor = useRef(initialRegionsFor);
  const set = (k: keyof AddressValues, v: string) => onChange({ ...value, [k]: v });

  // Region list follows the country (spec §2, §5): placeholder first, the rest by name.
  useEffect(() => {
    if (!value.country || loadedFor.current === value.country) return;
    loadedFor.current = value.country;
    const form = new FormData();
    form.append('countryCode', value.country);
    setLoadingRegions(true);
    request<{ code: string; name: string }[]>('POST', `/${locale}/address/get-regions`, form)
      .then((list) => setRegions(sortRegionOptions(list, false)))
      .catch((err) => {
        console.error('region load failed', err);
        setRegions([]);
      })
      .finally(() => setLoadingRegions(false));
  }, [value.country, locale]);

  const search = useRef(
    debounce((q: string, country: string) => {
      if (q.trim().length < 3) return setSuggestions([]);
      request<{ id: string; description: string }[]>('GET', `/${locale}/address/places`, { q, country })
        .then((list) => setSuggestions(Array.isArray(list) ? list : []))
        .catch(() => setSuggestions([]));
    }, TYPEAHEAD_WAIT_MS),
  ).current;

  const pick = async (id: string) => {
    setSuggestions([]);
    try {
      const { components } = await request<{ components: PlaceComponent[] }>(
        'GET',
        `/${locale}/address/places/${encodeURIComponent(id)}`,
      );
      const f = fillFromPlace(components);
      onChange({
        ...value,
        address1: f.address1 || value.address1,
        city: f.city || value.city,
        country: f.country || value.country,
        region: f.region || value.region,
        postalcode: f.postalcode || value.postalcode,
      });
    } catch (err) {
      console.error('place details failed', err);
    }
  };

  const field = (
    k: keyof AddressValues,
    label: string,
    autocomplete: string,
    opts: { required?: boolean; type?: string } = {},
  ) => {
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
            set(k, e.target.value);
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
  };

  const regionErr = errors[`${errorPrefix}region`];
  const countryErr = errors[`${errorPrefix}country`];
  return (
    <div className="address-form stack">
      <div className="grid grid-2">
        {field('firstName', L('firstName'), 'given-name')}
        {field('lastName', L('lastName'), 'family-name')}
      </div>
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
      <div className="places-wrap">
        {field('address1', L('address1'), 'address-line1')}
        {suggestions.length > 0 && (
          <ul className="places-list" aria-label={L('places')} data-testid="places-list">
            {suggestions.map((s) => (
              <li key={s.id}>
                <button type="button" className="linklike" onClick={() => void pick(s.id)}>
                  {s.description}
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
      {field('address2', L('address2'), 'address-line2', { required: false })}
      <div className="grid grid-3">
        {field('city', L('city'), 'address-level2')}
        <div className={`field${regionErr ? ' has-error' : ''}`}>
          <label htmlFor={`${idPrefix}-region`}>{L('region')}</label>
          <select
            id={`${idPrefix}-region`}
            name={`${errorPrefix}region`}
            value={value.region}
            autoComplete={`${section} address-level1`}
            aria-busy={loadingRegions}
            data-testid={`${idPrefix}-region`}
            onChange={(e) => set('region', e.target.value)}
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
        {field('postalcode', L('postalcode'), 'postal-code')}
      </div>
      {field('phone', L('phone'), 'tel', { required: false, type: 'tel' })}
    </div>
  );
}
