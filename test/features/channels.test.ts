/** Channels, countries and regions: the switch, the chooser page and the lookup APIs. */
import { expect } from 'chai';
import { agent, csrf, type Agent } from '../helpers/http.ts';
import { testServer } from '../helpers/server.ts';

const xhr = (a: Agent, url: string, token: string) =>
  a.post(url).set('X-CSRF-Token', token).set('X-Requested-With', 'XMLHttpRequest').set('Accept', 'application/json');
const prices = (html: string) => [...html.matchAll(/data-testid="product-price">([^<]+)</g)].map((m) => m[1]);

describe('channels: countries and regions API', () => {
  let a: Agent;
  before(async () => {
    a = await agent();
  });

  it('lists countries US, CA, then by name, as [{id, code, name}]', async () => {
    const res = await a.get('/api/generic-data/location/countries');
    expect(res.status).to.equal(200);
    const list = res.body as { id: number; code: string; name: string }[];
    expect(list.length).to.be.at.least(3);
    for (const c of list) expect(c).to.have.all.keys('id', 'code', 'name');
    expect(list[0].code).to.equal('US');
    expect(list[1].code).to.equal('CA');
    const rest = list.slice(2).map((c) => c.name);
    expect(rest).to.deep.equal([...rest].sort((x, y) => x.localeCompare(y, 'en')));
    expect(list.map((c) => c.code)).to.include('MX');
  });

  it("lists a country's regions sorted by name, by id (GET) and by code (POST)", async () => {
    const countries = (await a.get('/api/generic-data/location/countries')).body as { id: number; code: string }[];
    const ca = countries.find((c) => c.code === 'CA')!;
    const res = await a.get(`/api/generic-data/location/countries/${ca.id}/regions`);
    expect(res.status).to.equal(200);
    const names = res.body.map((r: { name: string }) => r.name);
    expect(names).to.include('Saskatchewan');
    expect(names).to.deep.equal([...names].sort((x: string, y: string) => x.localeCompare(y, 'en')));
    for (const r of res.body) expect(r).to.have.all.keys('code', 'name');

    const token = await csrf(a, '/en-us/products');
    const posted = await xhr(a, '/en-us/address/get-regions', token).type('form').send({ countryCode: 'CA' });
    expect(posted.status).to.equal(200);
    expect(posted.body).to.deep.equal(res.body);
    const multipart = await xhr(a, '/en-us/address/get-regions', token).field('countryCode', 'mx');
    expect(multipart.status).to.equal(200);
    expect(multipart.body.map((r: { code: string }) => r.code)).to.include('JAL');
  });

  it('regions come named in the page language, sorted by those names', async () => {
    const token = await csrf(a, '/fr-ca/products');
    const fr = (await xhr(a, '/fr-ca/address/get-regions', token).type('form').send({ countryCode: 'CA' })).body as {
      code: string;
      name: string;
    }[];
    const byCode = Object.fromEntries(fr.map((r) => [r.code, r.name]));
    expect([byCode.BC, byCode.QC, byCode.PE, byCode.SK]).to.deep.equal([
      'Colombie-Britannique',
      'Québec',
      'Île-du-Prince-Édouard',
      'Saskatchewan',
    ]);
    expect(fr.map((r) => r.name)).to.deep.equal(fr.map((r) => r.name).sort((x, y) => x.localeCompare(y, 'fr-CA')));
    const es = (await xhr(a, '/es-mx/address/get-regions', token).type('form').send({ countryCode: 'US' })).body as {
      code: string;
      name: string;
    }[];
    expect(es.find((r) => r.code === 'NC')?.name).to.equal('Carolina del Norte');
  });

  it('answers 400 for a bad country id, 404 for an unknown one', async () => {
    expect((await a.get('/api/generic-data/location/countries/abc/regions')).status).to.equal(400);
    expect((await a.get('/api/generic-data/location/countries/-1/regions')).status).to.equal(400);
    const missing = await a.get('/api/generic-data/location/countries/999999/regions');
    expect(missing.status).to.equal(404);
    expect(missing.body.error.code).to.equal('not_found');
    const token = await csrf(a, '/en-us/products');
    expect(
      (await xhr(a, '/en-us/address/get-regions', token).type('form').send({ countryCode: 'ZZ' })).status,
    ).to.equal(404);
    const bad = await xhr(a, '/en-us/address/get-regions', token).type('form').send({ countryCode: "'; drop" });
    expect(bad.status).to.equal(400);
    expect(bad.body.error.fields).to.have.property('countryCode');
    expect((await xhr(a, '/en-us/address/get-regions', token).type('form').send({})).status).to.equal(400);
  });

  it('looks up the channel of a country: /api/channel/get/type/1/id/{country_id}', async () => {
    const countries = (await a.get('/api/generic-data/location/countries')).body as { id: number; code: string }[];
    const id = (code: string) => countries.find((c) => c.code === code)!.id;
    const us = await a.get(`/api/channel/get/type/1/id/${id('US')}`);
    const ca = await a.get(`/api/channel/get/type/1/id/${id('CA')}`);
    expect(us.status).to.equal(200);
    expect(us.body).to.have.all.keys('channel_id');
    expect(ca.body.channel_id).to.be.a('number').and.not.equal(us.body.channel_id);
    const noChannel = countries.find((c) => !['US', 'CA', 'MX'].includes(c.code));
    expect(noChannel, 'the demo data has countries that no channel serves').to.not.equal(undefined);
    expect((await a.get(`/api/channel/get/type/1/id/${noChannel!.id}`)).status).to.equal(404);
    expect((await a.get('/api/channel/get/type/1/id/999999')).status).to.equal(404);
    expect((await a.get('/api/channel/get/type/1/id/abc')).status).to.equal(400);
    expect((await a.get(`/api/channel/get/type/2/id/${id('US')}`)).status).to.equal(404);
  });
});

describe('channels: switching', () => {
  it('refuses a switch without the CSRF token (403)', async () => {
    const a = await agent();
    await a.get('/en-us/products');
    const res = await a
      .post('/en-us/channel/CA')
      .set('X-Requested-With', 'XMLHttpRequest')
      .type('form')
      .send({ country: 'CA' });
    expect(res.status).to.equal(403);
  });

  it('answers 404 for an unknown channel and 400 for a country outside the channel', async () => {
    const a = await agent();
    const token = await csrf(a, '/en-us/products');
    const unknown = await xhr(a, '/en-us/channel/ZZ', token).type('form').send({ country: 'CA' });
    expect(unknown.status).to.equal(404);
    expect(unknown.body.error.code).to.equal('not_found');
    const wrong = await xhr(a, '/en-us/channel/CA', token).type('form').send({ country: 'US' });
    expect(wrong.status).to.equal(400);
    expect(wrong.body.error.fields).to.have.property('country');
    const missing = await xhr(a, '/en-us/channel/CA', token).type('form').send({});
    expect(missing.status).to.equal(400);
    const junk = await xhr(a, '/en-us/channel/CA', token).send({ country: { $ne: 1 } });
    expect(junk.status).to.equal(400);
    // still on the US channel
    expect(prices((await a.get('/en-us/products')).text)[0]).to.match(/^\$/);
  });

  it('switches to CA: 200 {channel, currency}, then the listing shows CAD prices', async () => {
    const a = await agent();
    const usHtml = (await a.get('/en-us/products?sort=name')).text;
    const usd = prices(usHtml);
    expect(usd[0]).to.match(/^\$[\d,]+\.\d{2}$/);
    const token = /<meta name="csrf-token" content="([^"]+)"/.exec(usHtml)![1];

    const res = await xhr(a, '/en-us/channel/CA', token).type('form').send({ country: 'CA' });
    expect(res.status).to.equal(200);
    expect(res.body).to.deep.equal({ channel: 'CA', currency: 'CAD' });

    const cad = prices((await a.get('/en-us/products?sort=name')).text);
    expect(cad).to.have.length(usd.length);
    for (const p of cad) expect(p).to.match(/^CA\$[\d,]+\.\d{2}$/);
    // CAD prices differ from USD ones (rate 1.37 or channel prices)
    const num = (p: string) => Number(p.replace(/[^\d.]/g, ''));
    expect(num(cad[0])).to.be.greaterThan(num(usd[0]));
    // in en-ca the same CAD amounts are written the Canadian way
    const enCa = prices((await a.get('/en-ca/products?sort=name')).text);
    expect(enCa.map(num)).to.deep.equal(cad.map(num));
    for (const p of enCa) expect(p).to.match(/^\$[\d,]+\.\d{2}$/);
    // fr-ca: CAD, French format
    const fr = prices((await a.get('/fr-ca/products?sort=name')).text);
    expect(fr[0]).to.match(/\$$/);
  });

  it('accepts the channel and the country by id (the checkout lookup flow)', async () => {
    const a = await agent();
    const countries = (await a.get('/api/generic-data/location/countries')).body as { id: number; code: string }[];
    const mx = countries.find((c) => c.code === 'MX')!;
    const { channel_id } = (await a.get(`/api/channel/get/type/1/id/${mx.id}`)).body;
    const token = await csrf(a, '/en-us/products');
    const res = await xhr(a, `/en-us/channel/${channel_id}`, token)
      .type('form')
      .send({ country: String(mx.id) });
    expect(res.status).to.equal(200);
    expect(res.body).to.deep.equal({ channel: 'MX', currency: 'MXN' });
    expect(prices((await a.get('/es-mx/products')).text)[0]).to.match(/^\$[\d,]+\.\d{2}$/);
    expect(prices((await a.get('/en-us/products')).text)[0]).to.match(/^MX\$/);
  });

  it('a plain form post switches and redirects back with a message', async () => {
    const a = await agent();
    const page = await a.get('/en-us/channel/find');
    expect(page.status).to.equal(200);
    const token = /name="_csrf" value="([^"]+)"/.exec(page.text)![1];
    const base = (await testServer()).url;
    const res = await a
      .post('/en-us/channel/CA')
      .set('Referer', `${base}/en-us/channel/find`)
      .type('form')
      .send({ country: 'CA', _csrf: token });
    expect(res.status).to.equal(303);
    expect(res.headers.location).to.equal('/en-us/channel/find');
    // a foreign referer is never followed
    const away = await a
      .post('/en-us/channel/US')
      .set('Referer', 'https://evil.example/x')
      .type('form')
      .send({ country: 'US', _csrf: token });
    expect(away.headers.location).to.equal('/en-us/channel/find');
    await a.post('/en-us/channel/CA').type('form').send({ country: 'CA', _csrf: token }).expect(303);
    const after = await a.get('/en-us/channel/find');
    expect(after.text).to.include('You are now shopping in the Canada store (CAD).');
    expect(after.text).to.match(/class="country-item is-current" data-testid="country-row" data-country="CA"/);
  });

  it("a refused plain form post shows the chooser again with the message, in the visitor's language, and switches nothing", async () => {
    const a = await agent();
    const page = await a.get('/fr-ca/channel/find');
    const token = /name="_csrf" value="([^"]+)"/.exec(page.text)![1];
    expect(page.text).to.match(/class="country-item is-current" data-testid="country-row" data-country="CA"/);
    const res = await a.post('/fr-ca/channel/US').type('form').send({ country: 'CA', _csrf: token });
    expect(res.status).to.equal(400);
    expect(res.headers['content-type']).to.match(/html/);
    expect(res.text).to.include('data-testid="country-list"');
    expect(res.text).to.include(
      '<div class="form-error" role="alert" data-testid="form-error">Ce pays n’est pas desservi par ce canal.</div>',
    );
    const after = await a.get('/fr-ca/channel/find');
    expect(after.text).to.match(/class="country-item is-current" data-testid="country-row" data-country="CA"/);
    expect(after.text).not.to.match(/class="country-item is-current" data-testid="country-row" data-country="US"/);
  });
});

describe('channels: the country chooser page', () => {
  it('lists countries US, CA, then by name, each with its store and a form per store', async () => {
    const a = await agent();
    const res = await a.get('/en-us/channel/find');
    expect(res.status).to.equal(200);
    expect(res.text).to.match(/<h1>Choose your country<\/h1>/);
    const codes = [...res.text.matchAll(/data-testid="country-row" data-country="([A-Z]{2})"/g)].map((m) => m[1]);
    expect(codes.slice(0, 2)).to.deep.equal(['US', 'CA']);
    const api = (await a.get('/api/generic-data/location/countries')).body.map((c: { code: string }) => c.code);
    expect(codes).to.deep.equal(api);
    expect(res.text).to.include('action="/en-us/channel/CA"');
    expect(res.text).to.include('action="/en-us/channel/MX"');
    expect(res.text).to.match(/class="country-item is-current" data-testid="country-row" data-country="US"/);
  });
});
