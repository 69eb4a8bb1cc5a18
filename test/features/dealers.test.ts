/** The dealer locator over HTTP: POST /dealers/set, the postal-code fallback, filters, last used. */
import { expect } from 'chai';
import { agent, csrf, type Agent } from '../helpers/http.ts';

const AMES = { lat: 42.03, lng: -93.62, accuracy: 25 };
const SASKATOON = { lat: 52.13, lng: -106.67, accuracy: 40 };

async function visitor(locale = 'en-us') {
  const a = await agent();
  return { a, token: await csrf(a, `/${locale}/dealers`) };
}
const post = (c: { a: Agent; token: string }, path: string, body: Record<string, unknown>) =>
  c.a
    .post(path)
    .type('form')
    .set('Accept', 'application/json')
    .set('X-Requested-With', 'XMLHttpRequest')
    .set('X-CSRF-Token', c.token)
    .send(body);

describe('dealer locator (HTTP)', function () {
  it('POST /dealers/set with the location JSON answers the nearest dealers first, with drive duration text', async () => {
    const c = await visitor();
    const res = await post(c, '/dealers/set', { location: JSON.stringify(AMES) });
    expect(res.status).to.equal(200);
    expect(res.body.addresses[0].name).to.equal('Heartland Planter Supply');
    expect(res.body.addresses[0].duration.text).to.match(/minute/);
    const distances = res.body.addresses.map((d: { distance: { value: number } }) => d.distance.value);
    expect(distances).to.deep.equal([...distances].sort((x, y) => x - y));
    expect(res.body.bounds.southWest.lat).to.be.below(AMES.lat);
    expect(res.body.bounds.northEast.lng).to.be.above(AMES.lng);
    expect(res.body.html).to.contain('data-testid="dealer-list"');
    const ca = await post(c, '/dealers/set', { location: JSON.stringify(SASKATOON) });
    expect(ca.body.addresses[0].name).to.equal('Saskatoon Seeding Systems');
  });

  it('needs the form token (403) and a well-formed location (400 with field errors)', async () => {
    const a = await agent();
    const noToken = await a
      .post('/dealers/set')
      .type('form')
      .set('Accept', 'application/json')
      .send({ location: JSON.stringify(AMES) });
    expect(noToken.status).to.equal(403);
    const c = await visitor();
    for (const bad of ['not json', JSON.stringify({ lat: 95, lng: 0 }), JSON.stringify({ lat: 'x', lng: 1 }), '']) {
      const res = await post(c, '/dealers/set', { location: bad });
      expect(res.status, bad).to.equal(400);
      expect(res.body.error).to.have.property('fields');
    }
    const badService = await post(c, '/dealers/set', { location: JSON.stringify(AMES), service: 'spa' });
    expect(badService.status).to.equal(400);
  });

  it('filters by service (EPP dealers only)', async () => {
    const c = await visitor();
    const res = await post(c, '/dealers/set', { location: JSON.stringify(AMES), service: 'epp' });
    expect(res.status).to.equal(200);
    for (const d of res.body.addresses) expect(d.services).to.include('epp');
    expect(res.body.addresses.map((d: { name: string }) => d.name)).not.to.include('Platte Valley Implement');
  });

  it('the postal-code fallback places US ZIP and Canadian codes; an unknown code asks for another', async () => {
    const c = await visitor('fr-ca');
    const zip = await post(c, '/en-us/dealers/postal', { country: 'US', postal_code: '68508' });
    expect(zip.body.addresses[0].name).to.equal('Platte Valley Implement');
    const ca = await post(c, '/fr-ca/dealers/postal', { country: 'CA', postal_code: 't1j 0n1' });
    expect(ca.body.addresses[0].name).to.equal('Lethbridge Precision Planting');
    expect(ca.body.addresses[0].duration.text).to.match(/heure|minute/);
    const bad = await post(c, '/en-us/dealers/postal', { country: 'US', postal_code: '00000' });
    expect(bad.status).to.equal(400);
    expect(bad.body.error.fields.postal_code).to.contain('Try another');
    const page = await c.a.get('/en-us/dealers?country=US&postal_code=ABCDE');
    expect(page.status).to.equal(200);
    expect(page.text).to.contain('data-testid="field-error-postal_code"');
  });

  it('the page works without script from a postal code, and remembers the last position', async () => {
    const c = await visitor();
    const noScript = await c.a.get('/en-us/dealers?country=US&postal_code=57104');
    expect(noScript.text).to.match(/data-testid="dealer"[^>]*>[\s\S]*Dakota Row Crop Service/);
    expect((await c.a.get('/en-us/dealers')).text).to.contain('data-testid="dealers-prompt"');
    await post(c, '/dealers/set', { location: JSON.stringify(SASKATOON) });
    const again = await c.a.get('/en-us/dealers');
    expect(again.text).to.contain('Saskatoon Seeding Systems');
    expect(again.text).to.contain('location you used last time');
  });

  it('the offline provider has no network geolocation: geolocate answers a null location', async () => {
    const c = await visitor();
    const res = await post(c, '/en-us/dealers/geolocate', {});
    expect(res.status).to.equal(200);
    expect(res.body.location).to.equal(null);
  });
});
