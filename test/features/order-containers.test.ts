/** The containers screen: pack an order's lines into containers per warehouse, never beyond a line's quantity. */
import { expect } from 'chai';
import { agent, csrf, signIn, type Agent } from '../helpers/http.ts';
import { sqlRows } from '../helpers/server.ts';

const query = sqlRows;

describe('containers /admin/orders/detail/{id}/containers', () => {
  let staff: Agent;
  before(async () => {
    staff = await agent();
    await signIn(staff, 'staff@example.com');
  });

  it('staff add a container for a warehouse, pack a line into it, and cannot pack more than the line has', async () => {
    const [line] = await query<{
      order_id: number;
      id: number;
      quantity: number;
      warehouse_id: number;
    }>(`select order_id, id, quantity, warehouse_id from order_line_items
      where line_type = 0 and warehouse_id is not null and quantity >= 2 and order_id > 20 order by order_id desc limit 1`);
    const path = `/admin/orders/detail/${line.order_id}/containers`;
    expect((await staff.get(path)).status).to.equal(200);
    const token = await csrf(staff, path);
    expect(
      (
        await staff
          .post(path)
          .type('form')
          .send({ _csrf: token, warehouse_id: String(line.warehouse_id), label: 'Pallet A' })
      ).status,
    ).to.equal(303);
    const [container] = await query<{ id: number }>(
      `select id from order_containers where order_id = $1 order by id desc limit 1`,
      [line.order_id],
    );
    const ok = await staff
      .post(`${path}/pack`)
      .type('form')
      .send({
        _csrf: token,
        container: String(container.id),
        line_item_id: String(line.id),
        quantity: String(line.quantity - 1),
      });
    expect(ok.status).to.equal(303);
    const page = await staff.get(path);
    expect(page.text).to.match(new RegExp(`data-line-id="${line.id}">[\\s\\S]*?data-testid="line-left">1<`));
    const tooMany = await staff
      .post(`${path}/pack`)
      .type('form')
      .send({
        _csrf: token,
        container: String(container.id),
        line_item_id: String(line.id),
        quantity: String(line.quantity + 1),
      });
    expect(tooMany.status).to.equal(400);
    expect(tooMany.text).to.include('more units than the line has left');
    // The screen speaks the visitor's language, the message included.
    await staff.get('/fr-ca/');
    const fr = await staff
      .post(`${path}/pack`)
      .type('form')
      .send({
        _csrf: token,
        container: String(container.id),
        line_item_id: String(line.id),
        quantity: String(line.quantity + 1),
      });
    await staff.get('/en-us/');
    expect(fr.status).to.equal(400);
    expect(fr.text).to.include(
      'data-testid="form-error">C’est plus d’unités qu’il n’en reste à emballer pour cette ligne.<',
    );
    const [{ quantity }] = await query<{ quantity: number }>(
      `select quantity from order_container_items where container_id = $1 and line_item_id = $2`,
      [container.id, line.id],
    );
    expect(quantity).to.equal(line.quantity - 1);
    // A line of another order, a bad quantity, a container of another order.
    const [other] = await query<{ id: number }>(
      `select id from order_line_items where order_id <> $1 and line_type = 0 limit 1`,
      [line.order_id],
    );
    expect(
      (
        await staff
          .post(`${path}/pack`)
          .type('form')
          .send({ _csrf: token, container: String(container.id), line_item_id: String(other.id), quantity: '1' })
      ).status,
    ).to.equal(400);
    expect(
      (
        await staff
          .post(`${path}/pack`)
          .type('form')
          .set('Accept', 'application/json')
          .send({ _csrf: token, container: String(container.id), line_item_id: String(line.id), quantity: 'lots' })
      ).status,
    ).to.equal(400);
    expect(
      (
        await staff
          .post(`/admin/orders/detail/1/containers/${container.id}/delete`)
          .type('form')
          .set('Accept', 'application/json')
          .send({ _csrf: token })
      ).status,
    ).to.equal(404);
    expect((await staff.post(`${path}/${container.id}/delete`).type('form').send({ _csrf: token })).status).to.equal(
      303,
    );
    expect(await query(`select id from order_containers where id = $1`, [container.id])).to.deep.equal([]);
    const logs = await query<{ action: string }>(
      `select action from logs where entity = 'order' and entity_id = $1 and action like 'order.container%'`,
      [line.order_id],
    );
    expect(logs.map((l) => l.action)).to.include.members([
      'order.container_create',
      'order.container_pack',
      'order.container_delete',
    ]);
  });

  it('is refused to customers and to users without orders.edit', async () => {
    const customer = await agent();
    await signIn(customer, 'customer@example.com');
    expect((await customer.get('/admin/orders/detail/1/containers')).status).to.equal(403);
    const wh = await agent();
    await signIn(wh, 'warehouse@example.com');
    const token = await csrf(wh, '/account/dashboard');
    expect(
      (
        await wh
          .post('/admin/orders/detail/1/containers')
          .type('form')
          .send({ _csrf: token, warehouse_id: '1', label: 'x' })
      ).status,
    ).to.equal(403);
  });
});
