/**
 * Resource limits on purpose: slow clients cannot hold a connection, a runaway
 * statement is cancelled by PostgreSQL, and the limits come from the configuration.
 */
import net from 'node:net';
import { expect } from 'chai';
import { loadConfig } from '../../src/config.ts';
import { openDatabase } from '../../src/db/client.ts';
import { start, type Running } from '../../src/server.ts';
import { createTestDb } from '../helpers/db.ts';
import { testServer } from '../helpers/server.ts';

/** Opens a raw connection, sends `chunk`, and resolves with what the server said and how long it took to hang up. */
function slowClient(port: number, chunk: string, giveUpMs = 8_000): Promise<{ closedAfterMs: number; said: string }> {
  return new Promise((resolve, reject) => {
    const t0 = Date.now();
    let said = '';
    const socket = net.connect(port, '127.0.0.1', () => socket.write(chunk));
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`the server kept a slow client for ${giveUpMs} ms`));
    }, giveUpMs);
    socket.on('data', (d) => (said += d.toString()));
    socket.on('error', () => {});
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ closedAfterMs: Date.now() - t0, said });
    });
  });
}

describe('resource limits', function () {
  this.timeout(60_000);

  it('the configuration has bounded defaults and refuses nonsense', () => {
    const c = loadConfig({ NODE_ENV: 'test' });
    expect(c.limits).to.deep.equal({
      requestTimeoutMs: 30_000,
      headersTimeoutMs: 10_000,
      statementTimeoutMs: 30_000,
      poolMax: 10,
    });
    expect(
      loadConfig({ NODE_ENV: 'test', REQUEST_TIMEOUT_MS: '2000', HEADERS_TIMEOUT_MS: '5000' }).limits.headersTimeoutMs,
      'headers ≤ request',
    ).to.equal(2000);
    expect(() => loadConfig({ NODE_ENV: 'test', DB_POOL_MAX: '0' })).to.throw(/DB_POOL_MAX/);
    expect(() => loadConfig({ NODE_ENV: 'test', REQUEST_TIMEOUT_MS: 'forever' })).to.throw(/REQUEST_TIMEOUT_MS/);
  });

  describe('slow clients', () => {
    let app: Running;
    before(async () => {
      const shared = await testServer();
      app = await start(
        {
          ...shared.config,
          port: 0,
          limits: { ...shared.config.limits, headersTimeoutMs: 500, requestTimeoutMs: 1_500 },
        },
        { database: shared.database, prepare: false },
      );
    });
    after(() => app?.stop());

    it('a client that never finishes its headers is answered 408 and disconnected', async () => {
      const r = await slowClient(app.port, 'GET /en-us/ HTTP/1.1\r\nHost: localhost\r\nX-Slow: ');
      expect(r.said).to.match(/^HTTP\/1\.1 408/);
      expect(r.closedAfterMs).to.be.below(5_000);
    });

    it('a client that trickles a body slower than the request deadline is disconnected', async () => {
      const r = await slowClient(
        app.port,
        'POST /en-us/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 100000\r\n\r\nemail=a',
      );
      expect(r.closedAfterMs).to.be.below(6_000);
    });

    it('an ordinary request is still answered', async () => {
      const res = await fetch(`${app.url}/healthz`);
      expect(res.status).to.equal(200);
    });
  });

  it('PostgreSQL cancels a statement that runs past the statement timeout (57014), and the pool carries on', async function () {
    if (!process.env.DATABASE_URL) return this.skip(); // PGlite runs a statement to its end: it has no timer to cancel with
    const scratch = await createTestDb('limits');
    const database = await openDatabase({
      databaseUrl: scratch.databaseUrl,
      dataDir: scratch.dataDir,
      poolMax: 2,
      statementTimeoutMs: 300,
    });
    try {
      const err = await database.pool.query('select pg_sleep(3)').then(
        () => null,
        (e: { code?: string }) => e,
      );
      expect(err?.code).to.equal('57014');
      const { rows } = await database.pool.query('select 1 as one');
      expect(rows).to.deep.equal([{ one: 1 }]);
    } finally {
      await database.close();
      await scratch.drop();
    }
  });
});
