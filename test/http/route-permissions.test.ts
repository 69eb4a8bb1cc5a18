/**
 * Who may reach every route, against the running app: each route Express has mounted (walked from
 * its router stack, not read from the route declarations) answers for an anonymous visitor and
 * the six demo accounts (signed in once each, agents reused: sign-in is rate limited per account)
 * as a SECOND, hand-written policy below says: which of the seven people (anonymous, customer,
 * organisation buyer, distributor, warehouse operator, staff, admin) may reach each area, written
 * by hand, not read from the declarations (`route(…, { allow })`), the generated route table, the
 * seeded permission keys or computed by the guard's decide(). A declaration that grants more (an
 * admin route marked public) or less than the policy fails here; a new route needs its
 * declaration and a line here.
 *
 * GET routes are requested by everyone. State-changing routes are requested only by those the
 * policy refuses (with a valid CSRF token, so the refusal is the guard's): the guard answers
 * before any handler, so nothing is written. Allowed users are not sent empty POSTs, which
 * would sign them out or act (logout, regenerate a key).
 */
import { expect } from 'chai';
import { agent, apiToken, csrf, type Agent } from '../helpers/http.ts';
import { signedIn } from '../helpers/signed-in.ts';
import { testServer } from '../helpers/server.ts';
import { mountedRoutes, type MountedRoute } from '../helpers/mounted-routes.ts';

/** The people of the walk: anonymous and the six demo accounts. */
type Person = 'anonymous' | 'customer' | 'buyer' | 'distributor' | 'warehouse' | 'staff' | 'admin';
const ACCOUNTS: [Person, string][] = [
  ['customer', 'customer@example.com'],
  ['buyer', 'buyer@acme.example'],
  ['distributor', 'distributor@example.com'],
  ['warehouse', 'warehouse@example.com'],
  ['staff', 'staff@example.com'],
  ['admin', 'admin@example.com'],
];

/** A concrete path for a pattern: real-looking values for the parameters. */
const SAMPLE: Record<string, string> = {
  locale: 'en-us',
  stockcode: 'DEMO-KIT',
  language: 'fr',
  field: 'ui:nav.products',
  type: 'country',
  channel: 'US',
};
const sample = (path: string) => path.replace(/:(\w+)/g, (_m, name: string) => SAMPLE[name] ?? '1');
const show = (r: { method: string; path: string }) => `${r.method} ${r.path}`;

type Who = { name: Person; a: Agent; token: string; bearer?: string };

/**
 * The hand-written policy: the first line whose method and path pattern match says what a route
 * needs. 'public'; 'signed-in'; 'bearer' (signed in, by a bearer token only); 'api-key' (the
 * warehouse key: nobody in this walk carries one, so everyone is refused); or the people who may
 * (everyone else signed in gets 403). The key in each comment is only what the table calls it.
 */
type Need = 'public' | 'signed-in' | 'bearer' | 'api-key' | readonly Person[];
const ADMIN: Person[] = ['admin'];
const STAFF: Person[] = ['staff', 'admin'];
const DASHBOARD: Person[] = ['distributor', 'warehouse', 'staff', 'admin'];
const ANY = /^(GET|POST|PUT|DELETE|PATCH)$/;
const READ = /^GET$/;
const WRITE = /^(POST|PUT|DELETE|PATCH)$/;
// prettier-ignore
const POLICY: [RegExp, RegExp, Need][] = [
  [ANY, /^\/healthz$/, 'public'],
  [ANY, /^\/api\/warehouse\//, 'api-key'],
  // The storefront: anyone.
  [ANY, /^\/(:locale)?$/, 'public'],
  [
    ANY,
    /^\/:locale\/(login|logout|register|password\/reset|products|search\/typeahead|instructionals|cart|shipping|channel|address|dealers|leads\/new|seed-plates|epp\/service-data|quick-order)(\/|$)/,
    'public',
  ],
  [READ, /^\/:locale\/parts(\/|$)/, 'public'],
  [WRITE, /^\/:locale\/parts\//, STAFF /* products.edit */],
  [ANY, /^\/:locale\/order\/customer-info$/, 'public'],
  [
    ANY,
    /^\/:locale\/guest\/(orders\/:orderId|account)$/,
    'public' /* guest checkout: the placing session's confirmation, the mailed account link */,
  ],
  [
    ANY,
    /^\/(api\/channel|api\/generic-data|dealers\/set|cart\/checkout|payments\/tokens|bank-link\/accounts)(\/|$)/,
    'public',
  ],
  // A customer's own things: signed in (ownership is the route's: 404 otherwise).
  [ANY, /^\/:locale\/order\//, 'signed-in'],
  [
    ANY,
    /^\/:locale\/account\/organization\/users/,
    ['buyer', 'admin'] /* organisation.users: Acme's account administrator */,
  ],
  [
    ANY,
    /^\/:locale\/account\/organization\/approvals/,
    ['buyer', 'admin'] /* organisation.users: Acme's approvers (spending limits) */,
  ],
  [
    ANY,
    /^\/:locale\/account(\/(orders|payment|addresses|quotes|approvals|machines|returns)(\/|$)|$)/,
    'signed-in' /* quotes: the buyer's own; approvals: withdrawing one's own request; machines, returns: own */,
  ],
  [ANY, /^\/:locale\/orders\/:orderId/, 'signed-in'],
  [ANY, /^\/(api\/plaid\/link-token|bank-link\/statement)$/, 'signed-in'],
  // The orders API: a bearer token; payments need orders.pay.
  [ANY, /^\/:locale\/api\/orders\/:orderId\/payments(\/:paymentId\/refund)?$/, STAFF /* orders.pay */],
  [ANY, /^\/:locale\/api\/orders\//, 'bearer'],
  // The back office, area by area.
  [ANY, /^\/account\/dashboard$/, DASHBOARD /* dashboard.view */],
  [READ, /^\/:locale\/account\/dashboard\/orders$/, STAFF /* orders.view */],
  [
    WRITE,
    /^\/:locale\/account\/dashboard\/orders\/allocate$/,
    STAFF /* orders.edit: incoming stock to waiting orders */,
  ],
  [READ, /^\/:locale\/account\/dashboard\/invoices$/, STAFF /* orders.view: invoices due */],
  [ANY, /^\/:locale\/account\/dashboard\/backorders(\/|$)/, STAFF /* orders.view; orders.edit */],
  [READ, /^\/admin\/orders\/detail\/:orderId(\/containers)?$/, STAFF /* orders.view */],
  [ANY, /^\/(:locale\/)?admin\/orders\//, STAFF /* orders.edit */],
  [ANY, /^\/:locale\/admin\/quotes(\/|$)/, STAFF /* quotes.manage */],
  [ANY, /^\/:locale\/admin\/returns(\/|$)/, STAFF /* orders.view; steps orders.edit, the refund orders.pay */],
  [ANY, /^\/account\/dashboard\/customers\/new$/, STAFF /* customers.edit: "Add customer" */],
  [READ, /^\/account\/dashboard\/customers(\/:personId)?$/, STAFF /* customers.view */],
  [ANY, /^\/account\/dashboard\/customers\//, STAFF /* customers.edit */],
  [ANY, /^\/:locale\/admin\/(leads|settings\/person)/, STAFF /* customers.view */],
  [ANY, /^\/:locale\/admin\/permissions/, ADMIN /* permissions.edit */],
  [ANY, /^\/:locale\/admin\/services$/, ADMIN /* services.view */],
  [ANY, /^\/:locale\/admin\/logs$/, ADMIN /* logs.view */],
  [ANY, /^\/:locale\/account\/dashboard\/reports/, STAFF /* reports.view */],
  [ANY, /^\/:locale\/account\/dashboard\/calendar/, STAFF /* calendar.edit */],
  [ANY, /^\/:locale\/instructional\/editor/, ADMIN /* instructionals.edit */],
  [
    WRITE,
    /^\/:locale\/account\/dashboard\/producteditor\/product\/:productId\/distributor-price$/,
    DASHBOARD /* products.edit or dashboard.view */,
  ],
  [ANY, /^\/:locale\/account\/dashboard\/producteditor/, STAFF /* products.edit */],
  [ANY, /^\/:locale\/account\/dashboard\/fitment(\/|$)/, STAFF /* products.edit: fitment rows and import */],
  [ANY, /^\/:locale\/account\/dashboard\/core-tax(\/|$)/, STAFF /* products.edit: where core deposits are taxed */],
  [WRITE, /^\/:locale\/account\/dashboard\/media\/upload$/, STAFF /* media.edit or products.edit */],
  [ANY, /^\/(:locale\/account\/dashboard\/media|dev\/image-uploader)/, ADMIN /* media.edit */],
  [ANY, /^\/:locale\/account\/dashboard\/promotions\/:id\/edit$/, ADMIN /* promotions.edit: editing one */],
  [ANY, /^\/:locale\/account\/dashboard\/promotions/, ADMIN /* promotions.edit */],
  [ANY, /^\/:locale\/account\/dashboard\/warehouses\/add$/, ADMIN /* warehouses.manage */],
  [ANY, /^\/:locale\/account\/dashboard\/warehouses\/:id\/lead-time$/, ADMIN /* warehouses.manage */],
  [ANY, /^\/:locale\/account\/dashboard\/warehouses/, ['warehouse', 'admin'] /* warehouses.manage or inventory.edit */],
  [ANY, /^\/api\/organization\/:org\/warehouse\/:warehouse\/regenkey$/, ADMIN /* warehouses.manage */],
  [ANY, /^\/:locale\/account\/dashboard\/integrations/, ADMIN /* webhooks.edit */],
  [ANY, /^\/translation\//, ADMIN /* translations.edit */],
];
const needOf = (method: string, path: string): Need | undefined =>
  POLICY.find(([m, p]) => m.test(method) && p.test(path))?.[2];

/** What the policy expects for this person: through, 401 (not signed in, or no bearer token) or 403. */
function expectedFor(need: Need, w: Who): 'allow' | 401 | 403 {
  if (need === 'public') return 'allow';
  if (need === 'api-key' || w.name === 'anonymous') return 401;
  if (need === 'signed-in' || need === 'bearer') return 'allow';
  return need.includes(w.name) ? 'allow' : 403;
}

describe('route permissions: every route against a hand-written policy', function () {
  this.timeout(240_000);
  let routes: MountedRoute[];
  let who: Who[];

  before(async () => {
    const app = await testServer();
    routes = mountedRoutes(app.express);
    const anon = await agent();
    who = [{ name: 'anonymous', a: anon, token: await csrf(anon, '/en-us/') }];
    for (const [name, email] of ACCOUNTS) {
      const { a, token } = await signedIn(email);
      who.push({ name, a, token, bearer: await apiToken(a) });
    }
  });

  it('walks the mounted routes', () => {
    expect(routes.length).to.be.greaterThan(100);
  });

  it('has a line of the hand-written policy for every mounted route', () => {
    const uncovered = routes.filter((r) => !needOf(r.method, r.path)).map(show);
    expect(uncovered, 'add a line to POLICY in this test for each').to.deep.equal([]);
  });

  /** What `w` should get for `row`, by the hand-written policy (the route only names itself). */
  const expected = (row: MountedRoute, w: Who): 'allow' | 401 | 403 =>
    expectedFor(needOf(row.method, row.path) ?? 'api-key', w);

  async function request(row: MountedRoute, w: Who) {
    const path = sample(row.path);
    let req = w.a[row.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete'](path).redirects(0);
    if (/\/api\/orders\//.test(row.path) && w.bearer) req = req.set('Authorization', `Bearer ${w.bearer}`);
    if (row.method !== 'GET') req = req.set('X-CSRF-Token', w.token).set('X-Requested-With', 'XMLHttpRequest').send({});
    return req;
  }

  function verdict(
    row: MountedRoute,
    w: Who,
    res: { status: number; headers: Record<string, string> },
    want: 'allow' | 401 | 403,
  ): string | null {
    const at = `${show(row)} as ${w.name}: got ${res.status}`;
    if (res.status === 500) return `${at} (a server error)`;
    const toSignIn = res.status === 401 || (res.status === 302 && /\/login$/.test(res.headers.location ?? ''));
    if (want === 'allow') return toSignIn || res.status === 403 ? `${at}, the policy allows it` : null;
    if (want === 401) return toSignIn ? null : `${at}, want 401 or a redirect to sign-in`;
    return res.status === 403 || res.status === 404 ? null : `${at}, want 403 or 404`;
  }

  it('answers every GET route as the hand-written policy says, for anonymous and each demo account', async () => {
    const failures: string[] = [];
    let allowed = 0;
    let refused = 0;
    for (const row of routes.filter((r) => r.method === 'GET')) {
      const results = await Promise.all(who.map(async (w) => ({ w, res: await request(row, w) })));
      for (const { w, res } of results) {
        const want = expected(row, w);
        if (want === 'allow') allowed++;
        else refused++;
        const bad = verdict(row, w, res, want);
        if (bad) failures.push(bad);
      }
    }
    expect(failures, failures.join('\n')).to.deep.equal([]);
    // Both sides really ran: the demo accounts differ.
    expect(allowed).to.be.greaterThan(100);
    expect(refused).to.be.greaterThan(100);
  });

  it('refuses every state-changing route to anonymous and to accounts the policy refuses, before any handler', async () => {
    const failures: string[] = [];
    let refused = 0;
    for (const row of routes.filter((r) => r.method !== 'GET')) {
      const targets = who.filter((w) => expected(row, w) !== 'allow');
      const results = await Promise.all(targets.map(async (w) => ({ w, res: await request(row, w) })));
      for (const { w, res } of results) {
        refused++;
        const bad = verdict(row, w, res, expected(row, w));
        if (bad) failures.push(bad);
      }
    }
    expect(failures, failures.join('\n')).to.deep.equal([]);
    expect(refused).to.be.greaterThan(100);
  });

  it('keeps the accounts signed in through the walk (nothing above signed anyone out)', async () => {
    for (const w of who.slice(1)) {
      const res = await w.a.get('/en-us/account').redirects(0);
      expect(res.status, w.name).to.equal(200);
    }
  });
});
