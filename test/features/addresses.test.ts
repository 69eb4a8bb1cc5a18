/** The customer's address edit: own addresses only, validated per country, regions of the country. */
import { expect } from 'chai';
import { agent, csrf, signIn } from '../helpers/http.ts';
import { testServer } from '../helpers/server.ts';
import { xhr } from './checkout-helpers.ts';

const sql = async <T>(text: string, params: unknown[] = []) =>
  (await (await testServer()).database.pool.query(text, params)).rows as T[];

describe('account: address edit', function () {
  this.timeout(60_000);

  it("edits an own address, adds a new one, refuses bad input per field and another customer's address", async () => {
    const a = await agent();
    await signIn(a, 'customer@example.com');
    const token = await csrf(a, '/en-us/account');
    const [own] = await sql<{ id: number }>(
      `select a.id from addresses a join users u on u.id = a.user_id where u.email = 'customer@example.com' order by a.id limit 1`,
    );
    const [foreign] = await sql<{ id: number }>(
      `select a.id from addresses a join users u on u.id = a.user_id where u.email = 'buyer@acme.example' order by a.id limit 1`,
    );
    const page = await a.get(`/en-us/account/addresses/${own.id}/edit`);
    expect(page.status).to.equal(200);
    expect(page.text).to.include('data-island="address-edit"');
    expect((await a.get(`/en-us/account/addresses/${foreign.id}/edit`)).status).to.equal(404);
    const body = {
      firstName: 'Casey',
      lastName: 'Lindqvist',
      address1: '1500 Oakwood Drive',
      city: 'Ames',
      country: 'US',
      region: 'IA',
      postalcode: '50010',
    };
    const ok = await a.post(`/en-us/account/addresses/${own.id}`).set(xhr(token)).send(body);
    expect(ok.status, ok.text).to.equal(200);
    expect(ok.body.address.address1).to.equal('1500 Oakwood Drive');
    expect((await a.post(`/en-us/account/addresses/${foreign.id}`).set(xhr(token)).send(body)).status).to.equal(404);
    const badPostal = await a
      .post(`/en-us/account/addresses/${own.id}`)
      .set(xhr(token))
      .send({ ...body, postalcode: 'K1A 0B1' });
    expect(badPostal.status).to.equal(400);
    expect(badPostal.body.error.fields).to.have.property('postalcode');
    const badRegion = await a
      .post('/en-us/account/addresses')
      .set(xhr(token))
      .send({ ...body, region: 'QC' });
    expect(badRegion.status).to.equal(400);
    expect(badRegion.body.error.fields).to.have.property('region');
    const created = await a
      .post('/en-us/account/addresses')
      .set(xhr(token))
      .send({ ...body, country: 'CA', region: 'SK', postalcode: 'S4P 0R1', city: 'Regina' });
    expect(created.status, created.text).to.equal(201);
    const guest = await agent();
    expect((await guest.get('/en-us/account/addresses/new')).status).to.equal(302);
  });
});
