import { expect } from 'chai';
import { ADMIN_NAV, adminNavFor } from '../../src/http/admin-nav.ts';
import { PERMISSION_KEYS } from '../../src/db/schema/constants.ts';

const t = (k: string) => `«${k}»`;

describe('http/admin-nav', () => {
  it('every entry needs a real permission key and has a unique key', () => {
    const keys = ADMIN_NAV.map((i) => i.key);
    expect(new Set(keys).size).to.equal(keys.length);
    for (const i of ADMIN_NAV) expect(PERMISSION_KEYS as readonly string[]).to.include(i.permission);
  });

  it('lists only the entries the permissions open, translated, with the current one marked', () => {
    const all = adminNavFor(new Set(PERMISSION_KEYS), 'fr-ca', 'home', t);
    expect(all.map((l) => l.key)).to.deep.equal(ADMIN_NAV.map((i) => i.key));
    const home = all.find((l) => l.key === 'home')!;
    expect(home).to.include({ label: '«admin.nav.home»', href: '/account/dashboard', current: true });
    expect(all.filter((l) => l.current)).to.have.length(1);
    expect(adminNavFor(new Set(), 'en-us', 'home', t)).to.deep.equal([]);
  });

  it('hides an entry whose permission is missing and keeps the rest', () => {
    const without = new Set<string>(PERMISSION_KEYS.filter((k) => k !== 'dashboard.view'));
    expect(adminNavFor(without, 'en-us', undefined, t).map((l) => l.key)).not.to.include('home');
  });
});
