/**
 * HttpCarrierRateProvider against a fake carrier API started here on 127.0.0.1, port 0:
 * the request it sends, the mapping of a 200, and the typed errors for 400, 500, timeouts,
 * unreadable bodies and a closed port.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import {
  CarrierRejectedError,
  CarrierTimeoutError,
  CarrierUnavailableError,
  InvalidPostalCodeError,
} from '../../src/providers/shipping/errors.ts';
import { HttpCarrierRateProvider } from '../../src/providers/shipping/http-carrier.ts';
import { createRateProvider } from '../../src/providers/shipping/index.ts';
import { TableRateProvider } from '../../src/providers/shipping/table.ts';
import type { RateRequest } from '../../src/providers/shipping/types.ts';

type Seen = { method?: string; url?: string; headers: http.IncomingHttpHeaders; body: any };
type Handler = (req: http.IncomingMessage, res: http.ServerResponse, body: any) => void;

const NOW = new Date('2026-05-04T15:00:00Z'); // Monday 10:00 in Des Moines
const REQUEST: RateRequest = {
  warehouse: {
    id: 1,
    code: 'US-DSM',
    countryCode: 'US',
    postalCode: '50315',
    regionCode: 'IA',
    timeZone: 'America/Chicago',
  },
  destination: { country: 'us', postalCode: '60601 1234', residential: true },
  parcels: [{ weightKg: 2.5, lengthCm: 40, widthCm: 30, heightCm: 20, quantity: 2 }],
  now: NOW,
};

describe('shipping: HTTP carrier rate provider (fake carrier on 127.0.0.1)', () => {
  let server: http.Server;
  let baseUrl: string;
  let handler: Handler;
  let seen: Seen;
  const sockets = new Set<import('node:net').Socket>();

  before(async () => {
    server = http.createServer((req, res) => {
      let raw = '';
      req.on('data', (c) => (raw += c));
      req.on('end', () => {
        let body: unknown = null;
        try {
          body = JSON.parse(raw);
        } catch {
          body = raw;
        }
        seen = { method: req.method, url: req.url, headers: req.headers, body };
        handler(req, res, body);
      });
    });
    server.on('connection', (s) => {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });

  after(async () => {
    for (const s of sockets) s.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  const json = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const provider = (timeoutMs = 2000) => new HttpCarrierRateProvider({ baseUrl, apiKey: 'test-key-123', timeoutMs });

  it('posts the shipment as JSON with the API key and maps the rates, cheapest first', async () => {
    handler = (_req, res) =>
      json(res, 200, {
        rates: [
          {
            service_code: 'fx_2day',
            carrier: 'FedEx',
            service_name: 'FedEx 2Day',
            service_type: 'express',
            total: { amount: 48.1, currency: 'usd' },
            transit_days: 2,
          },
          {
            service_code: 'ups_ground',
            carrier: 'UPS',
            service_name: 'UPS Ground',
            service_type: 'ground',
            total: { amount: '18.40', currency: 'USD' },
            tax_duty_fees: { amount: '1.5', currency: 'USD' },
            ship_date: '2026-05-04',
            delivery_date: '2026-05-08',
            transit_days: { min: 3, max: 4 },
          },
          {
            service_code: 'ltl',
            carrier: 'R+L Carriers',
            service_name: 'LTL Freight',
            total: { amount: '120', currency: 'USD' },
            delivery_date: '2026-05-11',
          },
        ],
      });
    const quotes = await provider().quote(REQUEST);

    expect(seen.method).to.equal('POST');
    expect(seen.url).to.equal('/v1/rates');
    expect(seen.headers['x-api-key']).to.equal('test-key-123');
    expect(seen.headers['content-type']).to.match(/application\/json/);
    expect(seen.body).to.deep.equal({
      ship_date: '2026-05-04',
      origin: { country_code: 'US', postal_code: '50315' },
      destination: { country_code: 'US', postal_code: '60601-1234', residential: true },
      packages: [
        {
          weight: { value: 2.5, unit: 'kg' },
          dimensions: { length: 40, width: 30, height: 20, unit: 'cm' },
          quantity: 2,
        },
      ],
    });

    expect(quotes.map((q) => q.method)).to.deep.equal(['ups_ground', 'fx_2day', 'ltl']);
    expect(quotes[0]).to.deep.equal({
      method: 'ups_ground',
      carrier: 'UPS',
      description: 'UPS Ground',
      service_type: 'ground',
      shipment_method: 'UPS_GROUND',
      total: { value: '18.40', currency: 'USD' },
      shipment_date: '2026-05-04',
      delivery_date: '2026-05-08',
      min_days: 3,
      max_days: 4,
      residential: true,
      tax_duty_fees: { value: '1.50', currency: 'USD' },
    });
    // Missing dates and days are derived: 2 business days from Monday; Monday → next Monday is 5.
    expect(quotes[1]).to.include({
      delivery_date: '2026-05-06',
      min_days: 2,
      max_days: 2,
      shipment_date: '2026-05-04',
    });
    expect(quotes[1].total).to.deep.equal({ value: '48.10', currency: 'USD' });
    expect(quotes[2]).to.include({ min_days: 5, max_days: 5, service_type: 'ground' });
  });

  it('answers 400 from the carrier with a typed rejection carrying its message (HTTP 400 to the buyer)', async () => {
    handler = (_req, res) => json(res, 400, { error: { message: 'Destination postal code not serviced' } });
    const err = await provider()
      .quote(REQUEST)
      .then(
        () => null,
        (e) => e,
      );
    expect(err).to.be.instanceOf(CarrierRejectedError);
    expect(err.status).to.equal(400);
    expect(err.upstreamStatus).to.equal(400);
    expect(err.message).to.equal('Destination postal code not serviced');
  });

  it('answers 500 from the carrier with CarrierUnavailableError (502)', async () => {
    handler = (_req, res) => json(res, 500, { message: 'internal' });
    const err = await provider()
      .quote(REQUEST)
      .then(
        () => null,
        (e) => e,
      );
    expect(err).to.be.instanceOf(CarrierUnavailableError);
    expect(err.status).to.equal(502);
    expect(err.upstreamStatus).to.equal(500);
  });

  it('gives up after the timeout with CarrierTimeoutError (504)', async () => {
    handler = (_req, res) => {
      const t = setTimeout(() => json(res, 200, { rates: [] }), 2000);
      res.on('close', () => clearTimeout(t));
    };
    const err = await provider(150)
      .quote(REQUEST)
      .then(
        () => null,
        (e) => e,
      );
    expect(err).to.be.instanceOf(CarrierTimeoutError);
    expect(err.status).to.equal(504);
  });

  it('refuses a 200 whose body is not the rates shape', async () => {
    handler = (_req, res) => json(res, 200, { quotes: 'nope' });
    expect(
      await provider()
        .quote(REQUEST)
        .then(
          () => null,
          (e) => e,
        ),
    ).to.be.instanceOf(CarrierUnavailableError);
    handler = (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/html' });
      res.end('<html>maintenance</html>');
    };
    expect(
      await provider()
        .quote(REQUEST)
        .then(
          () => null,
          (e) => e,
        ),
    ).to.be.instanceOf(CarrierUnavailableError);
  });

  it('reports a closed port as unavailable', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const p = new HttpCarrierRateProvider({ baseUrl: `http://127.0.0.1:${port}`, apiKey: 'k', timeoutMs: 2000 });
    expect(
      await p.quote(REQUEST).then(
        () => null,
        (e) => e,
      ),
    ).to.be.instanceOf(CarrierUnavailableError);
  });

  it('checks the postal code before calling the carrier', async () => {
    let called = false;
    handler = (_req, res) => {
      called = true;
      json(res, 200, { rates: [] });
    };
    const err = await provider()
      .quote({ ...REQUEST, destination: { country: 'US', postalCode: 'ABCDE', residential: false } })
      .then(
        () => null,
        (e) => e,
      );
    expect(err).to.be.instanceOf(InvalidPostalCodeError);
    expect(called).to.equal(false);
  });

  it('is the provider the factory picks when a carrier URL is configured', () => {
    const fakeDb = {} as never;
    expect(createRateProvider(fakeDb, {})).to.be.instanceOf(TableRateProvider);
    expect(createRateProvider(fakeDb, { carrierApiUrl: baseUrl, carrierApiKey: 'k' })).to.be.instanceOf(
      HttpCarrierRateProvider,
    );
    expect(() => createRateProvider(fakeDb, { carrierApiUrl: baseUrl })).to.throw(/CARRIER_API_KEY/);
  });
});
