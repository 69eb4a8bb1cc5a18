/** Maps provider: the offline default suggests nothing; the Google Places adapter against a local fake server. */
import { expect } from 'chai';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createMapsProvider, GoogleMapsProvider, OfflineMapsProvider } from '../../src/providers/maps/index.ts';
import { fillFromPlace } from '../../src/domain/checkout.ts';

describe('providers: maps', () => {
  let server: http.Server;
  let url = '';
  const seen: URL[] = [];
  before(async () => {
    server = http.createServer((req, res) => {
      const u = new URL(req.url!, 'http://x');
      seen.push(u);
      res.setHeader('content-type', 'application/json');
      if (u.searchParams.get('key') !== 'maps-key') return void res.end(JSON.stringify({ status: 'REQUEST_DENIED' }));
      if (u.pathname === '/place/autocomplete/json') {
        return void res.end(
          JSON.stringify({
            status: 'OK',
            predictions: [{ place_id: 'p1', description: '1412 Oakwood Drive, Ames, IA, USA' }],
          }),
        );
      }
      if (u.pathname === '/place/details/json' && u.searchParams.get('place_id') === 'p1') {
        return void res.end(
          JSON.stringify({
            status: 'OK',
            result: {
              address_components: [
                { long_name: '1412', short_name: '1412', types: ['street_number'] },
                { long_name: 'Oakwood Drive', short_name: 'Oakwood Dr', types: ['route'] },
                { long_name: 'Ames', short_name: 'Ames', types: ['locality', 'political'] },
                { long_name: 'Iowa', short_name: 'IA', types: ['administrative_area_level_1', 'political'] },
                { long_name: 'United States', short_name: 'US', types: ['country', 'political'] },
                { long_name: '50010', short_name: '50010', types: ['postal_code'] },
              ],
            },
          }),
        );
      }
      res.end(JSON.stringify({ status: 'NOT_FOUND' }));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => new Promise<void>((r) => server.close(() => r())));

  it('offline: no suggestions, no details (the form is typed by hand)', async () => {
    const p = createMapsProvider({});
    expect(p).to.be.instanceOf(OfflineMapsProvider);
    expect(await p.autocomplete({ query: '1412 Oak' })).to.deep.equal([]);
    expect(await p.details('p1')).to.equal(null);
  });

  it('Google: suggestions restricted to the country; details fill the inputs per the spec mapping (short names, locality long)', async () => {
    const p = new GoogleMapsProvider({ apiKey: 'maps-key', baseUrl: url });
    expect(await p.autocomplete({ query: '1412 Oak', country: 'US' })).to.deep.equal([
      { id: 'p1', description: '1412 Oakwood Drive, Ames, IA, USA' },
    ]);
    expect(seen.at(-1)!.searchParams.get('components')).to.equal('country:us');
    const components = await p.details('p1');
    expect(fillFromPlace(components!)).to.deep.equal({
      address1: '1412 Oakwood Dr',
      city: 'Ames',
      region: 'IA',
      country: 'US',
      postalcode: '50010',
    });
    expect(await p.details('nope')).to.equal(null);
  });

  it('Google with a refused key or an unreachable server answers empty, never throws', async () => {
    expect(
      await new GoogleMapsProvider({ apiKey: 'bad', baseUrl: url }).autocomplete({ query: 'x y z' }),
    ).to.deep.equal([]);
    expect(
      await new GoogleMapsProvider({ apiKey: 'maps-key', baseUrl: 'http://127.0.0.1:9', timeoutMs: 1000 }).autocomplete(
        { query: 'x y z' },
      ),
    ).to.deep.equal([]);
  });
});
