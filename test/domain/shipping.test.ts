/** The rate engine's pure rules: postal codes, zones, dimensional weight, brackets, prices, dates. */
import { expect } from 'chai';
import { InvalidPostalCodeError } from '../../src/providers/shipping/errors.ts';
import {
  addBusinessDays,
  areaOf,
  billableWeightKg,
  deliveryWindow,
  dimensionalWeightKg,
  inBracket,
  localParts,
  normalizePostalCode,
  parcelBillableGrams,
  priceCents,
  shipmentDate,
  shipmentMethodCode,
  weekdayOf,
  zoneFor,
} from '../../src/domain/shipping.ts';

const DSM = { countryCode: 'US', postalCode: '50315' };
const SKT = { countryCode: 'CA', postalCode: 'S7K 4Z6' };
const box = (weightKg: number, l = 0, w = 0, h = 0, quantity = 1) => ({
  weightKg,
  lengthCm: l,
  widthCm: w,
  heightCm: h,
  quantity,
});

describe('shipping rules: postal codes', () => {
  const valid: [string, string, string][] = [
    ['US', '50315', '50315'],
    ['US', ' 60601 ', '60601'],
    ['US', '60601-1234', '60601-1234'],
    ['US', '60601 1234', '60601-1234'],
    ['US', '606011234', '60601-1234'],
    ['US', '00501', '00501'],
    ['us', '99501', '99501'],
    ['CA', 'S7K 4Z6', 'S7K 4Z6'],
    ['CA', 's7k4z6', 'S7K 4Z6'],
    ['CA', 'M5V-3L9', 'M5V 3L9'],
    ['CA', 'h2x  1y4', 'H2X 1Y4'],
    ['CA', 'X0A 0H0', 'X0A 0H0'],
    ['MX', '44100', '44100'],
    ['MX', '01000', '01000'],
  ];
  for (const [country, raw, expected] of valid) {
    it(`accepts ${country} '${raw}' as '${expected}'`, () => {
      expect(normalizePostalCode(country, raw)).to.equal(expected);
    });
  }

  const invalid: [string, string, RegExp][] = [
    ['US', 'ABCDE', /5-digit ZIP/],
    ['US', '1234', /5-digit ZIP/],
    ['US', '123456', /5-digit ZIP/],
    ['US', '12345-67', /5-digit ZIP/],
    ['US', '', /Enter a postal code/],
    ['US', '00000', /does not exist/],
    ['US', '00499', /does not exist/],
    ['CA', '12345', /such as S7K 4Z6/],
    ['CA', 'S7K 4Z', /such as S7K 4Z6/],
    ['CA', 'D7K 4Z6', /does not exist/],
    ['CA', 'W1A 1A1', /does not exist/],
    ['CA', 'Z1A 1A1', /does not exist/],
    ['CA', 'S7O 4Z6', /does not exist/],
    ['MX', '4410', /5-digit código postal/],
    ['MX', 'ABCDE', /5-digit código postal/],
    ['MX', '00100', /does not exist/],
    ['FR', '75001', /do not ship to that country/],
    ['', '50315', /do not ship to that country/],
  ];
  for (const [country, raw, message] of invalid) {
    it(`refuses ${country || '(no country)'} '${raw}' with a typed 400`, () => {
      let caught: unknown;
      try {
        normalizePostalCode(country, raw);
      } catch (e) {
        caught = e;
      }
      expect(caught).to.be.instanceOf(InvalidPostalCodeError);
      const e = caught as InvalidPostalCodeError;
      expect(e.status).to.equal(400);
      expect(e.code).to.equal('invalid_postal_code');
      expect(e.message).to.match(message);
      expect(e.fields).to.have.property('postal_code');
    });
  }
});

describe('shipping rules: zones', () => {
  const cases: [string, { countryCode: string; postalCode: string }, string, string, string][] = [
    ['same first ZIP digit', DSM, 'US', '55401', 'local'],
    ['the warehouse ZIP itself', DSM, 'US', '50315-0001', 'local'],
    ['another US area', DSM, 'US', '60601', 'domestic'],
    ['the far coast', DSM, 'US', '94105', 'domestic'],
    ['US → Canada', DSM, 'CA', 'S7K 4Z6', 'international'],
    ['US → Mexico', DSM, 'MX', '44100', 'international'],
    ['same first postal letter (SK)', SKT, 'CA', 'S4P 3Y2', 'local'],
    ['another province', SKT, 'CA', 'M5V 3L9', 'domestic'],
    ['Canada → US', SKT, 'US', '50315', 'international'],
    [
      'Mexico is one zone from a Mexican warehouse',
      { countryCode: 'MX', postalCode: '64000' },
      'MX',
      '01000',
      'domestic',
    ],
  ];
  for (const [label, origin, country, postalCode, zone] of cases) {
    it(`${label}: ${origin.postalCode} → ${country} ${postalCode} is ${zone}`, () => {
      expect(zoneFor(origin, { country, postalCode })).to.equal(zone);
    });
  }
  it('areas are the first ZIP digit, the first postal letter, or the whole of Mexico', () => {
    expect(areaOf('US', '50315')).to.equal('US:5');
    expect(areaOf('CA', 's7k 4z6')).to.equal('CA:S');
    expect(areaOf('MX', '44100')).to.equal('MX');
  });
});

describe('shipping rules: billable weight', () => {
  const dims: [number, number, number, number][] = [
    [50, 40, 30, 12],
    [100, 100, 100, 200],
    [25, 25, 1, 0.125],
    [0, 10, 10, 0],
    [-5, 10, 10, 0],
  ];
  for (const [l, w, h, kg] of dims) {
    it(`dimensional weight of ${l}×${w}×${h} cm is ${kg} kg (÷ 5000)`, () => {
      expect(dimensionalWeightKg(l, w, h)).to.be.closeTo(kg, 1e-9);
    });
  }

  const billable: [string, ReturnType<typeof box>[], number][] = [
    ['heavy small box bills actual weight', [box(20, 30, 20, 10)], 20],
    ['light bulky box bills dimensional weight', [box(2, 60, 50, 40)], 24],
    ['quantity multiplies', [box(2, 60, 50, 40, 3)], 72],
    ['parcels add up', [box(20, 30, 20, 10), box(2, 60, 50, 40, 2)], 68],
    ['no dimensions: actual weight', [box(0.45)], 0.45],
    ['rounded up to the gram', [box(0.0001)], 0.001],
    ['zero and negative quantities ship nothing', [box(5, 0, 0, 0, 0), box(5, 0, 0, 0, -2)], 0],
    ['float noise does not leak', [box(0.1, 0, 0, 0, 3)], 0.3],
  ];
  for (const [label, parcels, kg] of billable) {
    it(`${label}: ${kg} kg`, () => {
      expect(billableWeightKg(parcels)).to.equal(kg);
    });
  }

  it('never bills less than the actual or the dimensional weight (invariant)', () => {
    for (let i = 0; i < 200; i++) {
      const p = box(
        Math.random() * 50,
        Math.random() * 120,
        Math.random() * 80,
        Math.random() * 60,
        1 + Math.floor(Math.random() * 5),
      );
      const g = parcelBillableGrams(p);
      expect(g).to.be.at.least(p.weightKg * 1000 - 1e-6);
      expect(g).to.be.at.least(dimensionalWeightKg(p.lengthCm, p.widthCm, p.heightCm) * 1000 - 1e-6);
      expect(Number.isInteger(g)).to.equal(true);
    }
  });
});

describe('shipping rules: brackets and prices', () => {
  const brackets: [number, number, number, boolean][] = [
    [0, 0, 5, true],
    [4.999, 0, 5, true],
    [5, 0, 5, false],
    [5, 5, 30, true],
    [29.999, 5, 30, true],
    [30, 5, 30, false],
    [30, 30, 10000, true],
  ];
  for (const [w, min, max, inside] of brackets) {
    it(`${w} kg is ${inside ? 'in' : 'not in'} [${min}, ${max})`, () => {
      expect(inBracket(w, min, max)).to.equal(inside);
    });
  }

  const prices: [string, number, boolean, number][] = [
    ['base + per kg', 2, false, 950 + 170],
    ['plus the residential surcharge', 2, true, 950 + 170 + 450],
    ['per kg rounds once, half up', 1.5, false, 950 + 128], // 85 × 1.5 = 127.5 → 128
    ['zero weight is the base price', 0, false, 950],
    ['grams count', 0.001, false, 950], // 0.085 cents → 0
  ];
  for (const [label, kg, residential, cents] of prices) {
    it(`${label}: ${kg} kg → ${cents} cents`, () => {
      expect(priceCents({ baseCents: 950, perKgCents: 85, residentialCents: 450 }, kg, residential)).to.equal(cents);
    });
  }

  it('names the shipment method from carrier and service', () => {
    expect(shipmentMethodCode('UPS', 'UPS Ground')).to.equal('UPS_GROUND');
    expect(shipmentMethodCode('R+L Carriers', 'LTL Freight')).to.equal('R_L_CARRIERS_LTL_FREIGHT');
    expect(shipmentMethodCode('Canada Post', 'Expedited Parcel')).to.equal('CANADA_POST_EXPEDITED_PARCEL');
  });
});

describe('shipping rules: dates (weekends skipped)', () => {
  // 2026-05-04 is a Monday.
  it('knows the weekdays it counts from', () => {
    expect(weekdayOf('2026-05-04')).to.equal(1);
    expect(weekdayOf('2026-05-09')).to.equal(6);
    expect(weekdayOf('2026-05-10')).to.equal(0);
  });

  const adds: [string, number, string][] = [
    ['2026-05-04', 0, '2026-05-04'],
    ['2026-05-04', 1, '2026-05-05'],
    ['2026-05-04', 4, '2026-05-08'],
    ['2026-05-04', 5, '2026-05-11'],
    ['2026-05-08', 1, '2026-05-11'],
    ['2026-05-09', 0, '2026-05-11'],
    ['2026-05-10', 1, '2026-05-12'],
    ['2026-12-31', 1, '2027-01-01'],
    ['2028-02-28', 1, '2028-02-29'],
    ['2026-05-04', 10, '2026-05-18'],
  ];
  for (const [from, n, to] of adds) {
    it(`${from} + ${n} business days = ${to}`, () => {
      expect(addBusinessDays(from, n)).to.equal(to);
    });
  }

  const ships: [string, string, string, string][] = [
    ['Monday morning in Des Moines ships today', '2026-05-04T14:00:00Z', 'America/Chicago', '2026-05-04'],
    ['Monday after the 14:00 cut-off ships Tuesday', '2026-05-04T20:30:00Z', 'America/Chicago', '2026-05-05'],
    ['Friday after the cut-off ships Monday', '2026-05-08T22:00:00Z', 'America/Chicago', '2026-05-11'],
    ['Saturday ships Monday', '2026-05-09T15:00:00Z', 'America/Chicago', '2026-05-11'],
    ['Sunday ships Monday', '2026-05-10T15:00:00Z', 'America/Chicago', '2026-05-11'],
    [
      'the warehouse date, not UTC: Sunday 23:00 in Regina is already Monday in UTC',
      '2026-05-11T05:00:00Z',
      'America/Regina',
      '2026-05-11',
    ],
    ['late Sunday UTC is still Sunday afternoon in Chicago', '2026-05-10T20:00:00Z', 'America/Chicago', '2026-05-11'],
  ];
  for (const [label, now, zone, date] of ships) {
    it(`${label} (${date})`, () => {
      expect(shipmentDate(new Date(now), zone)).to.equal(date);
    });
  }

  it('reads the wall clock of the warehouse', () => {
    expect(localParts(new Date('2026-05-11T05:00:00Z'), 'America/Regina')).to.deep.equal({
      date: '2026-05-10',
      hour: 23,
      weekday: 0,
    });
  });

  it('gives a delivery window from min to max business days', () => {
    expect(deliveryWindow('2026-05-07', 3, 5)).to.deep.equal({ earliest: '2026-05-12', latest: '2026-05-14' });
    expect(deliveryWindow('2026-05-07', 1, 1)).to.deep.equal({ earliest: '2026-05-08', latest: '2026-05-08' });
  });
});
