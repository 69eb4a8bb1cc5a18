/** The location providers: the offline table and the real adapter against a local fake maps API. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { createOfflineGeo, regionOfPostal } from '../../src/providers/geolocation/offline.ts';
import { createGoogleGeo } from '../../src/providers/geolocation/google.ts';
import { GeoProviderError } from '../../src/providers/geolocation/types.ts';
import { loggingFailures } from '../../src/providers/geolocation/index.ts';

describe('providers/geolocation offline', () => {
  it('places ZIP codes and Canadian postal codes in their state or province', () => {
    expect(regionOfPostal('US', '50010')).to.equal('IA');
    expect(regionOfPostal('US', '50010-1234')).to.equal('IA');
    expect(regionOfPostal('US', '88510')).to.equal('TX');
    expect(regionOfPostal('US', '99501')).to.equal('AK');
    expect(regionOfPostal('US', '00123')).to.equal(null);
    expect(regionOfPostal('US', '5001')).to.equal(null);
    expect(regionOfPostal('CA', 's7k 5z7')).to.equal('SK');
    expect(regionOfPostal('CA', 'H2X 1Y4')).to.equal('QC');
    expect(regionOfPostal('CA', 'D1A 1A1')).to.equal(null); // D is never a first letter
    expect(regionOfPostal('MX', '31000')).to.equal(null);
  });

  it('estimates drive times for each destination, in order, and cannot geolocate by itself', async () => {
    const geo = createOfflineGeo();
    expect(await geo.geolocate()).to.equal(null);
    const origin = (await geo.geocodePostal('US', '50010'))!;
    const near = { lat: 42.0, lng: -93.6 };
    const far = { lat: 52.1, lng: -106.6 };
    const [a, b] = await geo.driveTimes(origin, [near, far]);
    expect(a.seconds).to.be.below(b.seconds);
    expect(a.meters).to.be.below(b.meters);
  });
});

describe('providers/geolocation google adapter (fake server)', () => {
  let server: http.Server;
  let url: string;
  const seen: { method: string; url: string; body: string }[] = [];
  let mode: 'ok' | 'fail' | 'zero' = 'ok';

  before(async () => {
    server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        seen.push({ method: req.method!, url: req.url!, body });
        res.setHeader('content-type', 'application/json');
        if (mode === 'fail') return void res.writeHead(500).end('{"error":{"message":"boom"}}');
        const u = new URL(req.url!, 'http://x');
        if (u.pathname === '/geolocation/v1/geolocate')
          return void res.end(JSON.stringify({ location: { lat: 41.59, lng: -93.62 }, accuracy: 1200 }));
        if (u.pathname === '/maps/api/geocode/json') {
          if (mode === 'zero') return void res.end(JSON.stringify({ status: 'ZERO_RESULTS', results: [] }));
          return void res.end(
            JSON.stringify({ status: 'OK', results: [{ geometry: { location: { lat: 42.02, lng: -93.65 } } }] }),
          );
        }
        if (u.pathname === '/maps/api/distancematrix/json') {
          const n = (u.searchParams.get('destinations') ?? '').split('|').length;
          return void res.end(
            JSON.stringify({
              status: 'OK',
              rows: [
                {
                  elements: Array.from({ length: n }, (_, i) => ({
                    status: 'OK',
                    distance: { value: 1000 * (i + 1) },
                    duration: { value: 600 * (i + 1) },
                  })),
                },
              ],
            }),
          );
        }
        res.writeHead(404).end('{}');
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => new Promise<void>((r) => server.close(() => r())));
  beforeEach(() => {
    mode = 'ok';
    seen.length = 0;
  });

  it('geolocates with a POST, no body, the key in the URL', async () => {
    const geo = createGoogleGeo({ apiKey: 'k 1', baseUrl: url });
    expect(await geo.geolocate()).to.deep.equal({ location: { lat: 41.59, lng: -93.62 }, accuracy: 1200 });
    expect(seen[0]).to.include({ method: 'POST', body: '' });
    expect(seen[0].url).to.contain('key=k%201');
  });

  it('geocodes a postal code by components and reads drive times in order', async () => {
    const geo = createGoogleGeo({ apiKey: 'k', baseUrl: url });
    expect(await geo.geocodePostal('US', '50010')).to.deep.equal({ lat: 42.02, lng: -93.65 });
    expect(decodeURIComponent(seen[0].url)).to.contain('components=country:US|postal_code:50010');
    const drives = await geo.driveTimes({ lat: 1, lng: 2 }, [
      { lat: 3, lng: 4 },
      { lat: 5, lng: 6 },
    ]);
    expect(drives).to.deep.equal([
      { meters: 1000, seconds: 600 },
      { meters: 2000, seconds: 1200 },
    ]);
    mode = 'zero';
    expect(await geo.geocodePostal('US', '00000')).to.equal(null);
  });

  it('a failing service raises GeoProviderError (the locator then falls back to the estimate)', async () => {
    mode = 'fail';
    const geo = createGoogleGeo({ apiKey: 'k', baseUrl: url });
    try {
      await geo.driveTimes({ lat: 1, lng: 2 }, [{ lat: 3, lng: 4 }]);
      expect.fail('should throw');
    } catch (err) {
      expect(err).to.be.instanceOf(GeoProviderError);
    }
    const down = createGoogleGeo({ apiKey: 'k', baseUrl: 'http://127.0.0.1:9', timeoutMs: 500 });
    await down.geolocate().then(
      () => expect.fail('should throw'),
      (err) => expect(err).to.be.instanceOf(GeoProviderError),
    );
  });
});

describe('providers/geolocation: failures are logged with their cause', () => {
  it('a failing call is written to the log (operation, provider, the error) and still reaches the caller', async () => {
    const lines: { obj: Record<string, unknown>; msg: string }[] = [];
    const failing = {
      ...createOfflineGeo(),
      geocodePostal: async () => {
        throw new GeoProviderError('quota exceeded', 429);
      },
    };
    const geo = loggingFailures(failing, {
      warn: (obj, msg) => void lines.push({ obj: obj as Record<string, unknown>, msg }),
    });
    let thrown: unknown;
    try {
      await geo.geocodePostal('US', '50010');
    } catch (err) {
      thrown = err;
    }
    expect((thrown as Error).message).to.equal('quota exceeded');
    expect(lines).to.have.length(1);
    expect(lines[0].msg).to.equal('geolocation geocodePostal failed');
    expect(lines[0].obj).to.include({ provider: 'offline', op: 'geocodePostal' });
    expect((lines[0].obj.err as Error).message).to.equal('quota exceeded');
    // A call that works writes nothing.
    expect(await geo.driveTimes({ lat: 42, lng: -93 }, [])).to.deep.equal([]);
    expect(lines).to.have.length(1);
  });
});
