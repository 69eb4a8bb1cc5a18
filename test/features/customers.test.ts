/** Back-office customers: search, the customer page, the customer address edit screen and "Add customer". */
import { expect } from 'chai';
import { agent, csrf, signIn, type Agent } from '../helpers/http.ts';
import { sqlRows } from '../helpers/server.ts';

const query = sqlRows;
const personIds = (html: string) => [...html.matchAll(/data-person-id="(\d+)"/g)].map((m) => Number(m[1]));

describe('customers /account/dashboard/customers', () => {
  let staff: Agent;
  before(async () => {
    staff = await agent();
    await signIn(staff, 'staff@example.com');
  });

  it('finds people by name, email, phone and organisation', async () => {
    const [hannah] = await query<{ id: number }>(`select id from persons where email = 'hannah.schmidt@example.net'`);
    expect(personIds((await staff.get('/account/dashboard/customers?q=hannah')).text)).to.include(hannah.id);
    expect(personIds((await staff.get('/account/dashboard/customers?q=Hannah%20Sch')).text)).to.deep.equal([hannah.id]);
    expect(personIds((await staff.get('/account/dashboard/customers?q=hannah.schmidt%40')).text)).to.deep.equal([
      hannah.id,
    ]);
    const [buyer] = await query<{ id: number; phone: string }>(
      `select id, phone from persons where email = 'buyer@acme.example'`,
    );
    expect(personIds((await staff.get('/account/dashboard/customers?q=acme')).text)).to.include(buyer.id);
    if (buyer.phone)
      expect(
        personIds((await staff.get(`/account/dashboard/customers?q=${encodeURIComponent(buyer.phone)}`)).text),
      ).to.include(buyer.id);
    const none = await staff.get('/account/dashboard/customers?q=zzzz-nobody');
    expect(none.text).to.include('data-testid="empty-state"');
  });

  it('lists no staff account among the customers: admin, staff and the warehouse operator are absent, a distributor is there', async () => {
    const idOf = async (email: string) =>
      (await query<{ id: number }>(`select id from persons where email = $1`, [email]))[0].id;
    for (const [q, email] of [
      ['Reyes', 'admin@example.com'],
      ['Whitfield', 'staff@example.com'],
      ['riley', 'warehouse@example.com'],
    ] as const) {
      expect(personIds((await staff.get(`/account/dashboard/customers?q=${q}`)).text), email).not.to.include(
        await idOf(email),
      );
    }
    const everyone = personIds((await staff.get('/account/dashboard/customers')).text);
    expect(everyone).not.to.include(await idOf('admin@example.com'));
    expect(personIds((await staff.get('/account/dashboard/customers?q=distributor%40example.com')).text)).to.include(
      await idOf('distributor@example.com'),
    );
  });

  it('shows a customer with addresses, organisation, orders and payments', async () => {
    const [buyer] = await query<{ id: number }>(`select id from persons where email = 'buyer@acme.example'`);
    const res = await staff.get(`/account/dashboard/customers/${buyer.id}`);
    expect(res.status).to.equal(200);
    expect(res.text).to.include('data-testid="customer-addresses"');
    expect(res.text).to.match(/data-testid="customer-organisation"><strong>Acme Farms/);
    expect(res.text).to.include('data-testid="customer-orders"');
    expect(res.text).to.include('data-testid="customer-payments"');
    expect((await staff.get('/account/dashboard/customers/99999999')).status).to.equal(404);
    expect((await staff.get('/account/dashboard/customers/abc').set('Accept', 'application/json')).status).to.equal(
      400,
    );
  });

  it('staff edit an address; the change is saved and logged, bad input is refused with field errors', async () => {
    const [row] = await query<{ person_id: number; id: number }>(
      `select p.id as person_id, a.id from persons p join addresses a on a.user_id = p.user_id where p.email = 'customer@example.com' order by a.id limit 1`,
    );
    const path = `/account/dashboard/customers/${row.person_id}/addresses/${row.id}/edit`;
    const page = await staff.get(path);
    expect(page.status).to.equal(200);
    const token = await csrf(staff, path);
    const good = {
      _csrf: token,
      firstName: 'Casey',
      lastName: 'Customer',
      address1: '42 Field Road',
      city: 'Ames',
      countryCode: 'US',
      regionCode: 'IA',
      postalCode: '50010',
      phone: '515-555-0199',
    };
    const res = await staff.post(path).type('form').send(good);
    expect(res.status).to.equal(303);
    const [saved] = await query<{ address1: string; region_code: string }>(
      `select address1, region_code from addresses where id = $1`,
      [row.id],
    );
    expect(saved).to.deep.equal({ address1: '42 Field Road', region_code: 'IA' });
    const logs = await query<{ data: { after: Record<string, string> } }>(
      `select data from logs where entity = 'address' and entity_id = $1 order by id desc limit 1`,
      [row.id],
    );
    expect(logs[0].data.after.address1).to.equal('42 Field Road');

    const bad = await staff
      .post(path)
      .type('form')
      .send({ ...good, address1: '', regionCode: 'ZZ' });
    expect(bad.status).to.equal(400);
    expect(bad.text).to.include('data-testid="field-error-address1"');
    const wrongRegion = await staff
      .post(path)
      .type('form')
      .send({ ...good, regionCode: 'ON' });
    expect(wrongRegion.status).to.equal(400);
    expect(wrongRegion.text).to.include('data-testid="field-error-regionCode"');
    const [unchanged] = await query<{ region_code: string }>(`select region_code from addresses where id = $1`, [
      row.id,
    ]);
    expect(unchanged.region_code).to.equal('IA');
    // Another person's address through this person's URL is not found.
    const [other] = await query<{ id: number }>(
      `select id from addresses where user_id <> (select user_id from persons where id = $1) limit 1`,
      [row.person_id],
    );
    expect(
      (await staff.get(`/account/dashboard/customers/${row.person_id}/addresses/${other.id}/edit`)).status,
    ).to.equal(404);
  });

  it('is refused to customers and to users without customers.edit', async () => {
    const customer = await agent();
    await signIn(customer, 'customer@example.com');
    expect((await customer.get('/account/dashboard/customers')).status).to.equal(403);
    expect((await customer.get('/account/dashboard/customers/1')).status).to.equal(403);
    const wh = await agent();
    await signIn(wh, 'warehouse@example.com');
    expect((await wh.get('/account/dashboard/customers/1/addresses/1/edit')).status).to.equal(403);
    const token = await csrf(wh, '/account/dashboard');
    expect(
      (await wh.post('/account/dashboard/customers/1/addresses/1/edit').type('form').send({ _csrf: token })).status,
    ).to.equal(403);
  });

  it('adds a customer: a customer account with no permissions, a first address, logged by the staff member; duplicates and bad input refused', async () => {
    const index = await staff.get('/account/dashboard/customers');
    expect(index.text).to.include('href="/account/dashboard/customers/new" data-testid="customer-add"');
    const form = await staff.get('/account/dashboard/customers/new');
    expect(form.status).to.equal(200);
    const token = await csrf(staff, '/account/dashboard/customers/new');
    const good = {
      _csrf: token,
      firstName: 'Ada',
      lastName: 'Quinn',
      email: 'Ada.Quinn@Example.com',
      phone: '515-555-0777',
      organization: 'Acme Farms',
      address1: '9 Silo Lane',
      city: 'Ames',
      postalCode: '50010',
      countryCode: 'US',
      regionCode: 'IA',
    };

    const missing = await staff
      .post('/account/dashboard/customers/new')
      .type('form')
      .send({ ...good, email: '', city: '' });
    expect(missing.status).to.equal(400);
    expect(missing.text)
      .to.include('data-testid="field-error-email">Email is required.')
      .and.include('data-testid="field-error-city">Enter a city.');
    expect(missing.text).to.include('value="Ada"');
    const region = await staff
      .post('/account/dashboard/customers/new')
      .type('form')
      .send({ ...good, regionCode: 'ON' });
    expect(region.status).to.equal(400);
    expect(region.text).to.include('data-testid="field-error-regionCode"');
    const taken = await staff
      .post('/account/dashboard/customers/new')
      .type('form')
      .send({ ...good, email: 'customer@example.com' });
    expect(taken.status).to.equal(409);
    expect(taken.text).to.include('data-testid="field-error-email">An account with this email already exists.');
    // Someone slipping staff fields in gets a customer all the same.
    const res = await staff
      .post('/account/dashboard/customers/new')
      .type('form')
      .send({ ...good, role: 'admin', permissions: 'permissions.edit' });
    expect(res.status).to.equal(303);
    const [person] = await query<{
      id: number;
      user_id: number;
      org: string;
      role: string;
      perms: number;
      email: string;
    }>(
      `select p.id, p.user_id, o.name as org, u.role, u.email, (select count(*)::int from user_permissions x where x.user_id = u.id) as perms
         from persons p join users u on u.id = p.user_id left join organisations o on o.id = p.organisation_id where u.email = 'ada.quinn@example.com'`,
    );
    expect(res.headers.location).to.equal(`/account/dashboard/customers/${person.id}`);
    expect({ org: person.org, role: person.role, perms: person.perms }).to.deep.equal({
      org: 'Acme Farms',
      role: 'customer',
      perms: 0,
    });
    const addr = await query<{ address1: string; region_code: string; person_id: number; is_default: boolean }>(
      `select address1, region_code, person_id, is_default from addresses where user_id = $1`,
      [person.user_id],
    );
    expect(addr).to.deep.equal([
      { address1: '9 Silo Lane', region_code: 'IA', person_id: person.id, is_default: true },
    ]);
    const [log] = await query<{ by: string }>(
      `select u.email as by from logs l join users u on u.id = l.user_id where l.action = 'user.create' and l.entity_id = $1`,
      [person.user_id],
    );
    expect(log.by).to.equal('staff@example.com');
    const page = await staff.get(`/account/dashboard/customers/${person.id}`);
    expect(page.text).to.include('Ada Quinn was added.').and.include('9 Silo Lane');
    // No address when the street is empty.
    const bare = await staff
      .post('/account/dashboard/customers/new')
      .type('form')
      .send({ _csrf: token, firstName: 'Bo', lastName: 'Lind', email: 'bo.lind@example.com', city: 'Ames' });
    expect(bare.status).to.equal(303);
    expect(
      await query(
        `select a.id from addresses a join users u on u.id = a.user_id where u.email = 'bo.lind@example.com'`,
      ),
    ).to.deep.equal([]);
    for (const email of ['ada.quinn@example.com', 'bo.lind@example.com']) {
      await query('delete from persons where email = $1', [email]);
      await query('delete from users where email = $1', [email]);
    }

    const customer = await agent();
    await signIn(customer, 'customer@example.com');
    expect((await customer.get('/account/dashboard/customers/new')).status).to.equal(403);
  });
});
