/** src/db/notify.ts: cache invalidation across app processes through LISTEN/NOTIFY. */
import { expect } from 'chai';
import pg from 'pg';
import { Notifier } from '../../src/db/notify.ts';
import { Texts } from '../../src/i18n/index.ts';
import { openDatabase } from '../../src/db/client.ts';
import { testServer } from '../helpers/server.ts';
import { signedIn } from '../helpers/signed-in.ts';

const until = async (check: () => boolean | Promise<boolean>, what: string) => {
  for (let i = 0; i < 200; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`never happened: ${what}`);
};

describe('db/notify', () => {
  it('in local mode (embedded database) handlers run before notify() resolves, once', async () => {
    const pool = new pg.Pool({ max: 1 });
    const n = new Notifier({ pool });
    const got: (string | null)[] = [];
    n.on('i18n', async (p) => void got.push(p));
    await n.start();
    await n.notify('i18n', 'ui:nav.home');
    expect(got).to.deep.equal(['ui:nav.home']);
    expect(n.mode).to.equal('local');
    await n.close();
    await pool.end();
  });

  it('refuses channel names that are not plain identifiers', () => {
    const n = new Notifier({ pool: new pg.Pool({ max: 1 }) });
    expect(() => n.on('bad"; drop table x; --', () => {})).to.throw(/Invalid notification channel/);
  });

  describe('on PostgreSQL', function () {
    let url: string | undefined;
    before(async function () {
      url = (await testServer()).config.databaseUrl;
      if (!url) this.skip(); // embedded: pglite-socket does not deliver notifications (see notify.ts)
    });

    it('another process gets the payload; the sender runs its own handlers once, not twice', async () => {
      const pool = new pg.Pool({ connectionString: url, max: 2 });
      const a = new Notifier({ pool, databaseUrl: url });
      const b = new Notifier({ pool, databaseUrl: url });
      const gotA: (string | null)[] = [];
      const gotB: (string | null)[] = [];
      a.on('test_chan', (p) => void gotA.push(p));
      b.on('test_chan', (p) => void gotB.push(p));
      await Promise.all([a.start(), b.start()]);
      await a.notify('test_chan', 'hello:world');
      await until(() => gotB.length === 1, 'b receives');
      expect(gotB).to.deep.equal(['hello:world']);
      // A marker sent after it by the other process: PostgreSQL delivers notifications in commit
      // order, so once A has the marker, an echo of its own message would have come before it.
      await b.notify('test_chan', 'marker');
      await until(() => gotA.includes('marker'), 'a receives the marker');
      expect(gotA).to.deep.equal(['hello:world', 'marker']);
      await Promise.all([a.close(), b.close()]);
      await pool.end();
    });

    it('reconnects after the listening connection is killed, tells handlers to resync (null), and keeps receiving', async () => {
      const pool = new pg.Pool({ connectionString: url, max: 2 });
      const sender = new Notifier({ pool, databaseUrl: url });
      const listener = new Notifier({ pool, databaseUrl: url, retryMs: 20 });
      const got: (string | null)[] = [];
      listener.on('test_reconnect', (p) => void got.push(p));
      await listener.start();
      await pool.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where query = \'LISTEN "test_reconnect"\' and pid <> pg_backend_pid()',
      );
      await until(() => got.includes(null), 'resync after reconnect');
      await sender.notify('test_reconnect', 'after');
      await until(() => got.includes('after'), 'delivery after reconnect');
      await Promise.all([sender.close(), listener.close()]);
      await pool.end();
    });

    it('interface text saved through one app process is live in another process', async () => {
      // A second "process": its own pool, its own Texts cache, its own listener.
      const other = await openDatabase({ databaseUrl: url, dataDir: '/tmp', poolMax: 2 });
      const texts = await Texts.create(other.db);
      const events = new Notifier({ pool: other.pool, databaseUrl: url });
      events.on('i18n', () => texts.reload(other.db));
      await events.start();
      const before = texts.forLocale('es-mx')('landing.section.planters');
      const { a, token } = await signedIn('admin@example.com');
      const res = await a
        .post('/translation/ui:landing.section.planters')
        .set('X-CSRF-Token', token)
        .type('form')
        .send({ language: 'es', country: 'MX', value: 'Sembradoras para México' });
      expect(res.status).to.equal(200);
      expect(before).to.not.equal('Sembradoras para México');
      await until(
        () => texts.forLocale('es-mx')('landing.section.planters') === 'Sembradoras para México',
        'other process reloads',
      );
      expect(texts.forLocale('es-mx')('landing.section.planters')).to.equal('Sembradoras para México');
      await events.close();
      await other.close();
    });
  });
});
