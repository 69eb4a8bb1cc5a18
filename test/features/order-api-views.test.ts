/**
 * Orders API: every edit names the version it was made on (400 `version` without it,
 * 409 when stale), and a customer reading their own order does not see the staff-only fields.
 */
import { expect } from 'chai';
import { agent, apiToken, csrf, signIn, type Agent } from '../helpers/http.ts';
import { cloneOrder, sqlRows } from '../helpers/server.ts';

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const VERSION_REQUIRED = 'Send the version of the order you edited (version), as synchronize gave it.';

describe('orders API: version required, customer view', () => {
  let staff: Agent;
  let staffToken: string;
  let customer: Agent;
  let customerToken: string;
  before(async () => {
    staff = await agent();
    await signIn(staff, 'staff@example.com');
    staffToken = await apiToken(staff);
    customer = await agent();
    await signIn(customer, 'customer@example.com');
    customerToken = await apiToken(customer);
  });

  it("an edit names its version in the body or If-Match (stale: 409, junk: 400, nothing written); without one the spec's behaviour applies; a customer is 403 first", async () => {
    const id = await cloneOrder(5);
    const sync = (await staff.get(`/en-us/api/orders/${id}/synchronize`).set(bearer(staffToken))).body;
    expect(sync.version).to.equal(1);
    const [line] = sync.line_items.filter((l: { line_type: number }) => l.line_type === 0);
    const state = () =>
      sqlRows(
        `select o.version, o.notes, o.tax_exempt_id, o.shipment_method, o.total::text, (select json_agg(l.quantity order by l.id) from order_line_items l where l.order_id = o.id) as q from orders o where o.id = $1`,
        [id],
      );
    const before = await state();
    const session = {
      'X-CSRF-Token': await csrf(staff, `/admin/orders/detail/${id}`),
      'X-Requested-With': 'XMLHttpRequest',
      Accept: 'application/json',
    };
    type Edit = (
      extra: Record<string, unknown>,
      headers?: Record<string, string>,
    ) => Promise<{ status: number; body: any }>;
    const edits: [string, Edit][] = [
      [
        'update',
        (extra, h = {}) =>
          staff
            .post(`/en-us/api/orders/${id}/update`)
            .set(bearer(staffToken))
            .set(h)
            .send({ notes: 'no version', line_items: sync.line_items, ...extra }),
      ],
      [
        'tin/save',
        (extra, h = {}) =>
          staff
            .post(`/en-us/api/orders/${id}/tin/save`)
            .set(bearer(staffToken))
            .set(h)
            .send({ tax_exempt_id: 'TX-1', ...extra }),
      ],
      [
        'remove-shipping-method',
        (extra, h = {}) =>
          staff
            .post(`/en-us/api/orders/${id}/remove-shipping-method`)
            .set(bearer(staffToken))
            .set(h)
            .send({ ...extra }),
      ],
      [
        'update-item',
        (extra, h = {}) =>
          staff
            .put(`/en-us/admin/orders/detail/${id}/update-item/${line.order_line_item_id}`)
            .set(session)
            .set(h)
            .send({ quantity: line.quantity + 1, ...extra }),
      ],
    ];
    for (const [name, edit] of edits) {
      for (const extra of [{ version: 'abc' }, { version: -2 }]) {
        const res = await edit(extra);
        expect(res.status, `${name} ${JSON.stringify(extra)}`).to.equal(400);
        expect(res.body.error.fields, name).to.deep.equal({ version: VERSION_REQUIRED });
      }
      const stale = await edit({ version: 7 });
      expect(stale.status, `${name} stale`).to.equal(409);
      expect(stale.body.error.fields, name).to.deep.equal({ version: 'The order is at version 1, not 7.' });
      const staleTag = await edit({}, { 'If-Match': '"7"' });
      expect(staleTag.status, `${name} stale If-Match`).to.equal(409);
    }
    expect(await state()).to.deep.equal(before);

    // Who may edit is decided before what was sent: a customer is 403.
    const [own] = await sqlRows<{ id: number }>(
      `select o.id from orders o join users u on u.id = o.user_id where u.email = 'customer@example.com' and o.status <> 'cart' order by o.id limit 1`,
    );
    for (const path of ['update', 'tin/save', 'remove-shipping-method']) {
      expect(
        (await customer.post(`/en-us/api/orders/${own.id}/${path}`).set(bearer(customerToken)).send({ line_items: [] }))
          .status,
        path,
      ).to.equal(403);
    }

    // The spec's payload, no version: the spec's rule 'An order requires line items' answers, then the edit goes through.
    const everyLine = sync.line_items.map((l: { order_line_item_id: number }) => l.order_line_item_id);
    const empty = await staff
      .post(`/en-us/api/orders/${id}/update`)
      .set(bearer(staffToken))
      .send({ line_items: [], line_items_for_deletion: everyLine });
    expect(empty.status, JSON.stringify(empty.body)).to.equal(400);
    expect(empty.body.error.fields.line_items).to.equal('An order requires line items');
    const spec = await edits[0][1]({});
    expect(spec.status, JSON.stringify(spec.body)).to.equal(200);
    expect(spec.body.order).to.include({ version: 2, notes: 'no version' });
    // The version as If-Match, current: the edit goes through and the version moves on.
    const tagged = await staff
      .post(`/en-us/api/orders/${id}/update`)
      .set(bearer(staffToken))
      .set('If-Match', 'W/"2"')
      .send({ notes: 'by tag', line_items: spec.body.order.line_items });
    expect(tagged.status, JSON.stringify(tagged.body)).to.equal(200);
    expect(tagged.body.order).to.include({ version: 3, notes: 'by tag' });
  });

  it('a customer reads their own order without staff notes, internal references or payment tokens; staff see them', async () => {
    // Demo order 1: customer@example.com's completed card order with a staff note (src/db/seed/orders.ts).
    const [raw] = await sqlRows<{ token: string }>(
      `select payment_method_id as token from payments where order_id = 1 and payment_type = 1 order by id limit 1`,
    );
    expect(raw.token).to.be.a('string').and.not.empty;

    const staffView = await staff.get('/en-us/api/orders/1/synchronize').set(bearer(staffToken));
    expect(staffView.status).to.equal(200);
    expect(staffView.body).to.include({
      notes: 'Deliver to the machine shed; call ahead.',
      erp_id: 'SO-240001',
      processor_source: 'offline',
    });
    expect(staffView.body).to.include.keys(
      'selected_payment_method',
      'third_party_info',
      'log_count',
      'personLink',
      'creator',
    );
    expect(staffView.body.payments[0].payment_method_id).to.equal(raw.token);

    const own = await customer.get('/en-us/api/orders/1/synchronize').set(bearer(customerToken));
    expect(own.status).to.equal(200);
    for (const key of [
      'notes',
      'erp_id',
      'processor_source',
      'selected_payment_method',
      'third_party_info',
      'log_count',
      'personLink',
      'creator',
    ]) {
      expect(own.body, key).to.not.have.property(key);
    }
    for (const p of own.body.payments) expect(p).to.not.have.property('payment_method_id');
    expect(own.text)
      .to.not.include(raw.token)
      .and.not.include('Deliver to the machine shed')
      .and.not.include('SO-240001');
    // What the customer needs is all there.
    expect(own.body).to.include({ order_id: 1, status: 'completed', order_currency: 'USD' });
    expect(own.body.totals.total).to.equal(staffView.body.totals.total);
    expect(own.body.line_items).to.have.length(staffView.body.line_items.length);
    expect(own.body.ship_to).to.include({ address1: '1412 Oakwood Drive', city: 'Ames' });

    const pid = staffView.body.payments[0].payment_id;
    const staffPay = await staff.get(`/en-us/api/orders/1/payments/${pid}/get-payment-data`).set(bearer(staffToken));
    expect(staffPay.body.payment_method_id).to.equal(raw.token);
    const ownPay = await customer
      .get(`/en-us/api/orders/1/payments/${pid}/get-payment-data`)
      .set(bearer(customerToken));
    expect(ownPay.status).to.equal(200);
    expect(ownPay.body).to.not.have.property('payment_method_id');
    expect(ownPay.body).to.include({ payment_id: pid, successful: true });
  });
});
