/**
 * The product editor's core charge over HTTP: staff set a part's core deposit, change it and
 * clear it through an editor session (stored on products.core_charge); zero, a negative or a
 * non-amount is refused naming the field (400), nothing written.
 */
import { expect } from 'chai';
import { sqlRows } from '../helpers/server.ts';
import { signedIn } from '../helpers/signed-in.ts';

const BASE = '/en-us/account/dashboard/producteditor';

const part = (code: string, extra: Record<string, unknown> = {}) => ({
  title: `Reman housing ${code}`,
  slug: `reman-housing-${code.toLowerCase()}`,
  stockcode: code,
  sku: '',
  gtin: '',
  status: 0,
  inventory_type: 'stocked',
  availability: 'in_stock',
  price: '240.00',
  description: '',
  categories: {},
  images: [],
  options: [],
  distributors: [],
  channels: [],
  ...extra,
});
const stored = async (code: string) =>
  (await sqlRows<{ core_charge: string | null }>(`select core_charge from products where stockcode = $1`, [code]))[0];

describe('product editor: core charge', function () {
  this.timeout(60_000);
  let staff: Awaited<ReturnType<typeof signedIn>>;
  const post = (path: string, body: unknown) =>
    staff.a
      .post(`${BASE}${path}`)
      .set({ 'X-CSRF-Token': staff.token, 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' })
      .send(body as object);

  before(async () => {
    staff = await signedIn('staff@example.com');
  });

  it('sets a core charge of $85.00 on create, changes it to $92.50, then clears it', async () => {
    const created = await post('/create', { updateData: part('CORE-PE-1', { core_charge: '85' }) });
    expect(created.status, JSON.stringify(created.body)).to.equal(201);
    expect(created.body.data.core_charge).to.equal('85.00');
    expect(await stored('CORE-PE-1')).to.deep.equal({ core_charge: '85.00' });
    const auditId = created.body.data.product_audit_id;
    const changed = await post(`/${auditId}/update`, { updateData: { ...created.body.data, core_charge: '92.50' } });
    expect(changed.status, JSON.stringify(changed.body)).to.equal(200);
    expect(await stored('CORE-PE-1')).to.deep.equal({ core_charge: '92.50' });
    const cleared = await post(`/${auditId}/update`, { updateData: { ...changed.body.data, core_charge: '' } });
    expect(cleared.status, JSON.stringify(cleared.body)).to.equal(200);
    expect(cleared.body.data.core_charge).to.equal('');
    expect(await stored('CORE-PE-1')).to.deep.equal({ core_charge: null });
  });

  it("sets a channel's own core charge, which its product page shows instead of the base one", async () => {
    const [{ id: us }] = await sqlRows<{ id: number }>(`select id from channels where code = 'US'`);
    const channel = { channel_id: us, price: '240.00', price_category: 'retail', selectedWarehouses: [] };
    const created = await post('/create', {
      updateData: part('CORE-PE-2', { core_charge: '85.00', channels: [{ ...channel, core_charge: '79.90' }] }),
    });
    expect(created.status, JSON.stringify(created.body)).to.equal(201);
    expect(created.body.data.channels[0].core_charge).to.equal('79.90');
    const id = created.body.data.product_id;
    const page = await staff.a.get(`/en-us/products/${id}`);
    expect(page.text).to.match(/data-testid="core-deposit">[^<]*<strong>\$79\.90<\/strong>/);
    const zero = await post('/create', {
      updateData: part('CORE-PE-3', { channels: [{ ...channel, core_charge: '0' }] }),
    });
    expect(zero.status).to.equal(400);
    expect(await stored('CORE-PE-3')).to.equal(undefined);
  });

  for (const bad of ['0', '0.00', '-5', 'eighty']) {
    it(`refuses a core charge of ${JSON.stringify(bad)}, naming the field, writing nothing`, async () => {
      const code = `CORE-PE-BAD-${bad.replace(/[^a-z0-9]/gi, 'x')}`;
      const res = await post('/create', { updateData: part(code, { core_charge: bad }) });
      expect(res.status).to.equal(400);
      expect(res.body.error.fields).to.have.property('core_charge');
      expect(await stored(code)).to.equal(undefined);
    });
  }
});
