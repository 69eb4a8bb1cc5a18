/**
 * System services and the log over HTTP (shared test app): live statuses (database, job queue
 * with its backlog, mail, each provider built-in or configured and whether it answers), the log's
 * filters (who, what, kind, when, text) kept in the URL, keyset pages, guards and bad input.
 */
import { expect } from 'chai';
import { agent, csrf, signIn } from '../helpers/http.ts';
import { signedIn } from '../helpers/signed-in.ts';
import { testServer } from '../helpers/server.ts';
import { startReceiver } from '../helpers/webhook-receiver.ts';
import { serviceStatuses, type ServiceStatus } from '../../src/features/system/status.ts';

const asJson = { Accept: 'application/json' };
const byKey = (list: ServiceStatus[]) => Object.fromEntries(list.map((s) => [s.key, s]));

/** 60 entries of their own (once per run), so paging does not depend on what other suites logged; ids newest first. */
async function pageOfEntries(app: Awaited<ReturnType<typeof testServer>>): Promise<number[]> {
  const q = () =>
    app.database.pool.query<{ id: number }>(`select id from logs where action = 'test.page' order by id desc`);
  let { rows } = await q();
  if (!rows.length) {
    await app.database.pool.query(
      `insert into logs (action, entity, message, level) select 'test.page', 'test', 'Paging entry ' || n, 'info' from generate_series(1, 60) n`,
    );
    ({ rows } = await q());
  }
  return rows.map((r) => r.id);
}

describe('system services and the log (HTTP)', function () {
  it('guards: anonymous is sent to sign in (401 for scripts), customers and staff without the key get 403', async () => {
    const anon = await agent();
    for (const path of ['/en-us/admin/services', '/en-us/admin/logs']) {
      expect((await anon.get(path)).status, path).to.equal(302);
      const res = await anon.get(path).set(asJson);
      expect(res.status, path).to.equal(401);
      expect(res.body.error).to.include.keys('code', 'message', 'fields');
      for (const who of ['customer@example.com', 'staff@example.com']) {
        const { a } = await signedIn(who);
        const r = await a.get(path).set(asJson);
        expect(r.status, `${who} ${path}`).to.equal(403);
        expect(r.body.error.code).to.equal('forbidden');
      }
    }
  });

  it('services: every service with its live state; the job queue shows its backlog', async () => {
    const app = await testServer();
    const { a } = await signedIn('admin@example.com');
    // A retry scheduled an hour from now is backlog, not due.
    await app.database.pool.query(
      `select graphile_worker.add_job('webhooks_deliver', json_build_object('deliveryId', 0), run_at => now() + interval '1 hour', job_key => 'services-test-backlog')`,
    );
    try {
      const res = await a.get('/en-us/admin/services').set(asJson);
      expect(res.status).to.equal(200);
      const s = byKey(res.body.services);
      expect(Object.keys(s)).to.include.members([
        'database',
        'jobs',
        'mail',
        'payments',
        'bank',
        'shipping',
        'translate',
        'maps',
        'captcha',
      ]);
      expect(s.database).to.include({ state: 'ok' });
      expect(s.database.ms).to.be.a('number');
      expect(s.jobs.state).to.equal('ok');
      expect(s.jobs.facts!.scheduled).to.be.at.least(1);
      expect(s.mail).to.include({ state: 'ok', mode: 'built-in' });
      for (const k of ['payments', 'bank', 'shipping', 'translate', 'maps', 'captcha'])
        expect(s[k], k).to.include({ mode: 'built-in', state: 'offline' });
      const page = await a.get('/en-us/admin/services');
      expect(page.status).to.equal(200);
      expect(page.text).to.include('data-service="jobs"').and.include('data-fact="scheduled"');
      expect(page.headers['cache-control']).to.include('no-store');
      expect((await a.get('/fr-ca/admin/services')).text)
        .to.include('Services système')
        .and.include('File de tâches');
      expect((await a.get('/es-mx/account/dashboard/integrations')).text).to.include('Integraciones');
    } finally {
      await app.database.pool.query(`select graphile_worker.remove_job('services-test-backlog')`);
    }
  });

  it('services: a configured provider is asked over the network: answering, or not answering', async () => {
    const app = await testServer();
    const rec = await startReceiver();
    try {
      const cfg = (url: string) => ({
        ...app.services,
        config: { ...app.config, providers: { ...app.config.providers, carrier: { url, apiKey: 'k' } } },
      });
      const up = byKey(await serviceStatuses(cfg(rec.url)));
      expect(up.shipping).to.include({ mode: 'configured', state: 'ok' });
      expect(up.shipping.detail).to.match(/HTTP 200/);
      await rec.close();
      const down = byKey(await serviceStatuses(cfg(rec.url)));
      expect(down.shipping).to.include({ mode: 'configured', state: 'down' });
    } finally {
      await rec.close().catch(() => undefined);
    }
  });

  it('logs: sign-ins, staff actions and integration events, filtered by who, what, kind, when and text, kept in the URL', async () => {
    const app = await testServer();
    const a = await agent();
    await signIn(a, 'admin@example.com'); // a fresh sign-in is logged
    const get = async (qs: string) => {
      const res = await a.get(`/en-us/admin/logs${qs}`).set(asJson);
      expect(res.status, qs).to.equal(200);
      return res.body.entries as {
        action: string;
        email: string | null;
        message: string;
        createdAt: string;
        id: number;
      }[];
    };
    const signins = await get('?kind=signin&who=admin@example.com');
    expect(signins.length).to.be.at.least(1);
    expect(signins.every((e) => e.action.startsWith('user.') && e.email === 'admin@example.com')).to.equal(true);
    const integration = await get('?kind=integration');
    expect(integration.length).to.be.at.least(2); // the demo's webhook entries
    expect(integration.every((e) => e.action.startsWith('webhook.'))).to.equal(true);
    const staffActions = await get('?kind=staff&action=order.');
    expect(staffActions.length).to.be.at.least(1);
    expect(staffActions.every((e) => e.action.startsWith('order.'))).to.equal(true);
    const text = await get('?q=tax%20exempt');
    expect(text.length).to.be.at.least(1);
    expect(text.every((e) => /tax exempt/i.test(e.message))).to.equal(true);
    const today = new Date().toISOString().slice(0, 10);
    const todays = await get(`?from=${today}&to=${today}&who=admin`);
    expect(todays.length).to.be.at.least(1);
    expect(todays.every((e) => e.createdAt.slice(0, 10) >= today)).to.equal(true);
    expect(await get('?from=1990-01-01&to=1990-01-02')).to.have.length(0);
    // HTML: the filters stay in the form and in the page links.
    await pageOfEntries(app);
    const page = await a.get('/en-us/admin/logs?kind=staff&action=test.page&who=');
    expect(page.status).to.equal(200);
    expect(page.text).to.include('<option value="staff" selected>').and.include('value="test.page"');
    const next = /href="([^"]+)" rel="next"/.exec(page.text);
    expect(next, 'a next page').to.not.equal(null);
    const href = next![1].replace(/&amp;/g, '&');
    expect(href).to.include('kind=staff').and.include('action=test.page').and.include('after=');
    const second = await a.get(href);
    expect(second.status).to.equal(200);
    expect(second.text).to.include('data-testid="log-row"');
  });

  it('logs: keyset pages neither repeat nor skip an entry, forward and back', async () => {
    const app = await testServer();
    const all = await pageOfEntries(app);
    const { a } = await signedIn('admin@example.com');
    const first = await a.get('/en-us/admin/logs?action=test.page').set(asJson);
    expect(first.body.entries).to.have.length(50);
    expect(first.body.prev).to.equal(null);
    const second = await a.get(`/en-us/admin/logs?action=test.page&after=${first.body.next}`).set(asJson);
    const ids1: number[] = first.body.entries.map((e: { id: number }) => e.id);
    const ids2: number[] = second.body.entries.map((e: { id: number }) => e.id);
    expect([...ids1, ...ids2], 'every entry once, newest first').to.deep.equal(all.slice(0, ids1.length + ids2.length));
    expect(ids1.length + ids2.length).to.equal(all.length);
    expect(second.body.next).to.equal(null);
    const back = await a.get(`/en-us/admin/logs?action=test.page&before=${second.body.prev}`).set(asJson);
    expect(back.body.entries.map((e: { id: number }) => e.id)).to.deep.equal(ids1);
  });

  it('logs: bad filters are a 400 naming the field, never a 5xx; a mangled cursor is the first page', async () => {
    const { a } = await signedIn('admin@example.com');
    for (const [qs, field] of [
      ['?from=2026-13-45', 'from'],
      ['?from=2026-05-02&to=2026-05-01', 'to'],
      ['?kind=everything', 'kind'],
      ['?action=drop%20table', 'action'],
      ['?level=loud', 'level'],
      [`?q=${'x'.repeat(101)}`, 'q'],
    ] as const) {
      const res = await a.get(`/en-us/admin/logs${qs}`).set(asJson);
      expect(res.status, qs).to.equal(400);
      expect(res.body.error.fields, qs).to.have.property(field);
    }
    expect((await a.get('/en-us/admin/logs?from=2026-13-45')).status).to.equal(400);
    const mangled = await a.get('/en-us/admin/logs?after=%%%').set(asJson);
    expect(mangled.status).to.equal(200);
    expect(mangled.body.prev).to.equal(null);
  });

  it('a webhook change made on the integrations screen is in the log as an integration event', async () => {
    const { a, token } = await signedIn('admin@example.com');
    const t = token ?? (await csrf(a, '/en-us/'));
    const res = await a
      .post('/en-us/account/dashboard/integrations')
      .set(asJson)
      .set('X-CSRF-Token', t)
      .send({ url: 'https://hooks.example.com/erp', events: ['order.created'], active: true });
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
    const entries = (await a.get('/en-us/admin/logs?kind=integration&who=admin@example.com').set(asJson)).body.entries;
    expect(entries[0].action).to.equal('webhook.create');
    expect(JSON.stringify(entries[0])).not.to.include(res.body.secret);
    await a
      .post(`/en-us/account/dashboard/integrations/${res.body.id}/delete`)
      .set(asJson)
      .set('X-CSRF-Token', t)
      .send({});
  });
});
