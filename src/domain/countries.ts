/**
 * Country and region list order (spec §5, §9), used by every address form.
 */
import { COUNTRY_ORDER } from './constants.ts';

/** Why: most buyers are in the US or Canada, so those lead the list (US, CA) and the rest follow by name. Returns a new array. */
export function sortCountries<T extends { code: string; name: string }>(list: readonly T[]): T[] {
  const rank = (c: T) => {
    const i = COUNTRY_ORDER.indexOf(String(c.code).toUpperCase());
    return i === -1 ? COUNTRY_ORDER.length : i;
  };
  return [...list].sort((a, b) => rank(a) - rank(b) || a.name.localeCompare(b.name, 'en'));
}

/** Why: a reloaded region list is sorted by name but its first option (the "choose a region" prompt) stays first. */
export function sortRegionOptions<T extends { name: string }>(list: readonly T[]): T[] {
  if (list.length === 0) return [];
  const [first, ...rest] = list;
  return [first, ...rest.sort((a, b) => a.name.localeCompare(b.name, 'en'))];
}
