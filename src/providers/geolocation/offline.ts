/**
 * The offline location provider: no network. A postal code is placed at the centre of its state
 * or province (US ZIP prefix ranges, Canadian forward sortation letter), which is enough to rank
 * dealers hundreds of kilometres apart; drive times are estimated from the straight line
 * (domain/geo.ts estimateDrive). It cannot geolocate a visitor by itself: the browser does.
 */
import { estimateDrive, distanceMeters, type LatLng } from '../../domain/geo.ts';
import type { GeoProvider } from './types.ts';

/** [first ZIP3, last ZIP3, state]; the USPS allocation by state. */
const ZIP3: readonly [number, number, string][] = [
  [5, 5, 'NY'],
  [10, 27, 'MA'],
  [28, 29, 'RI'],
  [30, 38, 'NH'],
  [39, 49, 'ME'],
  [50, 59, 'VT'],
  [60, 69, 'CT'],
  [70, 89, 'NJ'],
  [100, 149, 'NY'],
  [150, 196, 'PA'],
  [197, 199, 'DE'],
  [200, 205, 'DC'],
  [206, 219, 'MD'],
  [220, 246, 'VA'],
  [247, 268, 'WV'],
  [270, 289, 'NC'],
  [290, 299, 'SC'],
  [300, 319, 'GA'],
  [320, 349, 'FL'],
  [350, 369, 'AL'],
  [370, 385, 'TN'],
  [386, 397, 'MS'],
  [398, 399, 'GA'],
  [400, 427, 'KY'],
  [430, 459, 'OH'],
  [460, 479, 'IN'],
  [480, 499, 'MI'],
  [500, 528, 'IA'],
  [530, 549, 'WI'],
  [550, 567, 'MN'],
  [570, 577, 'SD'],
  [580, 588, 'ND'],
  [590, 599, 'MT'],
  [600, 629, 'IL'],
  [630, 658, 'MO'],
  [660, 679, 'KS'],
  [680, 693, 'NE'],
  [700, 714, 'LA'],
  [716, 729, 'AR'],
  [730, 749, 'OK'],
  [750, 799, 'TX'],
  [800, 816, 'CO'],
  [820, 831, 'WY'],
  [832, 838, 'ID'],
  [840, 847, 'UT'],
  [850, 865, 'AZ'],
  [870, 884, 'NM'],
  [885, 885, 'TX'],
  [889, 898, 'NV'],
  [900, 961, 'CA'],
  [967, 968, 'HI'],
  [970, 979, 'OR'],
  [980, 994, 'WA'],
  [995, 999, 'AK'],
];

/** Approximate geographic centres (degrees). */
const CENTRES: Record<string, [number, number]> = {
  AL: [32.8, -86.8],
  AK: [61.4, -152.3],
  AZ: [34.2, -111.7],
  AR: [34.9, -92.4],
  CA: [37.2, -119.5],
  CO: [39.0, -105.5],
  CT: [41.6, -72.7],
  DE: [39.0, -75.5],
  DC: [38.9, -77.0],
  FL: [28.6, -82.4],
  GA: [32.7, -83.4],
  HI: [20.8, -156.3],
  ID: [44.4, -114.6],
  IL: [40.0, -89.2],
  IN: [39.9, -86.3],
  IA: [42.1, -93.5],
  KS: [38.5, -98.4],
  KY: [37.5, -85.3],
  LA: [31.1, -92.0],
  ME: [45.4, -69.2],
  MD: [39.0, -76.8],
  MA: [42.3, -71.8],
  MI: [44.3, -85.4],
  MN: [46.3, -94.3],
  MS: [32.7, -89.7],
  MO: [38.4, -92.5],
  MT: [47.0, -109.6],
  NE: [41.5, -99.8],
  NV: [39.3, -116.6],
  NH: [43.7, -71.6],
  NJ: [40.2, -74.7],
  NM: [34.4, -106.1],
  NY: [42.9, -75.5],
  NC: [35.6, -79.4],
  ND: [47.5, -100.5],
  OH: [40.3, -82.8],
  OK: [35.6, -97.5],
  OR: [43.9, -120.6],
  PA: [40.9, -77.8],
  RI: [41.7, -71.5],
  SC: [33.9, -80.9],
  SD: [44.4, -100.2],
  TN: [35.9, -86.4],
  TX: [31.5, -99.3],
  UT: [39.3, -111.7],
  VT: [44.1, -72.7],
  VA: [37.5, -78.9],
  WA: [47.4, -120.5],
  WV: [38.6, -80.6],
  WI: [44.6, -89.9],
  WY: [43.0, -107.6],
  NL: [48.5, -56.0],
  NS: [45.0, -63.0],
  PE: [46.3, -63.2],
  NB: [46.6, -66.5],
  QC: [46.8, -71.5],
  ON: [44.5, -79.5],
  MB: [50.0, -98.0],
  SK: [51.5, -106.0],
  AB: [52.5, -114.0],
  BC: [50.5, -122.5],
  NT: [62.5, -114.4],
  YT: [60.7, -135.0],
};

/** Canadian postal codes: the first letter names the province (southern populated centres). */
const FSA: Record<string, string> = {
  A: 'NL',
  B: 'NS',
  C: 'PE',
  E: 'NB',
  G: 'QC',
  H: 'QC',
  J: 'QC',
  K: 'ON',
  L: 'ON',
  M: 'ON',
  N: 'ON',
  P: 'ON',
  R: 'MB',
  S: 'SK',
  T: 'AB',
  V: 'BC',
  X: 'NT',
  Y: 'YT',
};

/** The state or province a postal code belongs to, or null. */
export function regionOfPostal(country: string, postalCode: string): string | null {
  const code = postalCode.trim().toUpperCase().replace(/\s+/g, '');
  if (country === 'US') {
    const m = /^(\d{5})(-?\d{4})?$/.exec(code);
    if (!m) return null;
    const zip3 = Number(m[1].slice(0, 3));
    return ZIP3.find(([a, b]) => zip3 >= a && zip3 <= b)?.[2] ?? null;
  }
  if (country === 'CA') {
    if (!/^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z]\d[ABCEGHJ-NPRSTV-Z]\d$/.test(code)) return null;
    return FSA[code[0]] ?? null;
  }
  return null;
}

export function createOfflineGeo(): GeoProvider {
  return {
    name: 'offline',
    async geolocate() {
      return null;
    },
    async geocodePostal(country, postalCode) {
      const region = regionOfPostal(country.toUpperCase(), postalCode);
      const c = region ? CENTRES[region] : undefined;
      return c ? { lat: c[0], lng: c[1] } : null;
    },
    async driveTimes(origin: LatLng, destinations) {
      return destinations.map((d) => estimateDrive(distanceMeters(origin, d)));
    },
  };
}
