/**
 * Permissions: the account permissions screen, the permission adder and its rules.
 * A change takes effect on the user's next request, in this process and in another one; every
 * change is in the audit log with who, what and why; nobody grants what they do not hold, edits
 * their own permissions, or (without permissions.edit) edits any.
 */
import { expect } from 'chai';
import supertest from 'supertest';
import { csrf, DEMO_PASSWORD, type Agent } from '../helpers/http.ts';
import { signedIn } from '../helpers/signed-in.ts';
import { sqlRows, testServer } from '../helpers/server.ts';
import { dbMode } from '../helpers/db.ts';
import { startSecondProcess, type SecondProcess } from '../helpers/second-process.ts';
import { makeOrganisation, makeUser, signedInAs, type TestUser } from '../helpers/users.ts';

const REPORTS = '/en-us/account/dashboard/reports';
const userPath = (id: number) => `/en-us/admin/permissions/users/${id}`;
const orgPath = (id: number) => `/en-us/admin/permissions/organisations/${id}`;

async function post(a: Agent, token: string, path: string, body: Record<string, unknown>) {
  return a.post(path).set('X-CSRF-Token', token).set('X-Requested-With', 'XMLHttpRequest').send(body);
}

describe('permissions: account permissions and the permission adder', function () {
  this.timeout(60_000);
  let admin: { a: Agent; token: string };
  let target: TestUser;
  let targetAgent: Agent;

  before(async () => {
    await testServer();
    admin = await signedIn('admin@example.com');
    target = await makeUser({ prefix: 'perm-target' });
    targetAgent = await signedInAs(target.email);
  });

  it('shows the screens to admins only', async () => {
    expect((await admin.a.get('/en-us/admin/permissions')).status).to.equal(200);
    expect((await admin.a.get(userPath(target.id))).status).to.equal(200);
    for (const email of ['staff@example.com', 'customer@example.com', 'buyer@acme.example']) {
      expect((await (await signedIn(email)).a.get(userPath(target.id))).status, email).to.equal(403);
    }
    const anon = await supertest((await testServer()).url)
      .get(userPath(target.id))
      .redirects(0);
    expect(anon.status).to.equal(302);
    expect(anon.headers.location).to.match(/\/login$/);
  });

  it('finds users by email and lists organisations with their member counts', async () => {
    const html = (await admin.a.get(`/en-us/admin/permissions?q=${encodeURIComponent(target.email)}`)).text;
    expect([...html.matchAll(/data-testid="perm-user-link" data-email="([^"]+)"/g)].map((m) => m[1])).to.deep.equal([
      target.email,
    ]);
    const [acme] = await sqlRows<{ id: number; n: number }>(
      `select o.id, count(u.id)::int as n from organisations o join users u on u.organisation_id = o.id where o.name = 'Acme Farms' group by o.id`,
    );
    expect(acme.n).to.be.at.least(2);
    expect(html).to.match(
      new RegExp(`organisations/${acme.id}" data-testid="perm-org-link">Acme Farms</a></td><td class="num">${acme.n}<`),
    );
    expect(
      (await admin.a.get('/en-us/admin/permissions?q=' + 'x'.repeat(101)).set('Accept', 'application/json')).status,
    ).to.equal(400);
  });

  it("lists a user's effective permissions with where each comes from, never a role's name", async () => {
    const staff = (await sqlRows<{ id: number }>(`select id from users where email = 'staff@example.com'`))[0];
    const html = (await admin.a.get(userPath(staff.id))).text;
    const row = (key: string) =>
      new RegExp(
        `data-key="${key.replace('.', '\\.')}" data-held="(true|false)"[\\s\\S]*?data-testid="perm-source">([^<]*)`,
      ).exec(html);
    expect(row('orders.view')?.[1]).to.equal('true');
    expect(row('orders.view')?.[2]).to.equal('Default for this account');
    expect(row('permissions.edit')?.[1]).to.equal('false');
    const sources = [...html.matchAll(/data-testid="perm-source">([^<]*)/g)].map((m) => m[1].trim().toLowerCase());
    expect(sources.length).to.be.greaterThan(15);
    for (const role of ['admin', 'staff', 'customer', 'distributor', 'warehouse']) expect(sources).not.to.include(role);
  });

  it('a grant takes effect on the next request, is audited with who, what and why, and can be denied and removed', async () => {
    expect((await targetAgent.get(REPORTS)).status).to.equal(403);
    const res = await post(admin.a, admin.token, userPath(target.id), {
      key: 'reports.view',
      effect: 'grant',
      reason: 'Runs the monthly numbers',
    });
    expect(res.status, res.text).to.equal(200);
    expect((await targetAgent.get(REPORTS)).status, 'the very next request').to.equal(200);
    const [log] = await sqlRows<{ action: string; user_email: string; data: { key: string; reason: string } }>(
      `select l.action, u.email as user_email, l.data from logs l join users u on u.id = l.user_id where l.entity = 'user' and l.entity_id = $1 order by l.id desc limit 1`,
      [target.id],
    );
    expect(log).to.deep.include({ action: 'permission.grant', user_email: 'admin@example.com' });
    expect(log.data).to.deep.include({ key: 'reports.view', reason: 'Runs the monthly numbers' });
    const screen = (await admin.a.get(userPath(target.id))).text;
    expect(screen).to.include('Granted to this user');
    expect(screen).to.match(
      /data-action="permission\.grant"><span[^>]*>[^<]*<\/span> · admin@example\.com granted reports\.view to [^:]+: Runs the monthly numbers/,
    );

    expect(
      (
        await post(admin.a, admin.token, userPath(target.id), {
          key: 'reports.view',
          effect: 'deny',
          reason: 'Moved to sales',
        })
      ).status,
    ).to.equal(200);
    expect((await targetAgent.get(REPORTS)).status).to.equal(403);
    // Removing is confirmed on its own page first.
    expect((await admin.a.get(`${userPath(target.id)}/remove?key=reports.view`)).text).to.include(
      'data-testid="perm-remove-confirm"',
    );
    expect(
      (
        await post(admin.a, admin.token, `${userPath(target.id)}/remove`, {
          key: 'reports.view',
          reason: 'Back to normal',
        })
      ).status,
    ).to.equal(200);
    expect((await sqlRows(`select 1 from user_permissions where user_id = $1`, [target.id])).length).to.equal(0);
    expect(
      (await sqlRows(`select 1 from logs where action = 'permission.remove' and entity_id = $1`, [target.id])).length,
    ).to.equal(1);
    expect((await targetAgent.get(REPORTS)).status).to.equal(403);
  });

  it('refuses bad input with 400 and the field at fault, never a 5xx', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ key: 'reports.view', effect: 'grant' }, 'reason'],
      [{ key: 'reports.view', effect: 'grant', reason: ' ' }, 'reason'],
      [{ key: 'no.such.key', effect: 'grant', reason: 'because' }, 'key'],
      [{ key: 'reports.view', effect: 'maybe', reason: 'because' }, 'effect'],
      [{ key: ['reports.view'], effect: 'grant', reason: 'because' }, 'key'],
    ];
    for (const [body, field] of cases) {
      const res = await post(admin.a, admin.token, userPath(target.id), body);
      expect(res.status, JSON.stringify(body)).to.equal(400);
      expect(res.body.error.fields).to.have.property(field);
      expect(res.body.error).to.have.all.keys('code', 'message', 'fields');
    }
    expect(
      (
        await post(admin.a, admin.token, userPath(99999999), {
          key: 'reports.view',
          effect: 'grant',
          reason: 'because',
        })
      ).status,
    ).to.equal(404);
    expect(
      (
        await post(admin.a, admin.token, '/en-us/admin/permissions/users/abc', {
          key: 'reports.view',
          effect: 'grant',
          reason: 'because',
        })
      ).status,
    ).to.equal(400);
    expect(
      (
        await post(admin.a, admin.token, `${userPath(target.id)}/remove`, {
          key: 'reports.view',
          reason: 'nothing to remove',
        })
      ).status,
    ).to.equal(404);
    expect((await admin.a.get(`${userPath(target.id)}/remove?key=reports.view`)).status, 'nothing to confirm').to.equal(
      404,
    );
    expect(
      (await admin.a.get(`${userPath(target.id)}/remove?key=nope`).set('Accept', 'application/json')).status,
    ).to.equal(400);
    // The HTML form comes back with the message beside the field.
    const form = await admin.a
      .post(userPath(target.id))
      .type('form')
      .send({ key: 'reports.view', effect: 'grant', reason: '', _csrf: admin.token });
    expect(form.status).to.equal(400);
    expect(form.text).to.include('data-testid="field-error-reason"');
  });

  it('needs the CSRF token', async () => {
    const res = await admin.a
      .post(userPath(target.id))
      .set('X-Requested-With', 'XMLHttpRequest')
      .send({ key: 'reports.view', effect: 'grant', reason: 'no token' });
    expect(res.status).to.equal(403);
    expect((await sqlRows(`select 1 from user_permissions where user_id = $1`, [target.id])).length).to.equal(0);
  });

  it('staff without permissions.edit cannot change anything', async () => {
    const staff = await signedIn('staff@example.com');
    const res = await post(staff.a, staff.token, userPath(target.id), {
      key: 'orders.view',
      effect: 'grant',
      reason: 'trying',
    });
    expect(res.status).to.equal(403);
    expect((await sqlRows(`select 1 from user_permissions where user_id = $1`, [target.id])).length).to.equal(0);
  });

  describe('an editor who is not an administrator', () => {
    let editor: TestUser;
    let ed: { a: Agent; token: string };
    before(async () => {
      editor = await makeUser({ role: 'staff', prefix: 'perm-editor' });
      const res = await post(admin.a, admin.token, userPath(editor.id), {
        key: 'permissions.edit',
        effect: 'grant',
        reason: 'Team lead',
      });
      expect(res.status).to.equal(200);
      const a = await signedInAs(editor.email);
      ed = { a, token: await csrf(a, '/en-us/') };
    });

    it('grants keys it holds, not keys it lacks', async () => {
      expect(
        (
          await post(ed.a, ed.token, userPath(target.id), {
            key: 'orders.view',
            effect: 'grant',
            reason: 'Helps with orders',
          })
        ).status,
      ).to.equal(200);
      const refused = await post(ed.a, ed.token, userPath(target.id), {
        key: 'promotions.edit',
        effect: 'grant',
        reason: 'Wants promotions',
      });
      expect(refused.status).to.equal(403);
      expect(refused.body.error.message).to.match(/do not hold/);
      const keys = (
        await sqlRows<{ permission_key: string }>(`select permission_key from user_permissions where user_id = $1`, [
          target.id,
        ])
      ).map((r) => r.permission_key);
      expect(keys).to.deep.equal(['orders.view']);
      await post(admin.a, admin.token, `${userPath(target.id)}/remove`, { key: 'orders.view', reason: 'cleanup' });
    });

    it('cannot grant itself more (not even a key an administrator has), nor edit an administrator', async () => {
      for (const key of ['permissions.edit', 'orders.view', 'epp.admin', 'logs.view']) {
        const res = await post(ed.a, ed.token, userPath(editor.id), { key, effect: 'grant', reason: 'promote me' });
        expect(res.status, key).to.equal(403);
      }
      const adminId = (await sqlRows<{ id: number }>(`select id from users where email = 'admin@example.com'`))[0].id;
      expect(
        (await post(ed.a, ed.token, userPath(adminId), { key: 'orders.view', effect: 'deny', reason: 'lock out' }))
          .status,
      ).to.equal(403);
      expect(
        (
          await sqlRows(`select 1 from user_permissions where user_id = $1 and permission_key <> 'permissions.edit'`, [
            editor.id,
          ])
        ).length,
      ).to.equal(0);
      // Its own screen says so instead of offering the adder.
      expect((await ed.a.get(userPath(editor.id))).text).to.include('data-testid="perm-self"');
    });
  });

  it("an organisation's grant reaches its members; a member's own deny wins", async () => {
    const org = await makeOrganisation('Perm Org');
    const member = await makeUser({ organisationId: org, prefix: 'perm-member' });
    const other = await makeUser({ organisationId: org, prefix: 'perm-member2' });
    const [m, o] = [await signedInAs(member.email), await signedInAs(other.email)];
    expect((await m.get(REPORTS)).status).to.equal(403);
    expect(
      (await post(admin.a, admin.token, orgPath(org), { key: 'reports.view', effect: 'grant', reason: 'Co-op board' }))
        .status,
    ).to.equal(200);
    expect((await m.get(REPORTS)).status).to.equal(200);
    expect((await o.get(REPORTS)).status).to.equal(200);
    expect((await admin.a.get(userPath(member.id))).text).to.include('Granted to the organisation');
    const orgScreen = (await admin.a.get(orgPath(org))).text;
    expect(orgScreen)
      .to.include(`/admin/permissions/users/${member.id}"`)
      .and.include(`/admin/permissions/users/${other.id}"`);
    expect(orgScreen).to.include('data-action="permission.grant"');
    expect(
      (
        await post(admin.a, admin.token, userPath(other.id), {
          key: 'reports.view',
          effect: 'deny',
          reason: 'Not this one',
        })
      ).status,
    ).to.equal(200);
    expect((await o.get(REPORTS)).status).to.equal(403);
    expect((await m.get(REPORTS)).status).to.equal(200);
    expect(
      (
        await sqlRows(
          `select 1 from logs where action = 'permission.grant' and entity = 'organisation' and entity_id = $1`,
          [org],
        )
      ).length,
    ).to.equal(1);
    expect(
      (await post(admin.a, admin.token, `${orgPath(org)}/remove`, { key: 'reports.view', reason: 'Board dissolved' }))
        .status,
    ).to.equal(200);
    expect((await m.get(REPORTS)).status).to.equal(403);
    // An administrator cannot grant its own organisation (that would be granting itself).
    const adminOrg = (
      await sqlRows<{ organisation_id: number }>(`select organisation_id from users where email = 'admin@example.com'`)
    )[0].organisation_id;
    expect(
      (await post(admin.a, admin.token, orgPath(adminOrg), { key: 'reports.view', effect: 'deny', reason: 'oops' }))
        .status,
    ).to.equal(403);
  });

  describe('two app processes (PostgreSQL)', () => {
    let second: SecondProcess | undefined;
    before(async function () {
      if (dbMode() !== 'postgres') return this.skip(); // the embedded database serves one process
      second = await startSecondProcess();
    });
    after(async () => second?.stop());

    it("a grant made through one process opens the screen on the other process's next request", async () => {
      const user = await makeUser({ prefix: 'perm-2p' });
      const there = supertest.agent(second!.url);
      const page = await there.get('/en-us/login');
      const token = /<meta name="csrf-token" content="([^"]+)"/.exec(page.text)![1];
      expect(
        (
          await there
            .post('/en-us/login')
            .type('form')
            .send({ email: user.email, password: DEMO_PASSWORD, _csrf: token })
        ).status,
      ).to.equal(303);
      expect((await there.get(REPORTS)).status, 'cached in the second process').to.equal(403);
      expect(
        (
          await post(admin.a, admin.token, userPath(user.id), {
            key: 'reports.view',
            effect: 'grant',
            reason: 'Second process',
          })
        ).status,
      ).to.equal(200);
      // The other process hears the NOTIFY a moment after the commit: at once or within a few tries.
      let status = (await there.get(REPORTS)).status;
      for (let i = 0; i < 40 && status !== 200; i++) {
        await new Promise((r) => setTimeout(r, 50));
        status = (await there.get(REPORTS)).status;
      }
      expect(status).to.equal(200);
    });
  });
});
