/** Countries with their regions, currencies, and the three country channels. */
import { channelCountries, channelPaymentMethods, channels, countries, currencies, regions } from '../schema/index.ts';
import { EPOCH, insertMany, type SeedTx } from './util.ts';

const US_STATES: [string, string][] = [
  ['AL', 'Alabama'],
  ['AK', 'Alaska'],
  ['AZ', 'Arizona'],
  ['AR', 'Arkansas'],
  ['CA', 'California'],
  ['CO', 'Colorado'],
  ['CT', 'Connecticut'],
  ['DE', 'Delaware'],
  ['DC', 'District of Columbia'],
  ['FL', 'Florida'],
  ['GA', 'Georgia'],
  ['HI', 'Hawaii'],
  ['ID', 'Idaho'],
  ['IL', 'Illinois'],
  ['IN', 'Indiana'],
  ['IA', 'Iowa'],
  ['KS', 'Kansas'],
  ['KY', 'Kentucky'],
  ['LA', 'Louisiana'],
  ['ME', 'Maine'],
  ['MD', 'Maryland'],
  ['MA', 'Massachusetts'],
  ['MI', 'Michigan'],
  ['MN', 'Minnesota'],
  ['MS', 'Mississippi'],
  ['MO', 'Missouri'],
  ['MT', 'Montana'],
  ['NE', 'Nebraska'],
  ['NV', 'Nevada'],
  ['NH', 'New Hampshire'],
  ['NJ', 'New Jersey'],
  ['NM', 'New Mexico'],
  ['NY', 'New York'],
  ['NC', 'North Carolina'],
  ['ND', 'North Dakota'],
  ['OH', 'Ohio'],
  ['OK', 'Oklahoma'],
  ['OR', 'Oregon'],
  ['PA', 'Pennsylvania'],
  ['RI', 'Rhode Island'],
  ['SC', 'South Carolina'],
  ['SD', 'South Dakota'],
  ['TN', 'Tennessee'],
  ['TX', 'Texas'],
  ['UT', 'Utah'],
  ['VT', 'Vermont'],
  ['VA', 'Virginia'],
  ['WA', 'Washington'],
  ['WV', 'West Virginia'],
  ['WI', 'Wisconsin'],
  ['WY', 'Wyoming'],
];

const CA_PROVINCES: [string, string][] = [
  ['AB', 'Alberta'],
  ['BC', 'British Columbia'],
  ['MB', 'Manitoba'],
  ['NB', 'New Brunswick'],
  ['NL', 'Newfoundland and Labrador'],
  ['NS', 'Nova Scotia'],
  ['NT', 'Northwest Territories'],
  ['NU', 'Nunavut'],
  ['ON', 'Ontario'],
  ['PE', 'Prince Edward Island'],
  ['QC', 'Quebec'],
  ['SK', 'Saskatchewan'],
  ['YT', 'Yukon'],
];

/** ISO 3166-2:MX codes. */
const MX_STATES: [string, string][] = [
  ['AGU', 'Aguascalientes'],
  ['BCN', 'Baja California'],
  ['BCS', 'Baja California Sur'],
  ['CAM', 'Campeche'],
  ['CHP', 'Chiapas'],
  ['CHH', 'Chihuahua'],
  ['CMX', 'Ciudad de México'],
  ['COA', 'Coahuila'],
  ['COL', 'Colima'],
  ['DUR', 'Durango'],
  ['GUA', 'Guanajuato'],
  ['GRO', 'Guerrero'],
  ['HID', 'Hidalgo'],
  ['JAL', 'Jalisco'],
  ['MEX', 'Estado de México'],
  ['MIC', 'Michoacán'],
  ['MOR', 'Morelos'],
  ['NAY', 'Nayarit'],
  ['NLE', 'Nuevo León'],
  ['OAX', 'Oaxaca'],
  ['PUE', 'Puebla'],
  ['QUE', 'Querétaro'],
  ['ROO', 'Quintana Roo'],
  ['SLP', 'San Luis Potosí'],
  ['SIN', 'Sinaloa'],
  ['SON', 'Sonora'],
  ['TAB', 'Tabasco'],
  ['TAM', 'Tamaulipas'],
  ['TLA', 'Tlaxcala'],
  ['VER', 'Veracruz'],
  ['YUC', 'Yucatán'],
  ['ZAC', 'Zacatecas'],
];

/** Countries without a channel (addresses, leads); listed after US and CA, by name. */
const OTHER_COUNTRIES: [string, string][] = [
  ['AR', 'Argentina'],
  ['AU', 'Australia'],
  ['BR', 'Brazil'],
  ['FR', 'France'],
  ['DE', 'Germany'],
  ['NZ', 'New Zealand'],
  ['UA', 'Ukraine'],
  ['GB', 'United Kingdom'],
];

export type GeoIds = {
  countryId: Record<string, number>;
  currencyId: Record<'USD' | 'CAD' | 'MXN', number>;
  channelId: Record<'US' | 'CA' | 'MX', number>;
  /** Units of channel currency per USD, as stored. */
  channelRate: Record<'US' | 'CA' | 'MX', string>;
};

export const CHANNELS = [
  {
    code: 'US',
    name: 'United States',
    currency: 'USD',
    rate: '1.000000',
    zone: 'America/Chicago',
    taxExempt: true,
    locale: 'en-us',
  },
  {
    code: 'CA',
    name: 'Canada',
    currency: 'CAD',
    rate: '1.370000',
    zone: 'America/Regina',
    taxExempt: false,
    locale: 'en-ca',
  },
  {
    code: 'MX',
    name: 'México',
    currency: 'MXN',
    rate: '17.200000',
    zone: 'America/Mexico_City',
    taxExempt: false,
    locale: 'es-mx',
  },
] as const;

export async function seedGeo(tx: SeedTx): Promise<GeoIds> {
  const countryRows = [
    { code: 'US', name: 'United States', sort: 1 },
    { code: 'CA', name: 'Canada', sort: 2 },
    { code: 'MX', name: 'Mexico', sort: 100 },
    ...OTHER_COUNTRIES.map(([code, name]) => ({ code, name, sort: 100 })),
  ].map((c, i) => ({ id: i + 1, ...c }));
  await insertMany(tx, countries, countryRows);
  const countryId = Object.fromEntries(countryRows.map((c) => [c.code, c.id]));

  const regionRows = (
    [
      ['US', US_STATES],
      ['CA', CA_PROVINCES],
      ['MX', MX_STATES],
    ] as const
  )
    .flatMap(([country, list]) => list.map(([code, name]) => ({ countryId: countryId[country], code, name })))
    .map((r, i) => ({ id: i + 1, ...r }));
  await insertMany(tx, regions, regionRows);

  const currencyRows = [
    { id: 1, code: 'USD', name: 'US dollar', symbol: '$', decimals: 2 },
    { id: 2, code: 'CAD', name: 'Canadian dollar', symbol: 'CA$', decimals: 2 },
    { id: 3, code: 'MXN', name: 'Mexican peso', symbol: 'MX$', decimals: 2 },
  ];
  await insertMany(tx, currencies, currencyRows);
  const currencyId = { USD: 1, CAD: 2, MXN: 3 } as const;

  const channelRows = CHANNELS.map((c, i) => ({
    id: i + 1,
    code: c.code,
    name: c.name,
    currencyId: currencyId[c.currency],
    midMarketRate: c.rate,
    zoneLocation: c.zone,
    taxExemptAvailable: c.taxExempt,
    defaultLocale: c.locale,
    sort: i + 1,
    createdAt: EPOCH,
    updatedAt: EPOCH,
  }));
  await insertMany(tx, channels, channelRows);
  const channelId = { US: 1, CA: 2, MX: 3 } as const;

  await insertMany(
    tx,
    channelCountries,
    CHANNELS.map((c) => ({ channelId: channelId[c.code], countryId: countryId[c.code] })),
  );

  const methods: { channel: 'US' | 'CA' | 'MX'; method: string; label: string }[] = [
    { channel: 'US', method: 'card', label: 'Credit or debit card' },
    { channel: 'US', method: 'check', label: 'Check' },
    { channel: 'US', method: 'bank', label: 'Bank account (ACH)' },
    { channel: 'CA', method: 'card', label: 'Credit or debit card' },
    { channel: 'CA', method: 'check', label: 'Cheque' },
    { channel: 'MX', method: 'card', label: 'Tarjeta de crédito o débito' },
    { channel: 'MX', method: 'check', label: 'Cheque' },
  ];
  await insertMany(
    tx,
    channelPaymentMethods,
    methods.map((m, i) => ({
      id: i + 1,
      channelId: channelId[m.channel],
      method: m.method,
      label: m.label,
      sort: methods.filter((x) => x.channel === m.channel).indexOf(m) + 1,
      enabled: true,
    })),
  );

  return {
    countryId,
    currencyId,
    channelId,
    channelRate: { US: CHANNELS[0].rate, CA: CHANNELS[1].rate, MX: CHANNELS[2].rate },
  };
}

export const REGION_COUNT = US_STATES.length + CA_PROVINCES.length + MX_STATES.length;
