import { expect } from 'chai';
import { agent, signIn } from '../helpers/http.ts';

const navKeys = (html: string) => [...html.matchAll(/data-nav="([^"]+)"/g)].map((m) => m[1]);

describe('back office layout', () => {
  it('frames the dashboard with the left navigation and marks the current area', async () => {
    const a = await agent();
    await signIn(a, 'admin@example.com');
    const res = await a.get('/account/dashboard');
    expect(res.status).to.equal(200);
    expect(res.text).to.include('data-testid="admin-nav"');
    expect(res.text).to.match(/<a href="\/account\/dashboard" data-nav="home" aria-current="page">/);
    expect(res.text).to.include('data-testid="page-header"');
    expect(res.text).not.to.include('data-testid="site-header"');
  });

  it('order detail uses the same frame with a back link', async () => {
    const a = await agent();
    await signIn(a, 'staff@example.com');
    const res = await a.get('/admin/orders/detail/1');
    expect(res.status).to.equal(200);
    expect(res.text).to.include('data-testid="admin-nav"');
    expect(res.text).to.include('data-testid="page-back"');
    expect(res.text).to.match(/data-testid="order-status">/);
  });

  it('a warehouse operator sees only the areas their permissions open', async () => {
    const admin = await agent();
    await signIn(admin, 'admin@example.com');
    const wh = await agent();
    await signIn(wh, 'warehouse@example.com');
    const adminKeys = navKeys((await admin.get('/account/dashboard')).text);
    const whKeys = navKeys((await wh.get('/account/dashboard')).text);
    expect(whKeys).to.include('home');
    for (const k of whKeys) expect(adminKeys).to.include(k);
  });
});
