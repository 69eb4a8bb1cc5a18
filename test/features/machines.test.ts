/**
 * My machines over HTTP, as an outsider: a customer adds, changes and removes their own machines
 * (the model found from the serial alone when it falls in a known range), every write audited;
 * another customer's machine answers 404 for every verb; bad input is a 400 in the contract's
 * shape, in the visitor's language, with nothing written; signed out is 401 (JSON) or the sign-in
 * page. Expected values are written by hand from the demo data (src/db/seed/machines.ts).
 */
import { expect } from 'chai';
import { sqlRows } from '../helpers/server.ts';
import { makeUser, signedInAs, type TestUser } from '../helpers/users.ts';
import { agent, csrf, type Agent } from '../helpers/http.ts';
import { signedIn } from '../helpers/signed-in.ts';

const json = (token: string) => ({
  'X-CSRF-Token': token,
  'X-Requested-With': 'XMLHttpRequest',
  Accept: 'application/json',
});

type Who = { user: TestUser; a: Agent; token: string };
async function customer(): Promise<Who> {
  const user = await makeUser({ prefix: 'machines' });
  const a = await signedInAs(user.email);
  return { user, a, token: await csrf(a, '/en-us/account/machines') };
}
const count = async (sql: string, params: unknown[]) =>
  (await sqlRows<{ n: number }>(`select count(*)::int as n from ${sql}`, params))[0].n;

describe('my machines', function () {
  this.timeout(120_000);
  let owner: Who;
  let other: Who;
  let fourRow: number;

  before(async () => {
    [owner, other] = [await customer(), await customer()];
    [{ id: fourRow }] = await sqlRows<{ id: number }>(`select id from machine_models where code = 'PL-4RV'`);
  });

  it('adds a machine by serial alone: the model is the one whose known range holds it', async () => {
    const res = await owner.a
      .post('/en-us/account/machines')
      .set(json(owner.token))
      .send({ serial: ' 16 2345 ', year: '2023', name: 'North planter', hours: '410', acres: '' });
    expect(res.status).to.equal(201);
    expect(res.body.machine).to.deep.include({
      serial: '162345',
      year: 2023,
      name: 'North planter',
      hours: 410,
      acres: null,
    });
    expect(res.body.machine.model).to.deep.equal({ id: fourRow, code: 'PL-4RV', name: '4-Row Vacuum Planter' });
    expect(
      await count(`logs where action = 'machine.create' and entity_id = $1 and user_id = $2`, [
        res.body.machine.id,
        owner.user.id,
      ]),
    ).to.equal(1);
  });

  it('lists only the signed-in customer’s machines, on the page and as JSON', async () => {
    const mine = await owner.a.get('/en-us/account/machines').set(json(owner.token));
    expect(mine.body.machines.map((m: { serial: string }) => m.serial)).to.deep.equal(['162345']);
    const theirs = await other.a.get('/en-us/account/machines').set(json(other.token));
    expect(theirs.body.machines).to.deep.equal([]);
    const page = await owner.a.get('/en-us/account/machines');
    expect(page.status).to.equal(200);
    expect(page.text).to.contain('North planter').and.to.contain('162345');
  });

  it('refuses a serial of the wrong shape for the chosen model, in the visitor’s language, writing nothing', async () => {
    const before = await count('customer_machines where user_id = $1', [owner.user.id]);
    const res = await owner.a
      .post('/fr-ca/account/machines')
      .set(json(owner.token))
      .send({ model_id: String(fourRow), serial: '12AB', year: '2023', name: 'Test' });
    expect(res.status).to.equal(400);
    expect(res.body.error.code).to.equal('invalid');
    expect(res.body.error.fields.serial).to.equal('Un numéro de série PL-4RV ressemble à 123456.');
    expect(await count('customer_machines where user_id = $1', [owner.user.id])).to.equal(before);
  });

  it('names every field at fault at once (unknown serial, year, name)', async () => {
    const res = await owner.a
      .post('/es-mx/account/machines')
      .set(json(owner.token))
      .send({ serial: '999999', year: '1900', name: 'Vieja' });
    expect(res.status).to.equal(400);
    expect(res.body.error.fields).to.deep.equal({
      model_id: 'No se conoce ningún modelo para este número de serie. Elija el modelo.',
      year: `Escriba un año de modelo de 1950 a ${new Date().getUTCFullYear() + 1}.`,
    });
    const blank = await owner.a
      .post('/en-us/account/machines')
      .set(json(owner.token))
      .send({ serial: '', year: 'x', name: '' });
    expect(blank.status).to.equal(400);
    expect(Object.keys(blank.body.error.fields).sort()).to.deep.equal(['name', 'serial', 'year']);
    expect(blank.body.error.fields.name).to.equal('Give the machine a name.');
  });

  it('a form post with bad input shows the form again with the message beside the field', async () => {
    const res = await owner.a
      .post('/en-us/account/machines')
      .type('form')
      .send({ _csrf: owner.token, model_id: '', serial: '999999', year: '2020', name: 'Mystery' });
    expect(res.status).to.equal(400);
    expect(res.text).to.contain('data-testid="field-error-model_id"');
    expect(res.text).to.contain('No model is known for this serial number. Choose the model.');
    expect(res.text).to.contain('value="Mystery"');
  });

  it('refuses the same model and serial twice with a 409', async () => {
    const res = await owner.a
      .post('/en-us/account/machines')
      .set(json(owner.token))
      .send({ model_id: String(fourRow), serial: '162345', year: '2023', name: 'Again' });
    expect(res.status).to.equal(409);
    expect(res.body.error).to.have.property('fields');
  });

  it('another customer’s machine is 404 for reading, changing and removing; nothing changes', async () => {
    const [{ id }] = await sqlRows<{ id: number }>('select id from customer_machines where user_id = $1', [
      owner.user.id,
    ]);
    expect((await other.a.get(`/en-us/account/machines/${id}/edit`)).status).to.equal(404);
    const change = await other.a
      .post(`/en-us/account/machines/${id}`)
      .set(json(other.token))
      .send({ serial: 'bad', year: 'bad', name: '' });
    expect(change.status).to.equal(404);
    expect(change.body.error.code).to.equal('not_found');
    expect((await other.a.post(`/en-us/account/machines/${id}/delete`).set(json(other.token))).status).to.equal(404);
    expect(await count('customer_machines where id = $1 and name = $2', [id, 'North planter'])).to.equal(1);
  });

  it('the owner changes and removes it, each audited', async () => {
    const [{ id }] = await sqlRows<{ id: number }>('select id from customer_machines where user_id = $1', [
      owner.user.id,
    ]);
    const edit = await owner.a.get(`/en-us/account/machines/${id}/edit`);
    expect(edit.status).to.equal(200);
    const saved = await owner.a
      .post(`/en-us/account/machines/${id}`)
      .set(json(owner.token))
      .send({ model_id: String(fourRow), serial: '149999', year: '2021', name: 'South planter', acres: '900' });
    expect(saved.status).to.equal(200);
    expect(saved.body.machine).to.deep.include({ serial: '149999', name: 'South planter', hours: null, acres: 900 });
    const gone = await owner.a.post(`/en-us/account/machines/${id}/delete`).type('form').send({ _csrf: owner.token });
    expect(gone.status).to.equal(303);
    expect(gone.headers.location).to.equal('/en-us/account/machines');
    expect(await count('customer_machines where id = $1', [id])).to.equal(0);
    expect(
      await count(
        `logs where entity = 'machine' and entity_id = $1 and action in ('machine.update', 'machine.delete')`,
        [id],
      ),
    ).to.equal(2);
  });

  it('signed out: JSON gets 401, a page goes to sign-in', async () => {
    const a = await agent();
    const token = await csrf(a, '/en-us/');
    expect((await a.get('/en-us/account/machines').set(json(token))).status).to.equal(401);
    const page = await a.get('/en-us/account/machines');
    expect(page.status).to.equal(302);
    expect(page.headers.location).to.equal('/en-us/login');
  });

  it('the demo customer has the North planter', async () => {
    const rows = await sqlRows<{ name: string; serial: string; code: string }>(
      `select m.name, m.serial, mm.code from customer_machines m join machine_models mm on mm.id = m.model_id
       join users u on u.id = m.user_id where u.email = 'customer@example.com'`,
    );
    expect(rows).to.deep.equal([{ name: 'North planter', serial: '162345', code: 'PL-4RV' }]);
  });

  describe('on a parts diagram', () => {
    let early: number;
    let late: number;
    const rowFits = (html: string, stockcode: string) => {
      const m = new RegExp(
        `<tr data-callout-row="[^"]*" data-testid="parts-list-row" data-stockcode="${stockcode}"( data-fits="(true|false)")?`,
      ).exec(html);
      if (!m) throw new Error(`no list row for ${stockcode}`);
      return m[2] ?? 'unset';
    };
    const add = async (serial: string, name: string) =>
      (await owner.a.post('/en-us/account/machines').set(json(owner.token)).send({ serial, year: '2020', name })).body
        .machine.id as number;

    before(async () => {
      early = await add('110000', 'Early planter');
      late = await add('162345', 'Late planter');
    });

    it('lists the customer’s machines under “Show parts for:”', async () => {
      const page = await owner.a.get('/en-us/parts/1');
      expect(page.text).to.contain('Show parts for:');
      expect(page.text).to.contain('Early planter (PL-4RV, serial 110000)');
      expect(page.text).to.contain('Late planter (PL-4RV, serial 162345)');
      expect(rowFits(page.text, 'PP-RCW-12')).to.equal('unset');
    });

    it('past the fitment change, the old closing wheel does not fit and says so; the new one fits', async () => {
      const page = await owner.a.get(`/en-us/parts/1?machine=${late}`);
      expect(rowFits(page.text, 'PP-RCW-12')).to.equal('false');
      expect(rowFits(page.text, 'PP-SCW')).to.equal('true');
      expect(rowFits(page.text, 'PP-STG')).to.equal('true');
      expect(page.text).to.contain('Does not fit serial 162345');
      const fr = await owner.a.get(`/fr-ca/parts/1?machine=${late}`);
      expect(fr.text).to.contain('Ne convient pas au numéro de série 162345');
    });

    it('before the change it is the other way round, and a callout that came later does not fit', async () => {
      const page = await owner.a.get(`/en-us/parts/1?machine=${early}`);
      expect(rowFits(page.text, 'PP-RCW-12')).to.equal('true');
      expect(rowFits(page.text, 'PP-SCW')).to.equal('false');
      expect(rowFits(page.text, 'PP-STG')).to.equal('false');
      const callout = await owner.a.get(`/en-us/parts/1/callout/5?machine=${early}`).set(json(owner.token));
      expect(callout.body.html).to.match(/data-stockcode="PP-SCW" data-fits="false" class="is-misfit"/);
      expect(callout.body.html).to.match(/data-stockcode="PP-RCW-12" data-fits="true"/);
    });

    it('another model’s diagram fits nothing of it', async () => {
      const page = await owner.a.get(`/en-us/parts/2?machine=${late}`);
      expect(page.text).not.to.contain('data-fits="true"');
      expect(page.text).to.contain('data-fits="false"');
    });

    it('another customer’s machine id changes nothing', async () => {
      const page = await other.a.get(`/en-us/parts/1?machine=${late}`);
      expect(page.status).to.equal(200);
      expect(page.text).not.to.contain('data-fits=');
      const anonymous = await (await agent()).get(`/en-us/parts/1?machine=${late}`);
      expect(anonymous.text).not.to.contain('data-fits=');
      expect(anonymous.text).not.to.contain('Show parts for:');
    });

    it('staff see a customer’s machines on the back-office customer page', async () => {
      const [{ id: personId }] = await sqlRows<{ id: number }>('select id from persons where user_id = $1', [
        owner.user.id,
      ]);
      const staff = await signedIn('staff@example.com');
      const page = await staff.a.get(`/account/dashboard/customers/${personId}`);
      expect(page.status).to.equal(200);
      const section = page.text.slice(page.text.indexOf('data-testid="customer-machines"'));
      expect(section).to.contain('Early planter').and.to.contain('110000').and.to.contain('Late planter');
    });
  });
});
