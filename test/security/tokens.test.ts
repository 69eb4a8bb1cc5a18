/**
 * Bearer tokens: stored only as sha256 with an expiry, derived for the page from the
 * session (src/features/auth/api-token.ts); expired, signed-out and password-changed tokens are 401.
 */
import { createHash } from 'node:crypto';
import { expect } from 'chai';
import { agent, apiToken, csrf, signIn } from '../helpers/http.ts';
import { sqlRows, testServer } from '../helpers/server.ts';

const sha256 = (v: string) => createHash('sha256').update(v).digest('hex');
const DAY_S = 86_400;

async function bearerStatus(token: string) {
  return (await (await agent()).get('/en-us/account').set('Authorization', `Bearer ${token}`)).status;
}

describe('bearer tokens', function () {
  this.timeout(60_000);

  it('the database holds no plain token anywhere: a sha256 and a 14-day expiry in api_tokens, the id in the session', async () => {
    const a = await agent();
    await signIn(a, 'customer@example.com');
    const token = await apiToken(a);
    expect(await bearerStatus(token)).to.equal(200);

    const tables = await sqlRows<{ t: string }>(
      `select table_name as t from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    );
    expect(tables.map((r) => r.t)).to.include.members(['session', 'api_tokens']);
    const holding: string[] = [];
    for (const { t } of tables) {
      const rows = await sqlRows(`select 1 from "${t}" x where strpos(x::text, $1) > 0 limit 1`, [token]);
      if (rows.length) holding.push(t);
    }
    expect(holding, 'tables holding the plain token').to.deep.equal([]);

    const [row] = await sqlRows<{ user_id: number; secs: number; revoked: boolean }>(
      `select user_id, extract(epoch from expires_at - now())::int as secs, revoked_at is not null as revoked from api_tokens where token_hash = $1`,
      [sha256(token)],
    );
    expect(row, 'the token is stored as its sha256').to.exist;
    expect(row.revoked).to.equal(false);
    expect(row.secs).to.be.within(14 * DAY_S - 60, 14 * DAY_S);
    const sessions = await sqlRows<{ sess: Record<string, unknown> }>(
      `select sess from session where (sess->>'apiTokenId')::int = (select id from api_tokens where token_hash = $1)`,
      [sha256(token)],
    );
    expect(sessions).to.have.length(1);
    expect(sessions[0].sess).to.not.have.property('apiToken');
  });

  it('an expired token is 401, and a session whose token expired is signed out', async () => {
    const a = await agent();
    await signIn(a, 'customer@example.com');
    const token = await apiToken(a);
    expect(await bearerStatus(token)).to.equal(200);
    await sqlRows(`update api_tokens set expires_at = now() - interval '1 second' where token_hash = $1`, [
      sha256(token),
    ]);
    const res = await (await agent()).get('/en-us/account').set('Authorization', `Bearer ${token}`);
    expect(res.status).to.equal(401);
    expect(res.body.error.code).to.equal('unauthorized');
    // The session's copy of the expiry: past it, the page is anonymous again (sign-in page).
    expect((await a.get('/en-us/account')).status).to.equal(200);
    await sqlRows(
      `update session set sess = (sess::jsonb || jsonb_build_object('apiTokenExpiresAt', 1000))::json where (sess->>'apiTokenId')::int = (select id from api_tokens where token_hash = $1)`,
      [sha256(token)],
    );
    const page = await a.get('/en-us/account');
    expect(page.status).to.equal(302);
    expect(page.headers.location).to.match(/\/login/);
  });

  it('a new sign-in gets a new token; sign-out revokes it', async () => {
    const a = await agent();
    await signIn(a, 'staff@example.com');
    const first = await apiToken(a);
    const b = await agent();
    await signIn(b, 'staff@example.com');
    const second = await apiToken(b);
    expect(second).to.not.equal(first);
    expect(await bearerStatus(first)).to.equal(200);
    const form = await csrf(a, '/en-us/account');
    const out = await a.post('/en-us/logout').type('form').send({ _csrf: form });
    expect(out.status).to.equal(303);
    expect(await bearerStatus(first)).to.equal(401);
    const [row] = await sqlRows<{ revoked: boolean }>(
      `select revoked_at is not null as revoked from api_tokens where token_hash = $1`,
      [sha256(first)],
    );
    expect(row.revoked).to.equal(true);
    expect(await bearerStatus(second), 'the other sign-in keeps its own token').to.equal(200);
  });

  it('a password change revokes every token of the account', async () => {
    const app = await testServer();
    const email = `token-reset-${Date.now()}@example.com`;
    await app.services.auth.register(
      { email, password: 'first-password-1', firstName: 'Tove', lastName: 'Lind', accountType: 'personal' } as never,
      'en-us',
    );
    const a = await agent();
    await signIn(a, email, 'first-password-1');
    const token = await apiToken(a);
    expect(await bearerStatus(token)).to.equal(200);
    const resetToken = `reset-${Date.now()}-abcdefghijklmnop`;
    await sqlRows(
      `insert into password_resets (user_id, token_hash, expires_at) select id, $2, now() + interval '1 hour' from users where email = $1`,
      [email, sha256(resetToken)],
    );
    const b = await agent();
    const form = await csrf(b, '/en-us/password/reset');
    const done = await b
      .post('/en-us/password/reset')
      .type('form')
      .send({ _csrf: form, token: resetToken, password: 'second-password-2' });
    expect(done.status).to.equal(303);
    expect(await bearerStatus(token)).to.equal(401);
    expect((await a.get('/en-us/account')).status, 'the other session is signed out').to.equal(302);
    expect(await bearerStatus(await apiToken(b)), 'the new sign-in has a working token').to.equal(200);
  });
});
