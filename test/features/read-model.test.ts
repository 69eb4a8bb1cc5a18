/**
 * The read model is invalidated on write in every app process: the cached data (signed-in users'
 * permissions, channel prices, …) is served from memory until one of its tables is written, by
 * any process, and the next request anywhere sees the change.
 */
import { expect } from 'chai';
import supertest from 'supertest';
import { DEMO_PASSWORD } from '../helpers/http.ts';
import { dbMode } from '../helpers/db.ts';
import { startSecondProcess, type SecondProcess } from '../helpers/second-process.ts';
import { productIdByStockcode, testServer } from '../helpers/server.ts';
import type { Running } from '../../src/server.ts';

type Agent = ReturnType<typeof supertest.agent>;

/**
 * A write through the first process's pool, returning once that process has heard the table's
 * change notification: NOTIFY reaches listeners a moment after COMMIT returns, and every process
 * hears it at about the same moment, so the next request is the first one after the change.
 */
async function written(app: Running, table: string, text: string, values: unknown[]) {
  const heard = app.services.readModel.nextChange(table);
  await app.database.pool.query(text, values);
  await heard;
}

async function signInAt(url: string, email: string): Promise<Agent> {
  const a = supertest.agent(url);
  const page = await a.get('/en-us/login');
  const token = /<meta name="csrf-token" content="([^"]+)"/.exec(page.text)![1];
  const res = await a.post('/en-us/login').type('form').send({ email, password: DEMO_PASSWORD, _csrf: token });
  expect(res.status, `sign-in as ${email}`).to.equal(303);
  return a;
}

describe(`read model: invalidation on write (${dbMode()})`, function () {
  this.timeout(120_000);

  it('a permission taken away is enforced on the next request (the cached user is dropped)', async () => {
    const app = await testServer();
    const staff = await signInAt(app.url, 'staff@example.com');
    expect((await staff.get('/account/dashboard')).status).to.equal(200);
    expect(app.services.users.size, 'the signed-in user is cached').to.be.greaterThan(0);
    const { rows } = await app.database.pool.query<{ id: number }>(
      `select id from users where email = 'staff@example.com'`,
    );
    try {
      await written(
        app,
        'user_permissions',
        `insert into user_permissions (user_id, permission_key, granted) values ($1, 'dashboard.view', false)`,
        [rows[0].id],
      );
      expect((await staff.get('/account/dashboard')).status).to.equal(403);
    } finally {
      await written(
        app,
        'user_permissions',
        `delete from user_permissions where user_id = $1 and permission_key = 'dashboard.view'`,
        [rows[0].id],
      );
    }
    expect((await staff.get('/account/dashboard')).status).to.equal(200);
  });

  it('a product page is served from memory until a price is written, then shows the new price', async () => {
    const app = await testServer();
    const id = await productIdByStockcode('DEMO-SEED-PLATE');
    const price = async () =>
      (await supertest(app.url).get(`/en-us/products/${id}`).set('Accept', 'application/json')).body.price as string;
    const before = await price();
    const trips = app.database.roundTrips();
    expect(await price()).to.equal(before);
    expect(app.database.roundTrips() - trips, 'a warm page reads no product data').to.be.at.most(1);
    const us = `(select id from channels where code = 'US')`;
    try {
      await written(
        app,
        'channel_prices',
        `update channel_prices set price = price + 1 where product_id = $1 and channel_id = ${us}`,
        [id],
      );
      expect(await price()).to.equal((Number(before) + 1).toFixed(2));
    } finally {
      await written(
        app,
        'channel_prices',
        `update channel_prices set price = price - 1 where product_id = $1 and channel_id = ${us}`,
        [id],
      );
    }
    expect(await price()).to.equal(before);
  });

  describe('two app processes (PostgreSQL)', () => {
    let second: SecondProcess | undefined;
    before(async function () {
      if (dbMode() !== 'postgres') return this.skip(); // the embedded database serves one process
      second = await startSecondProcess();
    });
    after(async () => second?.stop());

    it('a price written through one process is served by the other on its next request', async () => {
      const app = await testServer();
      const id = await productIdByStockcode('DEMO-SEED-PLATE');
      const price = async () =>
        (await supertest(second!.url).get(`/en-us/products/${id}`).set('Accept', 'application/json')).body
          .price as string;
      const before = await price();
      expect(await price(), "served from the second process's read model").to.equal(before);
      const us = `(select id from channels where code = 'US')`;
      try {
        await written(
          app,
          'channel_prices',
          `update channel_prices set price = price + 1 where product_id = $1 and channel_id = ${us}`,
          [id],
        );
        // The other process hears the NOTIFY a moment after this one (its own connection, its own
        // scheduling on a busy machine): its answer changes at once or within a few tries.
        let seen = await price();
        for (let i = 0; i < 20 && seen === before; i++) {
          await new Promise((r) => setTimeout(r, 50));
          seen = await price();
        }
        expect(seen).to.equal((Number(before) + 1).toFixed(2));
      } finally {
        await written(
          app,
          'channel_prices',
          `update channel_prices set price = price - 1 where product_id = $1 and channel_id = ${us}`,
          [id],
        );
      }
    });

    it('a permission taken away through one process is enforced by the other on its next request', async () => {
      const app = await testServer();
      const staff = await signInAt(second!.url, 'staff@example.com');
      expect((await staff.get('/account/dashboard')).status).to.equal(200);
      const { rows } = await app.database.pool.query<{ id: number }>(
        `select id from users where email = 'staff@example.com'`,
      );
      try {
        // Written through the first process's pool; the second had the user cached.
        await written(
          app,
          'user_permissions',
          `insert into user_permissions (user_id, permission_key, granted) values ($1, 'dashboard.view', false)`,
          [rows[0].id],
        );
        expect((await staff.get('/account/dashboard')).status).to.equal(403);
      } finally {
        await written(
          app,
          'user_permissions',
          `delete from user_permissions where user_id = $1 and permission_key = 'dashboard.view'`,
          [rows[0].id],
        );
      }
      expect((await staff.get('/account/dashboard')).status).to.equal(200);
    });
  });
});
