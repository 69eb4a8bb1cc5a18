/**
 * The order editor edits a draft. update-item and …/draft price the draft and
 * write nothing; "Save order" (update) applies the whole draft in one transaction with the version
 * check and writes one history entry in words. Test order 13 (cloned, so no other test sees the
 * change): Torque Wrench 8 × $119.00 + Seed Plate 1 × $39.00 = $991.00, shipping $28.76, Iowa 6 %
 * $59.46 + local 1 % $9.91, total $1,089.13. One more seed plate: $1,030.00, tax $61.80 + $10.30,
 * total $1,030.00 + $28.76 + $72.10 = $1,130.86.
 */
import { expect } from 'chai';
import { agent, apiToken, csrf, signIn, type Agent } from '../helpers/http.ts';
import { cloneOrder, sqlRows } from '../helpers/server.ts';

const PLATE = 'Seed Plate — Cotton 36-cell';
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

type Line = { id: number; title: string; quantity: number; line_type: number; product_id: number | null };

async function state(id: number) {
  const [o] = await sqlRows<{ version: number; total: string; tax_exempt_id: string | null; logs: number }>(
    `select version, total::text, tax_exempt_id, (select count(*)::int from logs where entity = 'order' and entity_id = o.id) as logs from orders o where id = $1`,
    [id],
  );
  const lines = await sqlRows<Line>(
    `select id, title, quantity, line_type, product_id from order_line_items where order_id = $1 order by sort, id`,
    [id],
  );
  return { ...o, lines };
}

const asUpdate = (lines: Line[], change: Record<number, number> = {}) =>
  lines.map((l) => ({
    order_line_item_id: l.id,
    line_type: l.line_type,
    product_id: l.product_id,
    quantity: change[l.id] ?? l.quantity,
  }));

describe('order editor draft', () => {
  let staff: Agent;
  let token: string;
  before(async () => {
    staff = await agent();
    await signIn(staff, 'staff@example.com');
    token = await apiToken(staff);
  });

  it('update-item answers price, total, subtotal, quantity, last_quantity for the draft and writes nothing', async () => {
    const id = await cloneOrder(13);
    const before = await state(id);
    expect(before.total).to.equal('1089.13');
    const hitch = before.lines.find((l) => l.title === PLATE)!;
    expect(hitch.quantity).to.equal(1);
    const res = await staff
      .put(`/en-us/admin/orders/detail/${id}/update-item/${hitch.id}`)
      .set(bearer(token))
      .send({ quantity: 2, version: 1 });
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    expect(res.body).to.include({
      quantity: 2,
      last_quantity: 1,
      price: '39.00',
      total: '78.00',
      subtotal: '1030.00',
      order_total: '1130.86',
      version: 1,
    });
    expect(res.body.order.totals.total).to.equal('1130.86');
    // Nothing written: same version, quantity, total and history.
    expect(await state(id)).to.deep.equal(before);

    // In a draft that already has changes, update-item prices on top of them (last_quantity is the draft's).
    const draft = asUpdate(before.lines, { [hitch.id]: 4 });
    const again = await staff
      .put(`/en-us/admin/orders/detail/${id}/update-item/${hitch.id}`)
      .set(bearer(token))
      .send({ quantity: 5, version: 1, line_items: draft });
    expect(again.status, JSON.stringify(again.body)).to.equal(200);
    expect(again.body).to.include({ quantity: 5, last_quantity: 4 });
    expect(await state(id)).to.deep.equal(before);
  });

  it('POST …/draft prices line changes without writing; a draft with no product line is refused', async () => {
    const id = await cloneOrder(13);
    const before = await state(id);
    const hitch = before.lines.find((l) => l.title === PLATE)!;
    const res = await staff
      .post(`/en-us/api/orders/${id}/draft`)
      .set(bearer(token))
      .send({ version: 1, line_items: asUpdate(before.lines, { [hitch.id]: 2 }) });
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    expect(res.body.totals.total).to.equal('1130.86');
    expect(
      res.body.line_items.find((l: { order_line_item_id: number }) => l.order_line_item_id === hitch.id).quantity,
    ).to.equal(2);
    const none = await staff
      .post(`/en-us/api/orders/${id}/draft`)
      .set(bearer(token))
      .send({ version: 1, line_items: [], line_items_for_deletion: before.lines.map((l) => l.id) });
    expect(none.status).to.equal(400);
    expect(none.body.error.message).to.equal('An order requires line items');
    expect(await state(id)).to.deep.equal(before);
  });

  it('Save order applies the draft in one transaction and writes one history entry in words', async () => {
    const id = await cloneOrder(13);
    const before = await state(id);
    const hitch = before.lines.find((l) => l.title === PLATE)!;
    const res = await staff
      .post(`/en-us/api/orders/${id}/update`)
      .set(bearer(token))
      .send({ version: 1, line_items: asUpdate(before.lines, { [hitch.id]: 2 }) });
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    const after = await state(id);
    expect(after.total).to.equal('1130.86');
    expect(after.version).to.equal(2);
    expect(after.lines.find((l) => l.id === hitch.id)!.quantity).to.equal(2);
    expect(after.logs).to.equal(before.logs + 1);
    const [log] = await sqlRows<{ action: string; message: string }>(
      `select action, message from logs where entity = 'order' and entity_id = $1 order by id desc limit 1`,
      [id],
    );
    expect(log).to.deep.equal({
      action: 'order.update',
      message: 'Seed Plate — Cotton 36-cell: quantity 1 → 2, total $1,089.13 → $1,130.86, by staff@example.com',
    });

    // The staff page shows the entry in words, in the reader's language.
    const page = await staff.get(`/admin/orders/detail/${id}`);
    expect(page.text).to.contain(
      'Seed Plate — Cotton 36-cell: quantity 1 → 2, total $1,089.13 → $1,130.86, by staff@example.com',
    );
  });

  it('a save that fails part way writes nothing (one transaction)', async () => {
    const id = await cloneOrder(13);
    const before = await state(id);
    const hitch = before.lines.find((l) => l.title === PLATE)!;
    // The quantity is written first, then the new line's unknown product is refused: all of it rolls back.
    const res = await staff
      .post(`/en-us/api/orders/${id}/update`)
      .set(bearer(token))
      .send({
        version: 1,
        line_items: [
          ...asUpdate(before.lines, { [hitch.id]: 2 }),
          { order_line_item_id: 'new-1', line_type: 0, product_id: 999999, quantity: 1 },
        ],
      });
    expect(res.status).to.equal(404);
    expect(await state(id)).to.deep.equal(before);
  });

  it('a stale version is 409 with a clear message for the save, the draft and update-item, and writes nothing', async () => {
    const id = await cloneOrder(13);
    const before = await state(id);
    const hitch = before.lines.find((l) => l.title === PLATE)!;
    const message =
      'This order was changed by someone else after you opened it. Reload the order to see the latest version, then make your change again.';
    const session = {
      'X-CSRF-Token': await csrf(staff, `/admin/orders/detail/${id}`),
      'X-Requested-With': 'XMLHttpRequest',
      Accept: 'application/json',
    };
    const calls = [
      () =>
        staff
          .post(`/en-us/api/orders/${id}/update`)
          .set(bearer(token))
          .send({ version: 2, line_items: asUpdate(before.lines, { [hitch.id]: 2 }) }),
      () =>
        staff
          .post(`/en-us/api/orders/${id}/draft`)
          .set(bearer(token))
          .send({ version: 2, line_items: asUpdate(before.lines, { [hitch.id]: 2 }) }),
      () =>
        staff
          .put(`/en-us/admin/orders/detail/${id}/update-item/${hitch.id}`)
          .set(session)
          .send({ quantity: 2, version: 2 }),
    ];
    for (const call of calls) {
      const res = await call();
      expect(res.status).to.equal(409);
      expect(res.body.error.message).to.equal(message);
      expect(res.body.error.fields).to.deep.equal({ version: 'The order is at version 1, not 2.' });
    }
    expect(await state(id)).to.deep.equal(before);
  });
});
