/**
 * Bad input on an HTML form (no JavaScript: form-encoded, the `_csrf` field, no XHR header) gets
 * the SAME page back — its heading, the message beside the field, the values typed — with a 4xx,
 * in the visitor's language; never the error page, never a 5xx. A script gets the contract's
 * error shape. Permissions (a refused or invalid removal), warehouses (a code taken), a customer's
 * address, promotions (a code taken, a stale edit).
 */
import { expect } from 'chai';
import { csrf, type Agent } from '../helpers/http.ts';
import { signedIn } from '../helpers/signed-in.ts';
import { sqlRows, testServer } from '../helpers/server.ts';
import { makeUser, signedInAs } from '../helpers/users.ts';

const ERROR_PAGE = 'data-testid="error-page"';

/** Posts as a browser without JavaScript does. */
const form = (a: Agent, path: string, body: Record<string, unknown>) => a.post(path).type('form').send(body);
/** Posts as a script does. */
const xhr = (a: Agent, token: string, path: string, body: Record<string, unknown>) =>
  a.post(path).set('X-CSRF-Token', token).set('X-Requested-With', 'XMLHttpRequest').send(body);

describe('form pages: bad input answered on the form itself', function () {
  this.timeout(60_000);
  let admin: { a: Agent; token: string };

  before(async () => {
    await testServer();
    admin = await signedIn('admin@example.com');
  });

  it('the error page has a marker these tests can rely on', async () => {
    const res = await admin.a.get('/en-us/admin/permissions/users/99999999');
    expect(res.status).to.equal(404);
    expect(res.text).to.include(ERROR_PAGE);
  });

  describe('permissions: removing a grant', () => {
    let targetId: number;
    let ed: { a: Agent; token: string };
    const path = (locale: string) => `/${locale}/admin/permissions/users/${targetId}/remove`;

    before(async () => {
      const target = await makeUser({ prefix: 'form-perm-target' });
      targetId = target.id;
      const editor = await makeUser({ role: 'staff', prefix: 'form-perm-editor' });
      for (const [user, key] of [
        [editor.id, 'permissions.edit'],
        [targetId, 'promotions.edit'],
      ] as const) {
        const res = await xhr(admin.a, admin.token, `/en-us/admin/permissions/users/${user}`, {
          key,
          effect: 'grant',
          reason: 'Set up for the test',
        });
        expect(res.status).to.equal(200);
      }
      const a = await signedInAs(editor.email);
      ed = { a, token: await csrf(a, '/en-us/') };
    });

    it('a removal the editor may not make: 403 on the confirmation page with the reason, the typed reason kept, nothing removed', async () => {
      const res = await form(ed.a, path('en-us'), {
        _csrf: ed.token,
        key: 'promotions.edit',
        reason: 'Not needed any more',
      });
      expect(res.status).to.equal(403);
      expect(res.text).not.to.include(ERROR_PAGE);
      expect(res.text).to.include('data-testid="permissions-remove"').and.include('Remove a grant or denial');
      expect(res.text).to.include('You cannot grant or deny a permission you do not hold yourself.');
      expect(res.text).to.match(/data-testid="perm-reason"[^>]*>Not needed any more<\/textarea>/);
      const fr = await form(ed.a, path('fr-ca'), { _csrf: ed.token, key: 'promotions.edit', reason: 'Plus utile' });
      expect(fr.status).to.equal(403);
      expect(fr.text).to.include('Supprimer une modification');
      expect(fr.text).not.to.include('You cannot grant or deny');
      expect(fr.text).to.match(/data-testid="perm-reason"[^>]*>Plus utile<\/textarea>/);
      expect(
        (
          await sqlRows(`select 1 from user_permissions where user_id = $1 and permission_key = 'promotions.edit'`, [
            targetId,
          ])
        ).length,
      ).to.equal(1);
      const json = await xhr(ed.a, ed.token, path('en-us'), { key: 'promotions.edit', reason: 'Not needed any more' });
      expect(json.status).to.equal(403);
      expect(json.body.error).to.have.all.keys('code', 'message', 'fields');
    });

    it("a reason too short: 400 on the confirmation page with the message beside the field, in the visitor's language", async () => {
      const res = await form(admin.a, path('en-us'), { _csrf: admin.token, key: 'promotions.edit', reason: 'no' });
      expect(res.status).to.equal(400);
      expect(res.text).not.to.include(ERROR_PAGE);
      expect(res.text).to.include('Remove a grant or denial');
      expect(res.text).to.include('data-testid="field-error-reason">A reason is required (at least 3 characters).<');
      expect(res.text).to.match(/data-testid="perm-reason"[^>]*>no<\/textarea>/);
      const es = await form(admin.a, path('es-mx'), { _csrf: admin.token, key: 'promotions.edit', reason: 'no' });
      expect(es.status).to.equal(400);
      expect(es.text).to.include('Quitar un cambio de permiso');
      expect(es.text).to.include('data-testid="field-error-reason"');
      expect(es.text).not.to.include('A reason is required');
      const json = await xhr(admin.a, admin.token, path('en-us'), { key: 'promotions.edit', reason: 'no' });
      expect(json.status).to.equal(400);
      expect(json.body.error.fields).to.have.property('reason');
    });

    it('the adder: a key the editor lacks is refused (403) on the account screen with the message and the reason typed', async () => {
      const res = await form(ed.a, `/en-us/admin/permissions/users/${targetId}`, {
        _csrf: ed.token,
        key: 'logs.view',
        effect: 'deny',
        reason: 'Trying my luck',
      });
      expect(res.status).to.equal(403);
      expect(res.text).not.to.include(ERROR_PAGE);
      expect(res.text).to.include('data-testid="perm-adder"');
      expect(res.text).to.include('You cannot grant or deny a permission you do not hold yourself.');
      expect(res.text).to.match(/data-testid="perm-reason"[^>]*>Trying my luck<\/textarea>/);
      expect(res.text).to.match(/value="deny" checked/);
    });
  });

  describe('warehouses: adding one', () => {
    const ADD = (locale: string) => `/${locale}/account/dashboard/warehouses/add`;
    const good = {
      code: 'form-dup-1',
      name: 'Form Test Depot',
      address1: '1 Test Road',
      city: 'Ames',
      region_code: 'IA',
      postal_code: '50010',
      country_code: 'US',
      zone: 'America/Chicago',
    };

    it('a code already used: 409 on the add form with the message beside the code, the values kept', async () => {
      expect((await form(admin.a, ADD('en-us'), { _csrf: admin.token, ...good })).status).to.equal(303);
      const res = await form(admin.a, ADD('en-us'), { _csrf: admin.token, ...good, name: 'Second Depot' });
      expect(res.status).to.equal(409);
      expect(res.text).not.to.include(ERROR_PAGE);
      expect(res.text).to.include('data-testid="warehouse-add-page"');
      expect(res.text).to.include('data-testid="field-error-code">Another warehouse already uses this code.<');
      expect(res.text).to.include('value="Second Depot"').and.include('value="form-dup-1"'); // as typed;
      const fr = await form(admin.a, ADD('fr-ca'), { _csrf: admin.token, ...good, name: 'Second Depot' });
      expect(fr.status).to.equal(409);
      expect(fr.text).to.include('Un autre entrepôt utilise déjà ce code.');
      expect(fr.text).to.include('value="Second Depot"');
      const json = await xhr(admin.a, admin.token, ADD('en-us'), { ...good, name: 'Second Depot' });
      expect(json.status).to.equal(409);
      expect(json.body).to.deep.equal({
        error: {
          code: 'conflict',
          message: 'Another warehouse already uses this code.',
          fields: { code: 'Another warehouse already uses this code.' },
        },
      });
      expect((await sqlRows(`select 1 from warehouses where code = 'FORM-DUP-1'`)).length).to.equal(1);
    });

    it('a country not in the list: 400 on the form, the country named', async () => {
      const res = await form(admin.a, ADD('es-mx'), {
        _csrf: admin.token,
        ...good,
        code: 'form-zz',
        country_code: 'ZZ',
      });
      expect(res.status).to.equal(400);
      expect(res.text).not.to.include(ERROR_PAGE);
      expect(res.text).to.include('data-testid="field-error-country_code">Elija un país de la lista.<');
      expect(res.text).to.include('value="form-zz"');
    });
  });

  describe("warehouses: the inventory page's forms", () => {
    let at: { warehouse_id: number; product_id: number; quantity: number };
    const page = (locale: string) => `/${locale}/account/dashboard/warehouses/${at.warehouse_id}/inventory`;
    before(async () => {
      [at] = await sqlRows<{ warehouse_id: number; product_id: number; quantity: number }>(
        `select i.warehouse_id, i.product_id, i.quantity from inventory i join products p on p.id = i.product_id order by p.title, i.warehouse_id limit 1`,
      );
    });

    it('an adjustment without a reason: 400 on the inventory page, the message beside the row, its typed count kept', async () => {
      const res = await form(admin.a, `${page('en-us')}/adjust`, {
        _csrf: admin.token,
        product_id: at.product_id,
        quantity: '4321',
        reason: '',
      });
      expect(res.status).to.equal(400);
      expect(res.text).not.to.include(ERROR_PAGE);
      expect(res.text).to.include('data-testid="inventory-page"');
      expect(res.text).to.include('data-testid="adjust-error">Say why the stock changes (count, damage, return…).<');
      expect(res.text).to.include('value="4321"');
      const fr = await form(admin.a, `${page('fr-ca')}/adjust`, {
        _csrf: admin.token,
        product_id: at.product_id,
        quantity: '4321',
        reason: '',
      });
      expect(fr.status).to.equal(400);
      expect(fr.text).to.include('Indiquez pourquoi le stock change (inventaire, bris, retour…).');
      const [row] = await sqlRows<{ quantity: number }>(
        `select quantity from inventory where warehouse_id = $1 and product_id = $2`,
        [at.warehouse_id, at.product_id],
      );
      expect(row.quantity).to.equal(at.quantity);
    });

    it('an import that cannot be read: 400 on the inventory page with the CSV and the reason kept', async () => {
      const res = await form(admin.a, `${page('en-us')}/import`, {
        _csrf: admin.token,
        csv: '"unterminated',
        reason: 'Spring count',
      });
      expect(res.status).to.equal(400);
      expect(res.text).not.to.include(ERROR_PAGE);
      expect(res.text).to.include('The CSV cannot be read.');
      expect(res.text).to.include('data-testid="field-error-csv"');
      expect(res.text).to.match(/id="imp-csv"[^>]*>&#34;unterminated<\/textarea>/);
      expect(res.text).to.include('value="Spring count"');
      const json = await xhr(admin.a, admin.token, `${page('en-us')}/import`, {
        csv: '"unterminated',
        reason: 'Spring count',
      });
      expect(json.status).to.equal(400);
      expect(json.body.error).to.have.all.keys('code', 'message', 'fields');
    });
  });

  describe('customers: editing an address', () => {
    let path: string;
    before(async () => {
      const [row] = await sqlRows<{ person_id: number; id: number }>(
        `select p.id as person_id, a.id from persons p join addresses a on a.user_id = p.user_id where p.email = 'customer@example.com' order by a.id limit 1`,
      );
      path = `/account/dashboard/customers/${row.person_id}/addresses/${row.id}/edit`;
    });
    after(async () => {
      await admin.a.get('/en-us/'); // back to English for the session
    });

    it("bad input: 400 on the edit screen with the messages beside the fields and the typed values, in the visitor's language", async () => {
      const body = {
        _csrf: admin.token,
        firstName: 'Typed Name',
        lastName: 'Kept',
        address1: '',
        city: 'Ames',
        countryCode: 'ZZ',
        regionCode: '',
        postalCode: '50010',
      };
      await admin.a.get('/en-us/');
      const res = await form(admin.a, path, body);
      expect(res.status).to.equal(400);
      expect(res.text).not.to.include(ERROR_PAGE);
      expect(res.text).to.include('data-testid="address-edit-page"').and.include('Edit address');
      expect(res.text).to.include('data-testid="field-error-address1">Enter a street address.<');
      expect(res.text).to.include('value="Typed Name"');
      // A country that does not exist is named, not a 500.
      const zz = await form(admin.a, path, { ...body, address1: '1 Main Street' });
      expect(zz.status).to.equal(400);
      expect(zz.text).to.include('data-testid="field-error-countryCode">Choose a country.<');
      await admin.a.get('/fr-ca/');
      const fr = await form(admin.a, path, body);
      expect(fr.status).to.equal(400);
      expect(fr.text).to.include('Modifier l’adresse');
      expect(fr.text).to.include('data-testid="field-error-address1"');
      expect(fr.text).not.to.include('Enter a street address.');
      expect(fr.text).to.include('value="Typed Name"');
      const json = await xhr(admin.a, admin.token, path, { ...body, _csrf: undefined });
      expect(json.status).to.equal(400);
      expect(json.body.error).to.have.all.keys('code', 'message', 'fields');
      expect(json.body.error.fields).to.have.property('address1');
    });
  });

  describe('promotions', () => {
    const BASE = (locale: string) => `/${locale}/account/dashboard/promotions`;
    let id: number;
    after(async () => {
      await sqlRows(
        `update promotions set ends_at = now(), starts_at = least(starts_at, now() - interval '1 second') where code in ('FORMDUP', 'FORMSTALE')`,
      );
    });

    it('create with a code already used: 409 on the create form with the message, the values kept', async () => {
      const body = {
        _csrf: admin.token,
        name: 'Form Dup',
        code: 'FORMDUP',
        value: '5',
        starts_at: '2025-01-01',
        ends_at: '2025-01-02',
        active: '1',
      };
      expect((await form(admin.a, `${BASE('en-us')}/create`, body)).status).to.equal(303);
      const res = await form(admin.a, `${BASE('en-us')}/create`, { ...body, name: 'Form Dup Again' });
      expect(res.status).to.equal(409);
      expect(res.text).not.to.include(ERROR_PAGE);
      expect(res.text).to.include('data-testid="promotion-create-page"');
      expect(res.text).to.include('data-testid="field-error-code">Another promotion already uses this code.<');
      expect(res.text).to.include('value="Form Dup Again"');
      const es = await form(admin.a, `${BASE('es-mx')}/create`, { ...body, name: 'Form Dup Again' });
      expect(es.status).to.equal(409);
      expect(es.text).to.include('Otra promoción ya usa este código.');
      const json = await xhr(admin.a, admin.token, `${BASE('en-us')}/create`, { ...body, _csrf: undefined });
      expect(json.status).to.equal(409);
      expect(json.body).to.deep.equal({
        error: {
          code: 'conflict',
          message: 'Another promotion already uses this code.',
          fields: { code: 'Another promotion already uses this code.' },
        },
      });
      const bad = await xhr(admin.a, admin.token, `${BASE('en-us')}/create`, { name: '', value: '5' });
      expect(bad.status).to.equal(400);
      expect(bad.body.error).to.have.all.keys('code', 'message', 'fields');
      expect(bad.body.error.fields).to.have.property('name');
    });

    it('a stale edit (someone saved since the form was opened): 409 on the edit form with the message and the typed values; saving again goes through', async () => {
      const body = {
        _csrf: admin.token,
        name: 'Form Stale',
        code: 'FORMSTALE',
        value: '5',
        starts_at: '2025-01-01',
        ends_at: '2025-01-02',
        active: '1',
      };
      expect((await form(admin.a, `${BASE('en-us')}/create`, body)).status).to.equal(303);
      [{ id }] = await sqlRows<{ id: number }>(`select id from promotions where code = 'FORMSTALE'`);
      const opened = await admin.a.get(`${BASE('en-us')}/${id}/edit`);
      const version = /name="version" value="([0-9a-f]+)"/.exec(opened.text)?.[1];
      expect(version).to.be.a('string');
      // Someone else saves first.
      expect(
        (await form(admin.a, `${BASE('en-us')}/${id}/edit`, { ...body, name: 'Theirs', version })).status,
      ).to.equal(303);
      const mine = await form(admin.a, `${BASE('en-us')}/${id}/edit`, { ...body, name: 'Mine', value: '7', version });
      expect(mine.status).to.equal(409);
      expect(mine.text).not.to.include(ERROR_PAGE);
      expect(mine.text).to.include('data-testid="promotion-edit-page"');
      expect(mine.text).to.include(
        'Someone changed this promotion since you opened it. Your values are below: check them and save again.',
      );
      expect(mine.text).to.include('value="Mine"').and.include('value="7"');
      const fresh = /name="version" value="([0-9a-f]+)"/.exec(mine.text)?.[1];
      expect(fresh).to.be.a('string').and.not.equal(version);
      const fr = await form(admin.a, `${BASE('fr-ca')}/${id}/edit`, { ...body, name: 'Mine', version });
      expect(fr.status).to.equal(409);
      expect(fr.text).to.include('Quelqu’un a modifié cette promotion depuis que vous l’avez ouverte.');
      expect((await sqlRows<{ name: string }>(`select name from promotions where id = $1`, [id]))[0].name).to.equal(
        'Theirs',
      );
      const json = await xhr(admin.a, admin.token, `${BASE('en-us')}/${id}/edit`, {
        ...body,
        _csrf: undefined,
        name: 'Mine',
        version,
      });
      expect(json.status).to.equal(409);
      expect(json.body.error).to.have.all.keys('code', 'message', 'fields');
      // Saving the form as it came back (with the version as stored now) goes through.
      expect(
        (await form(admin.a, `${BASE('en-us')}/${id}/edit`, { ...body, name: 'Mine', value: '7', version: fresh }))
          .status,
      ).to.equal(303);
      expect((await sqlRows<{ name: string }>(`select name from promotions where id = $1`, [id]))[0].name).to.equal(
        'Mine',
      );
    });
  });
});
