/** The calendar's editor calls over HTTP: create, edit, move, delete, each refused to customers and to bad input. */
import { expect } from 'chai';
import { agent, csrf, signIn, type Agent } from '../helpers/http.ts';
import { testServer } from '../helpers/server.ts';

const EVENTS = '/en-us/account/dashboard/calendar/events';

describe('calendar', function () {
  this.timeout(60_000);
  let staff: Agent;
  let token: string;
  before(async () => {
    staff = await agent();
    await signIn(staff, 'staff@example.com');
    token = await csrf(staff, '/en-us/account/dashboard/calendar');
  });
  const send = (method: 'post' | 'put' | 'delete', path: string, body?: object) =>
    staff[method](path)
      .set('X-CSRF-Token', token)
      .set('X-Requested-With', 'XMLHttpRequest')
      .set('Accept', 'application/json')
      .send(body ?? {});

  it('shows seeded events, promotions and deliveries in the month view, Sunday first, times in the business zone', async () => {
    const res = await staff.get('/en-us/account/dashboard/calendar?view=month&date=2026-06-01');
    expect(res.status).to.equal(200);
    expect(res.text).to.include('data-testid="cal-month"');
    expect(res.text).to.match(/<th scope="col">Sun<\/th>\s*<th scope="col">Mon<\/th>/);
    // Planter clinic, 1 pm in Chicago (seeded as 13:00 -05:00), on June 5 and not a day off.
    expect(res.text).to.match(/data-day="2026-06-05"[\s\S]*?1:00 pm<\/span> Planter clinic/);
    expect(res.text).to.match(/data-day="2026-06-15"[\s\S]*?Des Moines inventory count[\s\S]*?data-day="2026-06-16"/);
    expect(res.text.split('data-day="2026-06-16"')[1].split('data-day="2026-06-17"')[0]).not.to.include('Des Moines');
    expect(res.text).to.include('Spring Planting');
    const [{ n }] = (
      await (
        await testServer()
      ).database.pool.query<{ n: number }>(
        `select count(*)::int n from shipment_quotes sq join orders o on o.id = sq.order_id where sq.selected and o.status not in ('cart','quote','cancelled')`,
      )
    ).rows;
    if (n > 0) {
      const { rows } = await (await testServer()).database.pool.query<{ d: string }>(
        `select to_char(min(sq.shipment_date), 'YYYY-MM-DD') d from shipment_quotes sq join orders o on o.id = sq.order_id where sq.selected and o.status not in ('cart','quote','cancelled')`,
      );
      const agenda = await staff.get(`/en-us/account/dashboard/calendar?view=agenda&date=${rows[0].d}`);
      expect(agenda.text).to.include('data-testid="cal-delivery"');
    }
  });

  it('creates, edits, moves and deletes an event, with an audit entry for each', async () => {
    const created = await send('post', EVENTS, {
      title: 'Inventory audit',
      date: '8/3/26',
      allDay: false,
      start: '08:00',
      end: '11:30',
    });
    expect(created.status, created.text).to.equal(201);
    const id = created.body.event.id as number;
    expect(created.body.event.starts_at).to.equal('2026-08-03T13:00:00.000Z'); // 8:00 in Chicago (CDT)
    const edited = await send('put', `${EVENTS}/${id}`, {
      title: 'Inventory audit (US-DSM)',
      date: '2026-08-04',
      allDay: true,
    });
    expect(edited.status).to.equal(200);
    expect(edited.body.event.all_day).to.equal(true);
    const moved = await send('post', `${EVENTS}/${id}/move`, { date: '08/10/26' });
    expect(moved.status).to.equal(200);
    expect(moved.body.event.starts_at).to.equal('2026-08-10T05:00:00.000Z');
    const page = await staff.get('/en-us/account/dashboard/calendar?view=week&date=2026-08-10');
    expect(page.text).to.include('Inventory audit (US-DSM)');
    expect((await send('delete', `${EVENTS}/${id}`)).status).to.equal(204);
    expect((await send('delete', `${EVENTS}/${id}`)).status).to.equal(404);
    const { rows } = await (await testServer()).database.pool.query<{ action: string }>(
      `select action from logs where entity = 'calendar_event' and entity_id = $1 order by id`,
      [id],
    );
    expect(rows.map((r) => r.action)).to.deep.equal([
      'calendar.create',
      'calendar.update',
      'calendar.move',
      'calendar.delete',
    ]);
  });

  it('bad input is a 400 naming the field; never a 5xx', async () => {
    const cases: [object, string][] = [
      [{ date: '08/03/26', allDay: true }, 'title'],
      [{ title: 'x', date: '02/30/26', allDay: true }, 'date'],
      [{ title: 'x', date: '13/13/26', allDay: true }, 'date'],
      [{ title: 'x', date: '01/01/2060', allDay: true }, 'date'],
      [{ title: 'x', date: '08/03/26', start: '10:00', end: '09:00' }, 'end'],
      [{ title: 'x', date: '08/03/26', endDate: '08/01/26', allDay: true }, 'endDate'],
      [{ title: 'x', date: '08/03/26', start: '25:00' }, 'start'],
      [{ title: ['a', 'b'], date: {} }, 'title'],
    ];
    for (const [body, field] of cases) {
      const res = await send('post', EVENTS, body);
      expect(res.status, JSON.stringify(body)).to.equal(400);
      expect(res.body.error.fields, JSON.stringify(body)).to.have.property(field);
    }
    expect((await send('put', `${EVENTS}/abc`, { title: 'x', date: '08/03/26', allDay: true })).status).to.equal(400);
    expect((await send('put', `${EVENTS}/999999`, { title: 'x', date: '08/03/26', allDay: true })).status).to.equal(
      404,
    );
    expect((await staff.get('/en-us/account/dashboard/calendar?view=year')).status).to.equal(400);
    expect((await staff.get('/en-us/account/dashboard/calendar?date=99/99/99')).status).to.equal(400);
  });

  it('customers are refused the calendar and its writes; a write without the CSRF token is refused', async () => {
    const customer = await agent();
    await signIn(customer, 'buyer@acme.example'); // a customer (not customer@: the suite's other tests use its ten sign-ins a window)
    const t = await csrf(customer, '/en-us/account');
    const res = await customer
      .post(EVENTS)
      .set('X-CSRF-Token', t)
      .set('Accept', 'application/json')
      .send({ title: 'x', date: '08/03/26', allDay: true });
    expect(res.status).to.equal(403);
    expect(
      (await customer.delete(`${EVENTS}/1`).set('X-CSRF-Token', t).set('Accept', 'application/json')).status,
    ).to.equal(403);
    expect(
      (await staff.post(EVENTS).set('Accept', 'application/json').send({ title: 'x', date: '08/03/26', allDay: true }))
        .status,
    ).to.equal(403);
  });
});
