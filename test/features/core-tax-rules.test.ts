/**
 * The core deposit tax rules over HTTP: staff with products.edit set a place's rule (added, then
 * changed in place), remove it, each write audited; a region that is not the country's and a
 * country that does not exist are refused in the visitor's language with nothing written; a
 * customer is refused (403). The places are Mexican states no other file sets a rule for.
 */
import { expect } from 'chai';
import { sqlRows } from '../helpers/server.ts';
import { signedIn } from '../helpers/signed-in.ts';

const BASE = '/en-us/account/dashboard/core-tax';
const json = (token: string) => ({
  'X-CSRF-Token': token,
  'X-Requested-With': 'XMLHttpRequest',
  Accept: 'application/json',
});
const rulesOf = (country: string) =>
  sqlRows<{ region: string; taxable: boolean }>(
    `select region, taxable from core_tax_rules where country = $1 order by region`,
    [country],
  );

describe('core deposit tax rules (back office)', function () {
  this.timeout(120_000);
  let staff: Awaited<ReturnType<typeof signedIn>>;

  before(async () => {
    staff = await signedIn('staff@example.com');
    await sqlRows(`delete from core_tax_rules where country = 'MX' and region in ('JAL', 'NLE')`);
  });

  it('adds a state’s rule from the form, then changes it in place, audited', async () => {
    const page = await staff.a.get(BASE);
    expect(page.status).to.equal(200);
    expect(page.text).to.contain('Core deposit tax');
    const added = await staff.a
      .post(BASE)
      .type('form')
      .send({ _csrf: staff.token, country: 'MX', region: 'jal', taxable: 'yes' });
    expect(added.status).to.equal(303);
    expect((await rulesOf('MX')).filter((r) => r.region === 'JAL')).to.deep.equal([{ region: 'JAL', taxable: true }]);

    const changed = await staff.a
      .post(BASE)
      .set(json(staff.token))
      .send({ country: 'MX', region: 'JAL', taxable: 'no' });
    expect(changed.status).to.equal(200);
    expect(changed.body.created).to.equal(false);
    expect((await rulesOf('MX')).filter((r) => r.region === 'JAL')).to.deep.equal([{ region: 'JAL', taxable: false }]);

    const list = await staff.a.get(BASE).set(json(staff.token));
    const jal = list.body.rules.find((r: { region: string }) => r.region === 'JAL');
    expect(jal).to.include({ country: 'MX', region: 'JAL', taxable: false });

    const [{ n }] = await sqlRows<{ n: number }>(
      `select count(*)::int as n from logs where action = 'core_tax_rule.set' and entity_id = $1`,
      [jal.id],
    );
    expect(n).to.equal(2);
  });

  it('removes a rule, audited; removing it again is a 404', async () => {
    const made = await staff.a.post(BASE).set(json(staff.token)).send({ country: 'MX', region: 'NLE', taxable: 'yes' });
    expect(made.status).to.equal(201);
    const gone = await staff.a.post(`${BASE}/${made.body.id}/delete`).type('form').send({ _csrf: staff.token });
    expect(gone.status).to.equal(303);
    expect((await rulesOf('MX')).filter((r) => r.region === 'NLE')).to.deep.equal([]);
    const again = await staff.a.post(`${BASE}/${made.body.id}/delete`).set(json(staff.token)).send({});
    expect(again.status).to.equal(404);
    const [{ n }] = await sqlRows<{ n: number }>(
      `select count(*)::int as n from logs where action = 'core_tax_rule.delete' and entity_id = $1`,
      [made.body.id],
    );
    expect(n).to.equal(1);
  });

  it('refuses a region that is not the country’s, in the visitor’s language, writing nothing', async () => {
    const before = await rulesOf('MX');
    const en = await staff.a.post(BASE).set(json(staff.token)).send({ country: 'MX', region: 'QC', taxable: 'yes' });
    expect(en.status).to.equal(400);
    expect(en.body.error.fields).to.deep.equal({ region: 'This region is not one of the country’s.' });
    const fr = await staff.a
      .post('/fr-ca/account/dashboard/core-tax')
      .set(json(staff.token))
      .send({ country: 'MX', region: 'QC', taxable: 'yes' });
    expect(fr.status).to.equal(400);
    expect(fr.body.error.message).to.equal('Cette région n’appartient pas à ce pays.');
    expect(await rulesOf('MX')).to.deep.equal(before);
  });

  it('refuses a country that does not exist and a missing answer, on the form beside the field', async () => {
    const none = await staff.a.post(BASE).set(json(staff.token)).send({ country: 'ZZ', region: '', taxable: 'yes' });
    expect(none.status).to.equal(400);
    expect(none.body.error.fields).to.deep.equal({ country: 'Choose a country.' });
    const page = await staff.a.post(BASE).type('form').send({ _csrf: staff.token, country: 'MX', region: 'JAL' });
    expect(page.status).to.equal(400);
    expect(page.text).to.contain('data-testid="field-error-taxable"');
    expect(page.text).to.contain('Say whether the deposit is taxed.');
  });

  it('refuses a customer (403) and writes nothing', async () => {
    const customer = await signedIn('customer@example.com');
    const r = await customer.a
      .post(BASE)
      .set(json(customer.token))
      .send({ country: 'MX', region: 'JAL', taxable: 'yes' });
    expect(r.status).to.equal(403);
    expect((await customer.a.get(BASE).set(json(customer.token))).status).to.equal(403);
  });
});
