/** TableRateProvider over the seeded shipping_rates table: brackets, zones, surcharge, dates. */
import { expect } from 'chai';
import { testServer } from '../helpers/server.ts';
import { InvalidPostalCodeError } from '../../src/providers/shipping/errors.ts';
import { TableRateProvider } from '../../src/providers/shipping/table.ts';
import type { RateRequest } from '../../src/providers/shipping/types.ts';

const DSM = {
  id: 1,
  code: 'US-DSM',
  countryCode: 'US',
  postalCode: '50315',
  regionCode: 'IA',
  timeZone: 'America/Chicago',
};
const NOW = new Date('2026-05-08T21:00:00Z'); // Friday 16:00 in Des Moines: after the cut-off
const req = (kg: number, over: Partial<RateRequest> = {}): RateRequest => ({
  warehouse: DSM,
  destination: { country: 'US', postalCode: '60601', residential: false },
  parcels: [{ weightKg: kg, lengthCm: 0, widthCm: 0, heightCm: 0, quantity: 1 }],
  now: NOW,
  ...over,
});

describe('shipping: table rate provider (seeded shipping_rates)', function () {
  this.timeout(60_000);
  let provider: TableRateProvider;

  before(async () => {
    provider = new TableRateProvider((await testServer()).database.db, () => new Date('2000-01-01T00:00:00Z'));
  });

  const services: [number, string[]][] = [
    [1, ['UPS Ground', 'FedEx Express Saver']],
    [4.999, ['UPS Ground', 'FedEx Express Saver']],
    [5, ['UPS Ground', 'FedEx Express Saver']],
    [29.999, ['UPS Ground', 'FedEx Express Saver']],
    [30, ['UPS Ground', 'FedEx Express Saver', 'LTL Freight']],
    [69.999, ['UPS Ground', 'FedEx Express Saver', 'LTL Freight']],
    [70, ['LTL Freight']],
    [9999, ['LTL Freight']],
  ];
  for (const [kg, expected] of services) {
    it(`${kg} kg from Des Moines to Chicago: ${expected.join(', ') || 'nothing'}`, async () => {
      const quotes = await provider.quote(req(kg));
      expect(new Set(quotes.map((q) => q.description))).to.deep.equal(new Set(expected));
    });
  }

  it('quotes nothing at or above the heaviest bracket of the table', async () => {
    const { rows } = await (await testServer()).database.pool.query(
      'select max(max_weight)::float8 as max from shipping_rates where warehouse_id = 1',
    );
    const max = Number(rows[0].max);
    expect((await provider.quote(req(max - 0.001))).map((q) => q.description)).to.deep.equal(['LTL Freight']);
    expect(await provider.quote(req(max))).to.deep.equal([]);
  });

  it('prices brackets on each side of 5 kg from their own rows (USD), cheapest first', async () => {
    const below = (await provider.quote(req(4.999))).find((q) => q.description === 'UPS Ground')!;
    const at = (await provider.quote(req(5))).find((q) => q.description === 'UPS Ground')!;
    // domestic UPS Ground: [0,5) 9.50 + 0.85/kg; [5,30) 14.00 + 1.10/kg
    expect(below.total).to.deep.equal({ value: '13.75', currency: 'USD' }); // 950 + round(85 × 4.999) = 950 + 425
    expect(at.total).to.deep.equal({ value: '19.50', currency: 'USD' }); // 1400 + 550
    const quotes = await provider.quote(req(40));
    const totals = quotes.map((q) => Number(q.total.value));
    expect(totals).to.deep.equal([...totals].sort((a, b) => a - b));
  });

  it('adds the residential surcharge and says so on the quote', async () => {
    const business = (await provider.quote(req(2))).find((q) => q.description === 'UPS Ground')!;
    const home = (
      await provider.quote(req(2, { destination: { country: 'US', postalCode: '60601', residential: true } }))
    ).find((q) => q.description === 'UPS Ground')!;
    expect(Number(home.total.value) - Number(business.total.value)).to.be.closeTo(4.5, 1e-9);
    expect(home.residential).to.equal(true);
    expect(business.residential).to.equal(false);
  });

  it('fills every §3 field; dates start Monday after a Friday-afternoon request and skip the weekend', async () => {
    const ground = (await provider.quote(req(2))).find((q) => q.description === 'UPS Ground')!;
    expect(ground).to.have.all.keys(
      'method',
      'carrier',
      'description',
      'service_type',
      'shipment_method',
      'total',
      'shipment_date',
      'delivery_date',
      'min_days',
      'max_days',
      'residential',
      'tax_duty_fees',
    );
    expect(ground).to.include({
      carrier: 'UPS',
      service_type: 'ground',
      shipment_method: 'UPS_GROUND',
      shipment_date: '2026-05-11',
      min_days: 3,
      max_days: 5,
      delivery_date: '2026-05-18',
    });
    expect(ground.method).to.match(/^rate:\d+$/);
    expect(ground.tax_duty_fees).to.deep.equal({ value: '0.00', currency: 'USD' });
  });

  it('uses the provider clock when the request has no `now`', async () => {
    const [q] = await provider.quote({ ...req(2), now: undefined });
    expect(q.shipment_date).to.equal('2000-01-03'); // 2000-01-01 was a Saturday
  });

  it('refuses an invalid postal code before reading the table, and quotes nothing for no weight', async () => {
    const err = await provider
      .quote(req(2, { destination: { country: 'US', postalCode: 'ABCDE', residential: false } }))
      .then(
        () => null,
        (e) => e,
      );
    expect(err).to.be.instanceOf(InvalidPostalCodeError);
    expect(await provider.quote(req(0))).to.deep.equal([]);
  });
});
