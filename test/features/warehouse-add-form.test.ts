/** The add-warehouse form's region: a select of the country's regions, reloaded with the country (spec §2, §5), checked by the server. */
import { expect } from 'chai';
import { agent, csrf, signIn, type Agent } from '../helpers/http.ts';

const ADD = '/en-us/account/dashboard/warehouses/add';

describe("warehouses: the add form's region select", function () {
  this.timeout(60_000);
  let admin: Agent;
  before(async () => {
    admin = await agent();
    await signIn(admin, 'admin@example.com');
  });

  it("offers the default country's regions in a select that follows the country select", async () => {
    const page = await admin.get(ADD);
    expect(page.status).to.equal(200);
    expect(page.text).to.match(/data-behaviour="region-reload" data-regions-url="\/en-us\/address\/get-regions"/);
    expect(page.text).to.match(/<select id="f-country_code" name="country_code" data-region-source/);
    expect(page.text).to.match(/<select id="f-region_code" name="region_code" data-region-target/);
    expect(page.text).to.include('<option value="IA">Iowa</option>');
    expect(page.text).not.to.match(/<input id="f-region_code"/);
  });

  it("refuses a region that is not one of the country's, naming the field, and shows that country's regions again", async () => {
    const t = await csrf(admin, ADD);
    const body = {
      _csrf: t,
      code: 'ca-reg-1',
      name: 'Region Test Depot',
      address1: '1 Yonge Street',
      city: 'Toronto',
      region_code: 'IA',
      postal_code: 'M5E 1E5',
      country_code: 'CA',
      zone: 'America/Toronto',
    };
    const bad = await admin.post(ADD).type('form').send(body);
    expect(bad.status).to.equal(400);
    expect(bad.text).to.include('data-testid="field-error-region_code">Choose a state or province from the list.<');
    expect(bad.text).to.include('<option value="ON">Ontario</option>');
    expect(bad.text).not.to.include('<option value="IA">Iowa</option>');
    const ok = await admin
      .post(ADD)
      .type('form')
      .send({ ...body, region_code: 'ON' });
    expect(ok.status, ok.text.slice(0, 300)).to.equal(303);
  });
});
