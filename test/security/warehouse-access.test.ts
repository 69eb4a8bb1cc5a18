/**
 * Who may act on a warehouse: one rule (src/domain/warehouse-access.ts), the same answer from the
 * function, the warehouse API key check and the inventory page. Expected answers written by hand.
 */
import { expect } from 'chai';
import supertest from 'supertest';
import { mayActOnWarehouse } from '../../src/domain/warehouse-access.ts';
import { agent, signIn } from '../helpers/http.ts';
import { sqlRows, testServer } from '../helpers/server.ts';
import { makeOrganisation, makeUser } from '../helpers/users.ts';
import { restoreDemoWarehouseKeys } from '../helpers/warehouse-keys.ts';

const keys = (...k: string[]) => new Set(k);

describe('warehouse access: one rule', function () {
  this.timeout(60_000);

  describe('mayActOnWarehouse', () => {
    // Warehouse 7 belongs to organisation 1; warehouse 8 to no organisation.
    const w7 = { id: 7, organisationId: 1 };
    const w8 = { id: 8, organisationId: null };
    const table: [string, Parameters<typeof mayActOnWarehouse>[0], boolean, boolean][] = [
      // who, user, acts on warehouse 7, manages warehouse 7 (its key)
      [
        'its operator',
        { organisationId: 1, warehouseId: 7, permissions: keys('dashboard.view', 'inventory.edit') },
        true,
        false,
      ],
      [
        'its operator without inventory.edit',
        { organisationId: 1, warehouseId: 7, permissions: keys('dashboard.view') },
        false,
        false,
      ],
      [
        'the operator of another warehouse',
        { organisationId: 1, warehouseId: 9, permissions: keys('inventory.edit') },
        false,
        false,
      ],
      [
        'a manager of the same organisation',
        { organisationId: 1, warehouseId: null, permissions: keys('warehouses.manage') },
        true,
        true,
      ],
      [
        'a manager of another organisation',
        { organisationId: 2, warehouseId: null, permissions: keys('warehouses.manage') },
        false,
        false,
      ],
      [
        'a manager of no organisation',
        { organisationId: null, warehouseId: null, permissions: keys('warehouses.manage') },
        false,
        false,
      ],
      [
        'plain staff of the same organisation',
        { organisationId: 1, warehouseId: null, permissions: keys('orders.view', 'inventory.edit') },
        false,
        false,
      ],
      [
        'the admin (every key, same organisation)',
        {
          organisationId: 1,
          warehouseId: null,
          permissions: keys('warehouses.manage', 'inventory.edit', 'permissions.edit'),
        },
        true,
        true,
      ],
      [
        'an admin of another organisation',
        {
          organisationId: 2,
          warehouseId: null,
          permissions: keys('warehouses.manage', 'inventory.edit', 'permissions.edit'),
        },
        false,
        false,
      ],
    ];
    for (const [who, user, acts, manages] of table) {
      it(`${who}: ${acts ? 'allowed' : 'denied'}, ${manages ? 'manages' : 'does not manage'}`, () => {
        expect(mayActOnWarehouse(user, w7)).to.equal(acts);
        expect(mayActOnWarehouse(user, w7, { manage: true })).to.equal(manages);
      });
    }
    it('a warehouse with no organisation: managers with none, never another organisation’s', () => {
      expect(
        mayActOnWarehouse({ organisationId: null, warehouseId: null, permissions: keys('warehouses.manage') }, w8),
      ).to.equal(true);
      expect(
        mayActOnWarehouse({ organisationId: 1, warehouseId: null, permissions: keys('warehouses.manage') }, w8),
      ).to.equal(false);
    });
  });

  describe('over HTTP: the key check and the inventory page agree', () => {
    let us: number;
    const people: Record<string, { id: number; email: string }> = {};
    before(async () => {
      await restoreDemoWarehouseKeys();
      const [w] = await sqlRows<{ id: number; organisation_id: number }>(
        "select id, organisation_id from warehouses where code = 'US-DSM'",
      );
      us = w.id;
      const named = await sqlRows<{ id: number; email: string }>(
        "select id, email from users where email in ('warehouse@example.com', 'staff@example.com', 'admin@example.com')",
      );
      for (const u of named) people[u.email] = u;
      const sameOrg = await makeUser({ role: 'staff', organisationId: w.organisation_id, prefix: 'wh-mgr-same' });
      const otherOrg = await makeUser({
        role: 'staff',
        organisationId: await makeOrganisation('Warehouse Elsewhere Co'),
        prefix: 'wh-mgr-other',
      });
      for (const u of [sameOrg, otherOrg])
        await sqlRows(
          `insert into user_permissions (user_id, permission_key, granted, reason) values ($1, 'warehouses.manage', true, 'test'), ($1, 'dashboard.view', true, 'test')`,
          [u.id],
        );
      people.sameOrg = sameOrg;
      people.otherOrg = otherOrg;
    });
    after(restoreDemoWarehouseKeys);

    // who → [test-key status, inventory page status]
    const expected: [string, number, number][] = [
      ['warehouse@example.com', 200, 200], // the US warehouse's operator
      ['sameOrg', 200, 200], // warehouses.manage in the warehouse's organisation
      ['otherOrg', 401, 403], // warehouses.manage in another organisation
      ['staff@example.com', 401, 403], // plain staff: no warehouse key
      ['admin@example.com', 200, 200], // the shop's admin, in the warehouse's organisation
    ];
    for (const [who, keyStatus, pageStatus] of expected) {
      it(`${who}: the key check answers ${keyStatus}, the inventory page ${pageStatus}`, async () => {
        const raw = supertest((await testServer()).url);
        const key = await raw
          .get(`/api/warehouse/${us}/test-key`)
          .set('Authorization', 'Bearer wh_us_demo_key_2026')
          .set('X-User-Id', String(people[who].id))
          .set('Accept', 'application/json');
        expect(key.status, JSON.stringify(key.body)).to.equal(keyStatus);
        const a = await agent();
        await signIn(a, people[who].email);
        const page = await a.get(`/en-us/account/dashboard/warehouses/${us}/inventory`).set('Accept', 'text/html');
        expect(page.status).to.equal(pageStatus);
      });
    }
  });
});
