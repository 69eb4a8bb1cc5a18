/**
 * Who may read and who may write each sensitive area, written down by hand from the spec and the
 * contract's demo accounts and checked with real requests. Nothing here is read from the route
 * declarations (route(…, { allow })), the route table generated from them
 * (src/http/route-permissions.ts) or the guard's decide(): if any grants too much, or too little,
 * a number below stops matching.
 *
 * The people: anonymous; customer@example.com (a personal customer); buyer@acme.example (a member
 * of Acme Farms, its user administrator); staff@example.com (orders, customers, products, reports,
 * calendar); admin@example.com (every key); distributor@example.com; warehouse@example.com (the
 * US warehouse's operator); and the US warehouse's API key with its operator's X-User-Id.
 *
 * Answers: 200 read; 400 a write that got past every check to validation (each write below sends
 * an empty or broken body, so an allowed write is refused by validation and writes nothing); 401
 * not signed in (JSON is asked for, so no redirect); 403 signed in without the right; 404 not
 * theirs (an object is never confirmed to someone who may not see it). Warehouses are not secret
 * from their operators: another warehouse's stock is a 403 with a reason.
 */
import { expect } from 'chai';
import supertest from 'supertest';
import { testServer, sqlRows } from '../helpers/server.ts';
import { signedIn } from '../helpers/signed-in.ts';
import { apiToken } from '../helpers/http.ts';
import { restoreDemoWarehouseKeys } from '../helpers/warehouse-keys.ts';
import { DEMO_WAREHOUSE_KEYS } from '../../src/db/seed/index.ts';

const PEOPLE = [
  'anonymous',
  'customer',
  'org member',
  'staff',
  'admin',
  'distributor',
  'warehouse operator',
  'warehouse key',
] as const;
const EMAIL: Record<string, string> = {
  customer: 'customer@example.com',
  'org member': 'buyer@acme.example',
  staff: 'staff@example.com',
  admin: 'admin@example.com',
  distributor: 'distributor@example.com',
  'warehouse operator': 'warehouse@example.com',
};

/** Ids of demo objects, looked up once (tests name objects by what they are, never by number). */
type Ids = {
  order: number;
  person: number;
  address: number;
  usWarehouse: number;
  caWarehouse: number;
  lead: number;
  operator: number;
};
type Call = { method: 'GET' | 'POST' | 'PUT'; path: (i: Ids) => string; body?: object; bearer?: boolean };
type Row = { area: string; call: Call; want: readonly number[] };

const get = (path: Call['path'], bearer = false): Call => ({ method: 'GET', path, bearer });
const post = (path: Call['path'], body: object = {}, bearer = false): Call => ({ method: 'POST', path, body, bearer });
const put = (path: Call['path'], body: object = {}): Call => ({ method: 'PUT', path, body });

// prettier-ignore
const MATRIX: Row[] = [
  //                                                                                                                          anon cust  org staff admin dist  wh  key
  { area: 'own account: read', call: get(() => '/en-us/account'), want: [401, 200, 200, 200, 200, 200, 200, 401] },
  {
    area: 'own addresses: write',
    call: post(() => '/en-us/account/addresses'),
    want: [401, 400, 400, 400, 400, 400, 400, 401],
  },
  {
    area: "the customer's address: read",
    call: get((i) => `/en-us/account/addresses/${i.address}/edit`),
    want: [401, 200, 404, 404, 404, 404, 404, 401],
  },
  {
    area: "the customer's order page: read",
    call: get((i) => `/en-us/orders/${i.order}`),
    want: [401, 200, 404, 200, 200, 404, 404, 401],
  },
  {
    area: "the customer's order by the API: read",
    call: get((i) => `/en-us/api/orders/${i.order}/synchronize`, true),
    want: [401, 200, 404, 200, 200, 404, 404, 401],
  },
  {
    area: 'order payments by the API: write',
    call: post((i) => `/en-us/api/orders/${i.order}/payments`, { amount: 'x' }, true),
    want: [401, 403, 403, 400, 400, 403, 403, 401],
  },
  {
    area: 'saved payment methods: read',
    call: get(() => '/en-us/account/payment/methods'),
    want: [401, 200, 200, 200, 200, 200, 200, 401],
  },
  { area: 'dashboard: read', call: get(() => '/account/dashboard'), want: [401, 403, 403, 200, 200, 200, 200, 401] },
  {
    area: 'orders (back office): read',
    call: get(() => '/en-us/account/dashboard/orders'),
    want: [401, 403, 403, 200, 200, 403, 403, 401],
  },
  {
    area: 'stock to waiting orders, machine down first (back office): write',
    call: post(() => '/en-us/account/dashboard/orders/allocate', { stockcode: '' }),
    want: [401, 403, 403, 400, 400, 403, 403, 401],
  },
  {
    area: "machine down on one's own cart: write",
    call: post(() => '/en-us/order/machine-down', { machine_down: 'x' }),
    want: [401, 400, 400, 400, 400, 400, 400, 401],
  },
  {
    area: 'order detail (back office): read',
    call: get((i) => `/admin/orders/detail/${i.order}`),
    want: [401, 403, 403, 200, 200, 403, 403, 401],
  },
  {
    area: 'order containers (back office): write',
    call: post((i) => `/admin/orders/detail/${i.order}/containers`, { length: 'x' }),
    want: [401, 403, 403, 400, 400, 403, 403, 401],
  },
  {
    area: 'returns (back office): read',
    call: get(() => '/en-us/admin/returns'),
    want: [401, 403, 403, 200, 200, 403, 403, 401],
  },
  {
    area: 'a return step (back office): write',
    call: post(() => '/en-us/admin/returns/2147483647/approve'),
    want: [401, 403, 403, 404, 404, 403, 403, 401],
  },
  {
    area: 'a return refund (back office): write',
    call: post(() => '/en-us/admin/returns/2147483647/refund'),
    want: [401, 403, 403, 404, 404, 403, 403, 401],
  },
  {
    area: 'a returned core credited (back office): write',
    call: post(() => '/en-us/admin/orders/detail/2147483647/lines/2147483647/core-credit'),
    want: [401, 403, 403, 404, 404, 403, 403, 401],
  },
  {
    area: 'own returns: read',
    call: get(() => '/en-us/account/returns'),
    want: [401, 200, 200, 200, 200, 200, 200, 401],
  },
  {
    area: 'a return that is not theirs: read',
    call: get(() => '/en-us/account/returns/2147483647'),
    want: [401, 404, 404, 404, 404, 404, 404, 401],
  },
  {
    area: "ask to return the customer's order: write",
    call: post((i) => `/en-us/orders/${i.order}/return`),
    want: [401, 400, 404, 404, 404, 404, 404, 401],
  },
  {
    area: 'quotes (back office): read',
    call: get(() => '/en-us/admin/quotes'),
    want: [401, 403, 403, 200, 200, 403, 403, 401],
  },
  {
    area: 'own quotes: read',
    call: get(() => '/en-us/account/quotes'),
    want: [401, 200, 200, 200, 200, 200, 200, 401],
  },
  {
    area: 'ask for a quote on the own cart: write',
    call: post(() => '/en-us/account/quotes'),
    want: [401, 400, 400, 400, 400, 400, 400, 401],
  },
  {
    area: 'an approval request that is not theirs: withdraw',
    call: post(() => '/en-us/account/approvals/2147483647/withdraw'),
    want: [401, 404, 404, 404, 404, 404, 404, 401],
  },
  {
    area: 'customers: read',
    call: get(() => '/account/dashboard/customers'),
    want: [401, 403, 403, 200, 200, 403, 403, 401],
  },
  {
    area: 'a customer: read',
    call: get((i) => `/account/dashboard/customers/${i.person}`),
    want: [401, 403, 403, 200, 200, 403, 403, 401],
  },
  {
    area: "a customer's address: write",
    call: post((i) => `/account/dashboard/customers/${i.person}/addresses/${i.address}/edit`),
    want: [401, 403, 403, 400, 400, 403, 403, 401],
  },
  {
    area: 'account lookup: write',
    call: post(() => '/en-us/admin/settings/person/accountexists'),
    want: [401, 403, 403, 400, 400, 403, 403, 401],
  },
  { area: 'leads: read', call: get(() => '/en-us/admin/leads'), want: [401, 403, 403, 200, 200, 403, 403, 401] },
  {
    area: 'a lead: write',
    call: put((i) => `/en-us/admin/leads/${i.lead}`, { status: 'nonsense' }),
    want: [401, 403, 403, 400, 400, 403, 403, 401],
  },
  {
    area: 'product editor: read',
    call: get(() => '/en-us/account/dashboard/producteditor'),
    want: [401, 403, 403, 200, 200, 403, 403, 401],
  },
  {
    area: 'product editor: write',
    call: post(() => '/en-us/account/dashboard/producteditor/open'),
    want: [401, 403, 403, 400, 400, 403, 403, 401],
  },
  {
    area: 'parts diagram: write',
    call: post(() => '/en-us/parts/1/callouts/move'),
    want: [401, 403, 403, 400, 400, 403, 403, 401],
  },
  {
    area: 'promotions: read',
    call: get(() => '/en-us/account/dashboard/promotions'),
    want: [401, 403, 403, 403, 200, 403, 403, 401],
  },
  {
    area: 'promotions: write',
    call: post(() => '/en-us/account/dashboard/promotions/create'),
    want: [401, 403, 403, 403, 400, 403, 403, 401],
  },
  {
    area: 'media: read',
    call: get(() => '/en-us/account/dashboard/media'),
    want: [401, 403, 403, 403, 200, 403, 403, 401],
  },
  {
    area: 'reports: read',
    call: get(() => '/en-us/account/dashboard/reports/orders.csv?group=product'),
    want: [401, 403, 403, 200, 200, 403, 403, 401],
  },
  {
    area: 'calendar: read',
    call: get(() => '/en-us/account/dashboard/calendar'),
    want: [401, 403, 403, 200, 200, 403, 403, 401],
  },
  {
    area: 'calendar: write',
    call: post(() => '/en-us/account/dashboard/calendar/events'),
    want: [401, 403, 403, 400, 400, 403, 403, 401],
  },
  {
    area: 'translations: read',
    call: get(() => '/translation/ui:nav.products'),
    want: [401, 403, 403, 403, 200, 403, 403, 401],
  },
  {
    area: 'translations: write',
    call: post(() => '/translation/ui:nav.products'),
    want: [401, 403, 403, 403, 400, 403, 403, 401],
  },
  {
    area: 'instructionals: read',
    call: get(() => '/en-us/instructional/editor'),
    want: [401, 403, 403, 403, 200, 403, 403, 401],
  },
  {
    area: 'instructionals: write',
    call: post(() => '/en-us/instructional/editor/add/tool'),
    want: [401, 403, 403, 403, 400, 403, 403, 401],
  },
  {
    area: 'integrations: read',
    call: get(() => '/en-us/account/dashboard/integrations'),
    want: [401, 403, 403, 403, 200, 403, 403, 401],
  },
  {
    area: 'integrations: write',
    call: post(() => '/en-us/account/dashboard/integrations'),
    want: [401, 403, 403, 403, 400, 403, 403, 401],
  },
  {
    area: 'permissions: read',
    call: get(() => '/en-us/admin/permissions'),
    want: [401, 403, 403, 403, 200, 403, 403, 401],
  },
  {
    area: "permissions: write (the warehouse operator's)",
    call: post((i) => `/en-us/admin/permissions/users/${i.operator}`),
    want: [401, 403, 403, 403, 400, 403, 403, 401],
  },
  {
    area: 'organisation users: read',
    call: get(() => '/en-us/account/organization/users'),
    want: [401, 403, 200, 403, 200, 403, 403, 401],
  },
  {
    area: 'organisation users: write',
    call: post(() => '/en-us/account/organization/users/add'),
    want: [401, 403, 400, 403, 400, 403, 403, 401],
  },
  { area: 'audit log: read', call: get(() => '/en-us/admin/logs'), want: [401, 403, 403, 403, 200, 403, 403, 401] },
  {
    area: 'system services: read',
    call: get(() => '/en-us/admin/services'),
    want: [401, 403, 403, 403, 200, 403, 403, 401],
  },
  {
    area: 'warehouses: read',
    call: get(() => '/en-us/account/dashboard/warehouses'),
    want: [401, 403, 403, 403, 200, 403, 200, 401],
  },
  {
    area: 'warehouses: write (add one)',
    call: post(() => '/en-us/account/dashboard/warehouses/add'),
    want: [401, 403, 403, 403, 400, 403, 403, 401],
  },
  {
    area: 'US inventory: read',
    call: get((i) => `/en-us/account/dashboard/warehouses/${i.usWarehouse}/inventory`),
    want: [401, 403, 403, 403, 200, 403, 200, 401],
  },
  {
    area: 'US inventory: write',
    call: post((i) => `/en-us/account/dashboard/warehouses/${i.usWarehouse}/inventory/adjust`),
    want: [401, 403, 403, 403, 400, 403, 400, 401],
  },
  {
    area: 'Canadian inventory: read',
    call: get((i) => `/en-us/account/dashboard/warehouses/${i.caWarehouse}/inventory`),
    want: [401, 403, 403, 403, 200, 403, 403, 401],
  },
  {
    area: 'Canadian inventory: write',
    call: post((i) => `/en-us/account/dashboard/warehouses/${i.caWarehouse}/inventory/adjust`),
    want: [401, 403, 403, 403, 400, 403, 403, 401],
  },
  {
    area: 'US warehouse lead time: write',
    call: post((i) => `/en-us/account/dashboard/warehouses/${i.usWarehouse}/lead-time`),
    want: [401, 403, 403, 403, 400, 403, 403, 401],
  },
  {
    area: 'warehouse key: regenerate',
    call: post(() => '/api/organization/x/warehouse/x/regenkey'),
    want: [401, 403, 403, 403, 400, 403, 403, 401],
  },
  {
    area: 'US stock by key: read',
    call: get((i) => `/api/warehouse/${i.usWarehouse}/stock`),
    want: [401, 401, 401, 401, 401, 401, 401, 200],
  },
  {
    area: 'US stock by key: write',
    call: put((i) => `/api/warehouse/${i.usWarehouse}/stock`, { items: 'x' }),
    want: [401, 401, 401, 401, 401, 401, 401, 400],
  },
  {
    area: 'Canadian stock with the US key: read',
    call: get((i) => `/api/warehouse/${i.caWarehouse}/stock`),
    want: [401, 401, 401, 401, 401, 401, 401, 401],
  },
];

type Person = {
  name: (typeof PEOPLE)[number];
  a: ReturnType<typeof supertest.agent>;
  token: string;
  bearer?: string;
  headers: Record<string, string>;
};

describe('authorization matrix (hand-written): who may read and write each sensitive area', function () {
  this.timeout(180_000);
  const people: Person[] = [];
  let ids: Ids;

  before(async () => {
    const app = await testServer();
    await restoreDemoWarehouseKeys();
    const one = async (sql: string) => Number((await sqlRows<{ id: number }>(sql))[0]?.id);
    ids = {
      order: await one(
        `select o.id from orders o join users u on u.id = o.user_id where u.email = 'customer@example.com' and o.status not in ('cart', 'quote') order by o.id limit 1`,
      ),
      person: await one(`select id from persons where email = 'customer@example.com'`),
      address: await one(
        `select a.id from addresses a join users u on u.id = a.user_id where u.email = 'customer@example.com' order by a.id limit 1`,
      ),
      usWarehouse: await one(`select id from warehouses where code = 'US-DSM'`),
      caWarehouse: await one(`select id from warehouses where code = 'CA-SKT'`),
      lead: await one(`select id from leads order by id limit 1`),
      operator: await one(`select id from users where email = 'warehouse@example.com'`),
    };
    for (const [k, v] of Object.entries(ids)) expect(v, k).to.be.greaterThan(0);
    for (const name of PEOPLE) {
      if (name === 'anonymous' || name === 'warehouse key') {
        const a = supertest.agent(app.url);
        const token =
          name === 'anonymous'
            ? (/<meta name="csrf-token" content="([^"]+)"/.exec((await a.get('/en-us/login')).text)?.[1] ?? '')
            : '';
        const headers: Record<string, string> =
          name === 'warehouse key'
            ? { Authorization: `Bearer ${DEMO_WAREHOUSE_KEYS['US-DSM']}`, 'X-User-Id': String(ids.operator) }
            : {};
        people.push({ name, a, token, headers });
        continue;
      }
      const { a, token } = await signedIn(EMAIL[name]);
      people.push({ name, a, token, bearer: await apiToken(a), headers: {} });
    }
  });

  function send(row: Row, p: Person) {
    const path = row.call.path(ids);
    let req = p.a[row.call.method.toLowerCase() as 'get'](path)
      .redirects(0)
      .set('Accept', 'application/json')
      .set('X-Requested-With', 'XMLHttpRequest')
      .set(p.headers);
    if (row.call.bearer && p.bearer) req = req.set('Authorization', `Bearer ${p.bearer}`);
    if (row.call.method !== 'GET') req = req.set('X-CSRF-Token', p.token).send(row.call.body ?? {});
    return req;
  }

  it('answers each area as written, for each person', async () => {
    const wrong: string[] = [];
    for (const row of MATRIX) {
      const answers = await Promise.all(people.map((p) => send(row, p)));
      answers.forEach((res, k) => {
        if (res.status !== row.want[k])
          wrong.push(
            `${row.area} (${row.call.method} ${row.call.path(ids)}) as ${PEOPLE[k]}: got ${res.status}, want ${row.want[k]} ${res.status >= 400 ? res.text.slice(0, 100) : ''}`,
          );
      });
    }
    expect(wrong, wrong.join('\n')).to.deep.equal([]);
  });

  it('covers every person with refusals and with access (the matrix is not all one answer)', () => {
    PEOPLE.forEach((name, k) => {
      const col = MATRIX.map((r) => r.want[k]);
      if (name !== 'anonymous')
        expect(
          col.some((s) => s < 300),
          `${name} reaches something`,
        ).to.equal(true);
      expect(
        col.some((s) => s >= 401),
        `${name} is refused something`,
      ).to.equal(true);
    });
  });
});
