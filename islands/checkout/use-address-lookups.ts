/**
 * What an address form looks up as it is filled: the regions of the chosen country
 * (POST /{locale}/address/get-regions) and the maps provider's place suggestions for the street.
 */
import { useEffect, useRef, useState } from 'react';
import { fillFromPlace, type PlaceComponent, sortRegionOptions } from '../../src/domain/checkout.ts';
import { TYPEAHEAD_WAIT_MS } from '../../src/domain/constants.ts';
import { debounce } from '../lib/dom.ts';
import { request } from '../lib/request.ts';
import type { AddressValues } from './address-values.ts';

type Region = { code: string; name: string };
type Options = {
  locale: string;
  value: AddressValues;
  onChange: (v: AddressValues) => void;
  initialRegions: Region[];
  initialRegionsFor: string;
};

/** Region list follows the country (spec §2, §5): placeholder first, the rest by name. */
function useRegions(locale: string, country: string, initialRegions: Region[], initialRegionsFor: string) {
  const [regions, setRegions] = useState(initialRegionsFor === country ? initialRegions : []);
  const [loadingRegions, setLoadingRegions] = useState(false);
  const loadedFor = useRef(initialRegionsFor);

  useEffect(() => {
    if (!country || loadedFor.current === country) return;
    loadedFor.current = country;
    const form = new FormData();
    form.append('countryCode', country);
    setLoadingRegions(true);
    request<Region[]>('POST', `/${locale}/address/get-regions`, form)
      .then((list) => setRegions(sortRegionOptions(list, false)))
      .catch((err) => {
        console.error('region load failed', err);
        setRegions([]);
      })
      .finally(() => setLoadingRegions(false));
  }, [country, locale]);

  return { regions, loadingRegions };
}

export function useAddressLookups({ locale, value, onChange, initialRegions, initialRegionsFor }: Options) {
  const { regions, loadingRegions } = useRegions(locale, value.country, initialRegions, initialRegionsFor);
  const [suggestions, setSuggestions] = useState<{ id: string; description: string }[]>([]);

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

  return { regions, loadingRegions, suggestions, search, pick };
}
