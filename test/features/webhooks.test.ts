/**
 * Webhooks over HTTP, against an app of their own (fresh database, loopback allowed, fast
 * retries): signed delivery of a real change verified with `standardwebhooks`, a wrong secret
 * refused, retries with backoff listed attempt by attempt, replay, a delivery that survives a
 * restart, private-address refusal, guards, CSRF and bad input.
 */
import { expect } from 'chai';
import supertest from 'supertest';
import { Webhook } from 'standardwebhooks';
import { start, type Running } from '../../src/server.ts';
import { loadConfig, type WebhookConfig } from '../../src/config.ts';
import { sendSigned } from '../../src/features/webhooks/send.ts';
import { CLEANUP_TASK, REPORT_COMPACT_TASK, emitEvent } from '../../src/features/webhooks/events.ts';
import { cleanUp } from '../../src/features/webhooks/jobs.ts';
import { openDatabase } from '../../src/db/client.ts';
import { sql as dsql } from 'drizzle-orm';
import { createTestDb, dbMode, type TestDb } from '../helpers/db.ts';
import { startReceiver } from '../helpers/webhook-receiver.ts';

type Agent = ReturnType<typeof supertest.agent>;
const HOOKS: WebhookConfig = {
  ...loadConfig({}).webhooks,
  allowPrivate: true,
  maxAttempts: 3,
  retryBaseMs: 150,
  retryMaxMs: 2000,
  timeoutMs: 3000,
  pollMs: 100,
};

describe(`webhooks (HTTP, ${dbMode()})`, function () {
  this.timeout(120_000);
  let db: TestDb;
  let app: Running;
  let admin: Agent;
  let token: string;
  const conf = () => ({
    env: 'test' as const,
    port: 0,
    databaseUrl: db.databaseUrl,
    dataDir: db.dataDir,
    seed: 'demo' as const,
    logLevel: process.env.TEST_LOG_LEVEL ?? 'silent',
    sessionSecret: 'webhooks-secret-0123456789abcdef',
    webhooks: { ...HOOKS },
  });
  const sql = async <T>(text: string, params: unknown[] = []) =>
    (await app.database.pool.query(text, params)).rows as T[];

  async function signIn(email: string) {
    const a = supertest.agent(app.url);
    const page = await a.get('/en-us/login');
    const t = /<meta name="csrf-token" content="([^"]+)"/.exec(page.text)![1];
    expect(
      (await a.post('/en-us/login').type('form').send({ email, password: 'demo-pass-2026', _csrf: t })).status,
    ).to.equal(303);
    const home = await a.get('/en-us/');
    return { a, token: /<meta name="csrf-token" content="([^"]+)"/.exec(home.text)![1] };
  }
  const json = (path: string, body: object = {}) =>
    admin
      .post(path)
      .set('Accept', 'application/json')
      .set('X-Requested-With', 'XMLHttpRequest')
      .set('X-CSRF-Token', token)
      .send(body);
  const BASE = '/en-us/account/dashboard/integrations';
  async function createHook(url: string, events: string[]) {
    const res = await json(BASE, { url, events, active: true });
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
    expect(res.body.secret).to.match(/^whsec_[A-Za-z0-9+/=]{32}$/);
    return res.body as { id: number; secret: string };
  }
  async function adjustStock(quantity: number) {
    const [w] = await sql<{ id: number }>("select id from warehouses where country_code = 'US' order by id limit 1");
    const [p] = await sql<{ id: number }>("select id from products where stockcode = 'DEMO-CONFIG'");
    const res = await admin
      .post(`/en-us/account/dashboard/warehouses/${w.id}/inventory/adjust`)
      .set('Accept', 'application/json')
      .set('X-CSRF-Token', token)
      .send({ product_id: p.id, quantity, reason: 'Webhook test' });
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    return { warehouseId: w.id, productId: p.id };
  }
  const log = async (id: number) =>
    (await admin.get(`${BASE}/${id}`).set('Accept', 'application/json')).body as {
      deliveries: {
        id: number;
        status: string;
        eventType: string;
        attemptList: {
          attempt: number;
          statusCode: number | null;
          ok: boolean;
          durationMs: number;
          createdAt: string;
        }[];
      }[];
    };
  async function waitLog(id: number, pred: (l: Awaited<ReturnType<typeof log>>) => boolean, what: string, ms = 20_000) {
    const until = Date.now() + ms;
    for (;;) {
      const l = await log(id);
      if (pred(l)) return l;
      if (Date.now() > until)
        throw new Error(`deliveries not ${what}: ${JSON.stringify(l.deliveries.map((d) => d.status))}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  /** Waits until no webhook job is running or scheduled: a further attempt would be one of them. */
  async function waitQueueEmpty(ms = 20_000) {
    const until = Date.now() + ms;
    for (;;) {
      const [{ n }] = await sql<{ n: number }>(
        "select count(*)::int as n from graphile_worker.jobs where task_identifier in ('webhooks_fanout', 'webhooks_deliver')",
      );
      if (n === 0) return;
      if (Date.now() > until) throw new Error(`${n} webhook jobs still queued after ${ms} ms`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  const waitStatus = (id: number, status: string, ms?: number) =>
    waitLog(id, (l) => l.deliveries.length > 0 && l.deliveries.every((d) => d.status === status), status, ms);

  before(async () => {
    db = await createTestDb('webhooks');
    app = await start(conf());
    ({ a: admin, token } = await signIn('admin@example.com'));
  });
  after(async () => {
    await app?.stop();
    await db?.drop();
  });

  it('delivers a real change (inventory) signed per Standard Webhooks; the receiver verifies it, a wrong secret does not', async () => {
    const rec = await startReceiver();
    try {
      const hook = await createHook(rec.url, ['inventory.changed']);
      const { warehouseId, productId } = await adjustStock(23);
      const [got] = await rec.waitFor((r) => r.length >= 1);
      expect(got.headers).to.have.keys([
        'webhook-id',
        'webhook-timestamp',
        'webhook-signature',
        'content-type',
        'content-length',
        'user-agent',
        'host',
        'connection',
      ]);
      const payload = new Webhook(hook.secret).verify(got.body, got.headers) as {
        type: string;
        data: Record<string, unknown>;
      };
      expect(payload.type).to.equal('inventory.changed');
      expect(payload.data).to.include({ warehouseId, productId, after: 23 });
      expect(() =>
        new Webhook(`whsec_${Buffer.from('not-the-right-secret-0123').toString('base64')}`).verify(
          got.body,
          got.headers,
        ),
      ).to.throw();
      // A body changed in transit does not verify either.
      expect(() => new Webhook(hook.secret).verify(got.body.replace('23', '24'), got.headers)).to.throw();
      const l = await waitStatus(hook.id, 'delivered');
      expect(l.deliveries[0].attemptList).to.have.length(1);
      expect(l.deliveries[0].attemptList[0]).to.include({ statusCode: 200, ok: true });
      // The secret is never shown again, nor written to the log.
      const page = await admin.get(`${BASE}/${hook.id}`);
      expect(page.text).not.to.include(hook.secret);
      const audit = await sql<{ n: number }>(
        "select count(*)::int as n from logs where data::text like '%' || $1 || '%' or message like '%' || $1 || '%'",
        [hook.secret.slice(6)],
      );
      expect(audit[0].n).to.equal(0);
    } finally {
      await rec.close();
    }
  });

  it('a change that rolls back sends nothing; an inactive webhook receives nothing', async () => {
    const rec = await startReceiver();
    try {
      const on = await createHook(rec.url, ['inventory.changed']);
      const off = await json(BASE, { url: `${rec.url}/off`, events: ['inventory.changed'], active: '0' });
      expect(off.status).to.equal(201);
      const before = (await sql<{ n: number }>('select count(*)::int as n from webhook_events'))[0].n;
      const [w] = await sql<{ id: number }>("select id from warehouses where country_code = 'US' order by id limit 1");
      const bad = await admin
        .post(`/en-us/account/dashboard/warehouses/${w.id}/inventory/adjust`)
        .set('Accept', 'application/json')
        .set('X-CSRF-Token', token)
        .send({ product_id: 2147483000, quantity: 3, reason: 'x' });
      expect(bad.status).to.equal(400);
      expect((await sql<{ n: number }>('select count(*)::int as n from webhook_events'))[0].n).to.equal(before);
      await adjustStock(31);
      await rec.waitFor((r) => r.length >= 1);
      await waitStatus(on.id, 'delivered');
      await waitQueueEmpty();
      expect(rec.received.map((r) => r.path)).to.deep.equal(['/hooks']);
      expect((await log(off.body.id)).deliveries).to.have.length(0);
      // No active webhook subscribes to order.updated here: the outbox row is written, no job is queued.
      const jobs = async () =>
        (
          await sql<{ n: number }>(
            "select count(*)::int as n from graphile_worker.jobs where task_identifier = 'webhooks_fanout'",
          )
        )[0].n;
      const events = async () =>
        (await sql<{ n: number }>("select count(*)::int as n from webhook_events where type = 'order.updated'"))[0].n;
      const [j0, e0] = [await jobs(), await events()];
      await app.database.db.transaction(async (tx) => emitEvent(tx, 'order.updated', { orderId: 1 }));
      expect([await jobs(), await events()]).to.deep.equal([j0, e0 + 1]);
    } finally {
      await rec.close();
    }
  });

  it('retries a failing receiver with exponential backoff and jitter, lists every attempt, and replays a failed delivery', async () => {
    const rec = await startReceiver();
    try {
      rec.answer = (n) => (n <= 2 ? 500 : 200);
      const hook = await createHook(rec.url, ['inventory.changed']);
      await adjustStock(44);
      await rec.waitFor((r) => r.length >= 3);
      const l = await waitStatus(hook.id, 'delivered');
      const attempts = l.deliveries[0].attemptList;
      expect(attempts.map((a) => a.statusCode)).to.deep.equal([500, 500, 200]);
      expect(attempts.map((a) => a.attempt)).to.deep.equal([1, 2, 3]);
      for (const a of attempts) expect(a.durationMs).to.be.a('number').and.at.least(0);
      // Backoff: the n-th retry waits at least half of base·2^(n-1).
      const gaps = rec.received.slice(1).map((r, i) => r.at - rec.received[i].at);
      expect(gaps[0]).to.be.at.least(HOOKS.retryBaseMs / 2 - 10);
      expect(gaps[1]).to.be.at.least(HOOKS.retryBaseMs - 10);
      // The same message id on every attempt (receivers de-duplicate by it).
      expect(new Set(rec.received.map((r) => r.headers['webhook-id'])).size).to.equal(1);

      // Always failing: bounded attempts, then failed, logged as an integration event; replay delivers.
      rec.received.length = 0;
      rec.answer = () => 503;
      await adjustStock(45);
      await rec.waitFor((r) => r.length >= HOOKS.maxAttempts);
      const failed = await waitLog(hook.id, (l) => l.deliveries.some((d) => d.status === 'failed'), 'failed');
      const f = failed.deliveries.find((d) => d.status === 'failed')!;
      expect(f, JSON.stringify(failed.deliveries.map((d) => d.status))).to.exist;
      expect(f.attemptList).to.have.length(HOOKS.maxAttempts);
      await waitQueueEmpty();
      expect(rec.received).to.have.length(HOOKS.maxAttempts); // bounded: no further attempt queued or sent
      const entry = await sql<{ level: string }>(
        "select level from logs where action = 'webhook.deliver' and entity_id = $1",
        [hook.id],
      );
      expect(entry.map((e) => e.level)).to.deep.equal(['error']);
      rec.answer = () => 204;
      const replay = await json(`${BASE}/${hook.id}/deliveries/${f.id}/replay`);
      expect(replay.status).to.equal(202);
      await rec.waitFor((r) => r.length === HOOKS.maxAttempts + 1);
      const after = await waitStatus(hook.id, 'delivered');
      expect(after.deliveries.find((d) => d.id === f.id)!.attemptList.map((a) => a.statusCode)).to.deep.equal([
        503, 503, 503, 204,
      ]);
      // Only a failed delivery can be replayed: 409 in the contract's shape.
      const again = await json(`${BASE}/${hook.id}/deliveries/${f.id}/replay`);
      expect(again.status).to.equal(409);
      expect(again.body.error).to.include.keys('code', 'message', 'fields');
    } finally {
      await rec.close();
    }
  });

  it('a delivery survives a restart of the app between the change and the delivery (nothing lost)', async () => {
    const rec = await startReceiver();
    try {
      rec.answer = () => 503; // the receiver is down when the change happens
      const hook = await createHook(rec.url, ['inventory.changed', 'product.changed']);
      await adjustStock(57);
      await rec.waitFor((r) => r.length >= 1);
      await app.stop(); // a retry is scheduled in the database, not in this process
      // While no app runs, another change commits with its event (as another process would).
      const other = await openDatabase({ databaseUrl: db.databaseUrl, dataDir: db.dataDir });
      await other.db.transaction(async (tx) => {
        await tx.execute(dsql`update products set updated_at = now() where stockcode = 'DEMO-OOS'`);
        await emitEvent(tx, 'product.changed', { stockcode: 'DEMO-OOS' });
      });
      // Embedded: a process killed mid-job leaves its job locked; the next start releases it.
      if (!db.databaseUrl) {
        await other.db.transaction(async (tx) => {
          await emitEvent(tx, 'product.changed', { stockcode: 'DEMO-SOON' });
          await tx.execute(
            dsql`update graphile_worker._private_jobs set locked_at = now(), locked_by = 'worker-killed' where id = (select max(id) from graphile_worker._private_jobs)`,
          );
        });
      }
      await other.close();
      rec.answer = () => 200;
      app = await start(conf());
      ({ a: admin, token } = await signIn('admin@example.com'));
      const expected = db.databaseUrl ? 2 : 3;
      await rec.waitFor((r) => r.filter((x) => x.status === 200).length >= expected, 30_000);
      const l = await waitStatus(hook.id, 'delivered', 30_000);
      expect(l.deliveries).to.have.length(expected);
      const types = rec.received
        .filter((x) => x.status === 200)
        .map((x) => (new Webhook(hook.secret).verify(x.body, x.headers) as { type: string }).type)
        .sort();
      expect(types).to.deep.equal(
        db.databaseUrl
          ? ['inventory.changed', 'product.changed']
          : ['inventory.changed', 'product.changed', 'product.changed'],
      );
    } finally {
      await rec.close();
    }
  });

  it('refuses URLs resolving to private or loopback addresses unless allowed, when saved and when sent', async () => {
    const rec = await startReceiver();
    try {
      app.config.webhooks.allowPrivate = false;
      for (const url of [
        'http://127.0.0.1:9/x',
        'http://localhost:9/x',
        'http://10.0.0.8/x',
        'http://[::1]:9/x',
        'http://169.254.169.254/latest',
      ]) {
        const res = await json(BASE, { url, events: ['order.created'], active: true });
        expect(res.status, url).to.equal(400);
        expect(res.body.error.code).to.equal('private_address');
        expect(res.body.error.fields).to.have.property('url');
      }
      // At delivery time too (a public name may later resolve to a private address).
      const sent = await sendSigned(
        rec.url.replace('127.0.0.1', 'localhost'),
        `whsec_${Buffer.from('x'.repeat(24)).toString('base64')}`,
        'msg_1',
        '{}',
        { allowPrivate: false, timeoutMs: 1000 },
      );
      expect(sent.statusCode).to.equal(null);
      expect(sent.error).to.match(/private or loopback/);
      expect(rec.received).to.have.length(0);
    } finally {
      app.config.webhooks.allowPrivate = true;
      await rec.close();
    }
  });

  it('guards every route: anonymous 401 (or sign-in redirect), customer 403; CSRF on POSTs; bad input is a 4xx in the contract shape', async () => {
    const anon = supertest.agent(app.url);
    for (const path of [BASE, `${BASE}/new`, `${BASE}/1`, `${BASE}/1/delete`]) {
      expect((await anon.get(path)).status, path).to.equal(302);
      expect((await anon.get(path).set('Accept', 'application/json')).status, path).to.equal(401);
    }
    const at = /<meta name="csrf-token" content="([^"]+)"/.exec((await anon.get('/en-us/')).text)![1];
    for (const path of [BASE, `${BASE}/1`, `${BASE}/1/delete`, `${BASE}/1/test`, `${BASE}/1/deliveries/1/replay`]) {
      const res = await anon.post(path).set('Accept', 'application/json').set('X-CSRF-Token', at).send({});
      expect(res.status, path).to.equal(401);
      expect(res.body.error.code).to.equal('unauthorized');
    }
    const { a: customer, token: ct } = await signIn('customer@example.com');
    for (const path of [BASE, `${BASE}/new`, `${BASE}/1`, `${BASE}/1/delete`])
      expect((await customer.get(path)).status, path).to.equal(403);
    for (const path of [BASE, `${BASE}/1`, `${BASE}/1/delete`, `${BASE}/1/test`, `${BASE}/1/deliveries/1/replay`]) {
      const res = await customer.post(path).set('Accept', 'application/json').set('X-CSRF-Token', ct).send({});
      expect(res.status, path).to.equal(403);
      expect(res.body.error.code).to.equal('forbidden');
    }
    // Without a CSRF token: 403 even for the admin.
    const noCsrf = await admin
      .post(BASE)
      .set('Accept', 'application/json')
      .send({ url: 'https://example.com/h', events: ['order.created'] });
    expect(noCsrf.status).to.equal(403);
    const bad = await json(BASE, { url: 'ftp://example.com/x', events: ['nope'] });
    expect(bad.status).to.equal(400);
    expect(bad.body.error).to.include.keys('code', 'message', 'fields');
    expect(bad.body.error.fields).to.have.keys(['url', 'events.0']);
    const none = await json(BASE, { url: 'https://example.com/x' });
    expect(none.status).to.equal(400);
    expect(none.body.error.fields).to.have.property('events');
    expect((await admin.get(`${BASE}/abc`)).status).to.equal(404);
    expect((await admin.get(`${BASE}/999999`).set('Accept', 'application/json')).status).to.equal(404);
    expect((await json(`${BASE}/999999/test`)).status).to.equal(404);
    expect((await json(`${BASE}/1/deliveries/x/replay`)).status).to.equal(404);
    // The HTML form answers 400 with the errors beside the fields.
    const form = await admin.post(BASE).type('form').send({ _csrf: token, url: '', active: '1' });
    expect(form.status).to.equal(400);
    expect(form.text).to.include('data-testid="field-error-url"').and.include('data-testid="field-error-events"');
  });

  it('the delivery log is keyset-paginated (20 a page, newest first) and filtered by status, filters kept in the links', async () => {
    const hook = await createHook('https://hooks.example.com/paging', ['order.created']);
    await sql(
      `insert into webhook_deliveries (message_id, webhook_id, event_type, body, status, attempts, max_attempts)
      select 'msg_page_' || n, $1, 'order.created', '{}', case when n % 5 = 0 then 'failed' else 'delivered' end, 1, 3 from generate_series(1, 25) n`,
      [hook.id],
    );
    const ids = (
      await sql<{ id: number }>('select id from webhook_deliveries where webhook_id = $1 order by id desc', [hook.id])
    ).map((r) => r.id);
    const page1 = await admin.get(`${BASE}/${hook.id}`).set('Accept', 'application/json');
    expect(page1.body.deliveries.map((d: { id: number }) => d.id)).to.deep.equal(ids.slice(0, 20));
    expect(page1.body.prev).to.equal(null);
    const page2 = await admin.get(`${BASE}/${hook.id}?after=${page1.body.next}`).set('Accept', 'application/json');
    expect(page2.body.deliveries.map((d: { id: number }) => d.id)).to.deep.equal(ids.slice(20));
    expect(page2.body.next).to.equal(null);
    const back = await admin.get(`${BASE}/${hook.id}?before=${page2.body.prev}`).set('Accept', 'application/json');
    expect(back.body.deliveries.map((d: { id: number }) => d.id)).to.deep.equal(ids.slice(0, 20));
    const failed = await admin.get(`${BASE}/${hook.id}?status=failed`).set('Accept', 'application/json');
    expect(failed.body.deliveries).to.have.length(5);
    expect(failed.body.deliveries.every((d: { status: string }) => d.status === 'failed')).to.equal(true);
    const html = await admin.get(`${BASE}/${hook.id}`);
    const next = /href="([^"]+)" rel="next"/.exec(html.text)![1].replace(/&amp;/g, '&');
    expect(next).to.include('after=');
    expect((await admin.get(next)).text.match(/data-testid="delivery"/g)).to.have.length(5);
    expect(html.text.match(/data-testid="delivery-replay"/g)).to.have.length(4); // the failed ones on page 1 (25, 20, 15, 10)
  });

  it('the editor: list, test delivery, edit, and delete after a confirmation page', async () => {
    const rec = await startReceiver();
    try {
      const created = await admin
        .post(BASE)
        .type('form')
        .send({ _csrf: token, url: rec.url, events: 'order.created', active: ['0', '1'] });
      expect(created.status).to.equal(201);
      const secret =
        /data-testid="webhook-secret"[^>]*value="([^"]+)"|value="([^"]+)"[^>]*data-testid="webhook-secret"/.exec(
          created.text,
        );
      expect(secret).to.not.equal(null);
      const [{ id }] = await sql<{ id: number }>('select id from webhooks where url = $1', [rec.url]);
      expect((await admin.get(BASE)).text).to.include(rec.url);
      const test = await admin.post(`${BASE}/${id}/test`).type('form').send({ _csrf: token });
      expect(test.status).to.equal(303);
      const [got] = await rec.waitFor((r) => r.length >= 1);
      expect(
        (
          new Webhook(
            (secret![1] ?? secret![2])
              .replace(/&#43;/g, '+')
              .replace(/&#x2F;/g, '/')
              .replace(/&#61;/g, '='),
          ).verify(got.body, got.headers) as { type: string }
        ).type,
      ).to.equal('webhook.test');
      await waitStatus(id, 'delivered');
      const listed = (await admin.get(BASE).set('Accept', 'application/json')).body.webhooks.find(
        (w: { id: number }) => w.id === id,
      );
      expect(listed).to.include({ deliveries: 1, failed: 0, lastStatus: 'delivered' });
      expect(listed).not.to.have.property('secret');
      const saved = await admin
        .post(`${BASE}/${id}`)
        .type('form')
        .send({ _csrf: token, url: rec.url, events: ['order.created', 'payment.recorded'], active: '0' });
      expect(saved.status).to.equal(303);
      const [row] = await sql<{ events: string[]; active: boolean }>(
        'select events, active from webhooks where id = $1',
        [id],
      );
      expect(row).to.deep.equal({ events: ['order.created', 'payment.recorded'], active: false });
      const confirm = await admin.get(`${BASE}/${id}/delete`);
      expect(confirm.status).to.equal(200);
      expect(confirm.text).to.include('data-testid="webhook-delete-confirm"');
      expect(
        (await sql('select id from webhooks where id = $1', [id])).length,
        'the confirmation page deletes nothing',
      ).to.equal(1);
      expect((await admin.post(`${BASE}/${id}/delete`).type('form').send({ _csrf: token })).status).to.equal(303);
      expect(await sql('select id from webhooks where id = $1', [id])).to.have.length(0);
      const actions = (
        await sql<{ action: string }>(
          "select action from logs where entity = 'webhook' and entity_id = $1 order by id",
          [id],
        )
      ).map((r) => r.action);
      expect(actions).to.deep.equal(['webhook.create', 'webhook.test', 'webhook.update', 'webhook.delete']);
    } finally {
      await rec.close();
    }
  });

  it('retention: the nightly clean-up deletes old events and finished deliveries, keeps pending ones and anything recent', async () => {
    // The task is on graphile-worker's crontab (it records every cron task it has scheduled).
    expect(
      (await sql<{ identifier: string }>('select identifier from graphile_worker._private_known_crontabs')).map(
        (r) => r.identifier,
      ),
    ).to.include.members([CLEANUP_TASK, REPORT_COMPACT_TASK]);
    const [hook] = await sql<{ id: number }>(
      `insert into webhooks (url, events, secret, active) values ('https://old.example/hook', '{order.created}', 'whsec_cmV0ZW50aW9uLXRlc3Qtc2VjcmV0LTAxMjM0NQ==', false) returning id`,
    );
    const event = async (ageDays: number) =>
      (
        await sql<{ id: number }>(
          `insert into webhook_events (type, payload, created_at) values ('order.created', '{"orderId": 1}', now() - make_interval(days => $1)) returning id`,
          [ageDays],
        )
      )[0].id;
    const delivery = async (ageDays: number, status: string, eventId: number) => {
      const [d] = await sql<{ id: number }>(
        `insert into webhook_deliveries (message_id, webhook_id, event_id, event_type, body, status, max_attempts, created_at)
        values ('msg_' || md5(random()::text), $1, $2, 'order.created', '{}', $3, 3, now() - make_interval(days => $4)) returning id`,
        [hook.id, eventId, status, ageDays],
      );
      await sql(
        'insert into webhook_attempts (delivery_id, attempt, status_code, ok, duration_ms) values ($1, 1, 500, false, 12)',
        [d.id],
      );
      return d.id;
    };
    const [oldEvent, oldEvent2, newEvent, newEvent2] = [
      await event(45),
      await event(41),
      await event(2),
      await event(1),
    ];
    const oldDelivered = await delivery(45, 'delivered', oldEvent);
    const oldFailed = await delivery(40, 'failed', oldEvent2);
    const oldPending = await delivery(44, 'pending', newEvent);
    const newDelivered = await delivery(1, 'delivered', newEvent2);

    const gone = await cleanUp({ db: app.database.db, config: { ...HOOKS, retentionDays: 30 } });
    expect(gone).to.deep.equal({ events: 2, deliveries: 2 });
    const events = (
      await sql<{ id: number }>('select id from webhook_events where id = any($1) order by id', [
        [oldEvent, oldEvent2, newEvent, newEvent2],
      ])
    ).map((r) => r.id);
    expect(events).to.deep.equal([newEvent, newEvent2]);
    const left = (
      await sql<{ id: number }>('select id from webhook_deliveries where id = any($1) order by id', [
        [oldDelivered, oldFailed, oldPending, newDelivered],
      ])
    ).map((r) => r.id);
    expect(left).to.deep.equal([oldPending, newDelivered]);
    expect(
      await sql('select 1 from webhook_attempts where delivery_id = any($1)', [[oldDelivered, oldFailed]]),
    ).to.have.length(0);
    // A second run finds nothing more to delete.
    expect(await cleanUp({ db: app.database.db, config: { ...HOOKS, retentionDays: 30 } })).to.deep.equal({
      events: 0,
      deliveries: 0,
    });
  });
});
