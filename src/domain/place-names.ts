/**
 * Country and region names in the visitor's language (fr-ca and es-mx checkout showed
 * "United States / Canada / Mexico" and "British Columbia"). Countries come from CLDR through
 * Intl.DisplayNames; Intl has no subdivision names, so the regions whose names differ from the
 * stored English (Canada's provinces, the US states that French and Spanish name otherwise) are
 * listed here. Anything unknown keeps its stored name. Lists are sorted by the names as shown.
 */
import { intlLocale } from './locale-tag.ts';

type Lang = 'fr' | 'es';

const REGIONS: Record<Lang, Record<string, Record<string, string>>> = {
  fr: {
    CA: {
      BC: 'Colombie-Britannique',
      NB: 'Nouveau-Brunswick',
      NL: 'Terre-Neuve-et-Labrador',
      NS: 'Nouvelle-Écosse',
      NT: 'Territoires du Nord-Ouest',
      PE: 'Île-du-Prince-Édouard',
      QC: 'Québec',
    },
    US: {
      CA: 'Californie',
      NC: 'Caroline du Nord',
      SC: 'Caroline du Sud',
      ND: 'Dakota du Nord',
      SD: 'Dakota du Sud',
      FL: 'Floride',
      GA: 'Géorgie',
      HI: 'Hawaï',
      LA: 'Louisiane',
      NM: 'Nouveau-Mexique',
      PA: 'Pennsylvanie',
      VA: 'Virginie',
      WV: 'Virginie-Occidentale',
      DC: 'District de Columbia',
    },
    MX: { CMX: 'Mexico', MEX: 'État de Mexico', BCN: 'Basse-Californie', BCS: 'Basse-Californie du Sud' },
  },
  es: {
    CA: {
      BC: 'Columbia Británica',
      NB: 'Nuevo Brunswick',
      NL: 'Terranova y Labrador',
      NS: 'Nueva Escocia',
      NT: 'Territorios del Noroeste',
      PE: 'Isla del Príncipe Eduardo',
      QC: 'Quebec',
    },
    US: {
      NC: 'Carolina del Norte',
      SC: 'Carolina del Sur',
      ND: 'Dakota del Norte',
      SD: 'Dakota del Sur',
      HI: 'Hawái',
      LA: 'Luisiana',
      NM: 'Nuevo México',
      PA: 'Pensilvania',
      NY: 'Nueva York',
      NJ: 'Nueva Jersey',
      NH: 'Nuevo Hampshire',
      WV: 'Virginia Occidental',
      DC: 'Distrito de Columbia',
      MS: 'Misisipi',
      MO: 'Misuri',
      OR: 'Oregón',
      MI: 'Míchigan',
    },
    MX: {},
  },
};

const displayNames = new Map<string, Intl.DisplayNames | null>();
function regionNames(locale: string): Intl.DisplayNames | null {
  const tag = intlLocale(locale);
  let names = displayNames.get(tag);
  if (names === undefined) {
    try {
      names = new Intl.DisplayNames([tag], { type: 'region', fallback: 'none' });
    } catch {
      names = null;
    }
    displayNames.set(tag, names);
  }
  return names;
}

/** Why: a country is named as the visitor's language names it (CLDR), else as stored. */
export function countryName(code: string, locale: string, stored: string): string {
  return regionNames(locale)?.of(String(code).toUpperCase()) ?? stored;
}

/** Why: a region is named as the visitor's language names it where that differs from the stored English. */
export function regionName(countryCode: string, regionCode: string, locale: string, stored: string): string {
  const lang = intlLocale(locale).slice(0, 2) as Lang;
  return REGIONS[lang]?.[String(countryCode).toUpperCase()]?.[String(regionCode).toUpperCase()] ?? stored;
}

/** Countries with their names in the visitor's language (order is the caller's: sortCountries). */
export function localCountries<T extends { code: string; name: string }>(list: readonly T[], locale: string): T[] {
  return list.map((c) => ({ ...c, name: countryName(c.code, locale, c.name) }));
}

/** A country's regions named in the visitor's language and sorted by those names. */
export function localRegions<T extends { code: string; name: string }>(
  countryCode: string,
  list: readonly T[],
  locale: string,
): T[] {
  const tag = intlLocale(locale);
  return list
    .map((r) => ({ ...r, name: regionName(countryCode, r.code, locale, r.name) }))
    .sort((a, b) => a.name.localeCompare(b.name, tag));
}
