/** Promotions over HTTP: table sorted by column 7 descending, create with validation, carts apply it as a type-5 line, an ended one stops applying; editing. */
import { expect } from 'chai';
import { agent, csrf, signIn, type Agent } from '../helpers/http.ts';
import { testServer } from '../helpers/server.ts';

const BASE = '/en-us/account/dashboard/promotions';
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

describe('promotions (HTTP)', function () {
  this.timeout(60_000);
  let a: Agent;
  let token: string;
  const created: number[] = [];
  before(async () => {
    a = await agent();
    await signIn(a, 'admin@example.com');
    token = await csrf(a, BASE);
  });
  // Promotions apply to every cart: never leave one running for the other tests.
  after(async () => {
    if (created.length)
      await (await testServer()).database.pool.query(
        "update promotions set ends_at = now(), starts_at = least(starts_at, now() - interval '1 second') where id = any($1)",
        [created],
      );
  });

  it('refuses the wrong user and bad input', async () => {
    const anon = await agent();
    expect((await anon.get(BASE).set('Accept', 'application/json')).status).to.equal(401);
    const staff = await agent();
    await signIn(staff, 'staff@example.com');
    expect((await staff.get(`${BASE}/create`)).status).to.equal(403);
    const st = await csrf(staff, '/en-us/account');
    expect(
      (await staff.post(`${BASE}/create`).type('form').send({ _csrf: st, name: 'x', value: '5' })).status,
    ).to.equal(403);
    const bad = await a
      .post(`${BASE}/create`)
      .type('form')
      .send({ _csrf: token, name: '', value: '-3', starts_at: '2026-13-45', ends_at: '', code: 'bad code!' });
    expect(bad.status).to.equal(400);
    expect(bad.text).to.include('data-testid="field-error-name"');
    expect(bad.text).to.include('data-testid="field-error-value"');
    expect(bad.text).to.include('data-testid="field-error-starts_at"');
    expect(bad.text).to.include('data-testid="field-error-code"');
    const json = await a
      .post(`${BASE}/create`)
      .set('X-CSRF-Token', token)
      .set('Accept', 'application/json')
      .send({ name: 'Backwards', value: '5', starts_at: day(3), ends_at: day(1) });
    expect(json.status).to.equal(400);
    expect(json.body.error.fields).to.have.property('ends_at');
    expect(
      (await a.post(`${BASE}/abc/end`).set('X-CSRF-Token', token).set('Accept', 'application/json')).status,
    ).to.equal(400);
    expect(
      (await a.post(`${BASE}/99999999/end`).set('X-CSRF-Token', token).set('Accept', 'application/json')).status,
    ).to.equal(404);
  });

  it('creates a promotion that carts apply as a type-5 line; ended, it stops applying', async () => {
    const res = await a
      .post(`${BASE}/create`)
      .type('form')
      .send({
        _csrf: token,
        name: 'HTTP Test — $7 off',
        code: 'httptest7',
        value: '7',
        starts_at: day(-1),
        ends_at: day(2),
        active: '1',
        priority: '3',
      });
    expect(res.status).to.equal(303);
    const { rows } = await (await testServer()).database.pool.query<{
      id: number;
      configuration: unknown;
      code: string;
    }>("select id, configuration, code from promotions where name = 'HTTP Test — $7 off'");
    created.push(rows[0].id);
    expect(rows[0].configuration).to.deep.equal([{ actions: [{ type: 'amount_off', value: 7 }] }]);
    expect(rows[0].code).to.equal('HTTPTEST7');
    const dup = await a
      .post(`${BASE}/create`)
      .set('X-CSRF-Token', token)
      .set('Accept', 'application/json')
      .send({ name: 'Again', code: 'HTTPTEST7', value: '1' });
    expect(dup.status).to.equal(409);
    expect(dup.body.error.fields).to.have.property('code');

    const table = await a.get(BASE);
    expect(table.text).to.include('data-sort="7" data-dir="desc"');
    const codes = [...table.text.matchAll(/data-code="([^"]*)"/g)].map((m) => m[1]);
    expect(codes[0]).to.equal('HTTPTEST7'); // newest first
    const byName = await a.get(`${BASE}?sort=1&dir=asc`);
    const names = [...byName.text.matchAll(/<tr data-testid="promotion-row"[^>]*>\s*<td><a [^>]*>([^<]*)</g)].map(
      (m) => m[1],
    );
    expect(names.length).to.be.greaterThan(3);
    expect(names).to.deep.equal(
      [...names].sort((x, y) => x.localeCompare(y, 'en', { sensitivity: 'base' })).map((x) => x),
    );

    // A shopper's cart gets the promotion as a line of type 5.
    const shopper = await agent();
    const st = await csrf(shopper, '/en-us/cart');
    const { rows: plain } = await (await testServer()).database.pool.query<{ id: number }>(
      "select p.id from products p where status = 0 and not exists (select 1 from product_options o where o.product_id = p.id) and availability = 'in_stock' order by id limit 1",
    );
    const add = await shopper
      .post('/en-us/cart/add/inline')
      .set('X-CSRF-Token', st)
      .set('Accept', 'application/json')
      .send({ product_id: plain[0].id, quantity: 1 });
    expect(add.status, JSON.stringify(add.body)).to.equal(200);
    const sync = await shopper.get('/en-us/cart/synchronize').set('Accept', 'application/json');
    const promo = sync.body.line_items.find(
      (l: { line_type: number; promotion_id: number }) => l.line_type === 5 && l.promotion_id === rows[0].id,
    );
    expect(promo, JSON.stringify(sync.body.line_items)).to.not.equal(undefined);
    expect(Number(promo.total)).to.equal(-7);

    const end = await a.post(`${BASE}/${rows[0].id}/end`).set('X-CSRF-Token', token).set('Accept', 'application/json');
    expect(end.status).to.equal(200);
    const line = sync.body.line_items.find((l: { line_type: number }) => l.line_type === 0);
    const put = await shopper
      .put(`/en-us/cart/${line.order_line_item_id}`)
      .set('X-CSRF-Token', st)
      .set('Accept', 'application/json')
      .send({ quantity: 2 });
    expect(put.status).to.equal(200);
    const after = await shopper.get('/en-us/cart/synchronize').set('Accept', 'application/json');
    expect(after.body.line_items.some((l: { promotion_id: number }) => l.promotion_id === rows[0].id)).to.equal(false);
    const again = await a.get(BASE);
    expect(again.text).to.match(/data-code="HTTPTEST7" data-status="expired"/);
    const { rows: logs } = await (await testServer()).database.pool.query(
      "select action from logs where entity = 'promotion' and entity_id = $1 order by id",
      [rows[0].id],
    );
    expect(logs.map((l) => l.action)).to.deep.equal(['promotion.create', 'promotion.end']);
  });

  it('edits a promotion: the form filled in, the same rules as create, an expired one extended, logged; an unknown id is 404', async () => {
    const pool = (await testServer()).database.pool;
    const res = await a.post(`${BASE}/create`).type('form').send({
      _csrf: token,
      name: 'Edit Me',
      code: 'EDITME',
      value: '12.50',
      starts_at: '2025-01-01',
      ends_at: '2025-02-01',
      active: '1',
      priority: '2',
    });
    expect(res.status).to.equal(303);
    const [{ id }] = (await pool.query<{ id: number }>("select id from promotions where code = 'EDITME'")).rows;
    created.push(id);
    const list = await a.get(BASE);
    expect(list.text).to.include(
      `href="/en-us/account/dashboard/promotions/${id}/edit" data-testid="promotion-name">Edit Me</a>`,
    );
    expect(list.text).to.match(/data-code="EDITME" data-status="expired"/);

    const form = await a.get(`${BASE}/${id}/edit`);
    expect(form.status).to.equal(200);
    expect(form.text).to.include(`action="/en-us/account/dashboard/promotions/${id}/edit"`);
    for (const [name, value] of [
      ['name', 'Edit Me'],
      ['code', 'EDITME'],
      ['value', '12.50'],
      ['starts_at', '2025-01-01'],
      ['ends_at', '2025-02-01'],
      ['priority', '2'],
    ]) {
      expect(form.text, name).to.include(
        `name="${name}" type="${name.endsWith('_at') ? 'date' : name === 'priority' ? 'number' : 'text'}" value="${value}"`,
      );
    }
    expect(form.text).to.match(/name="active" value="1" checked/);

    // The create form's rules: bad input is 400 with the messages beside the fields, nothing saved.
    const bad = await a
      .post(`${BASE}/${id}/edit`)
      .type('form')
      .send({ _csrf: token, name: '', value: '0', code: 'EDITME', starts_at: '2025-03-01', ends_at: '2025-02-01' });
    expect(bad.status).to.equal(400);
    expect(bad.text)
      .to.include('data-testid="field-error-name"')
      .and.include('The amount must be more than 0.')
      .and.include('The end must be after the start.');
    expect(bad.text).to.include(`action="/en-us/account/dashboard/promotions/${id}/edit"`);
    const dup = await a
      .post(`${BASE}/${id}/edit`)
      .set('X-CSRF-Token', token)
      .set('Accept', 'application/json')
      .send({ name: 'Edit Me', code: 'parts25', value: '5' });
    expect(dup.status).to.equal(409);
    expect(dup.body.error.fields.code).to.equal('Another promotion already uses this code.');
    const fr = await a
      .post(`/fr-ca/account/dashboard/promotions/${id}/edit`)
      .type('form')
      .send({ _csrf: token, name: 'Edit Me', value: '0' });
    expect(fr.status).to.equal(400);
    expect(fr.text).to.not.include('The amount must be more than 0.');

    // Extending an expired promotion: it applies again (keeps its own code when unchanged).
    const ok = await a
      .post(`${BASE}/${id}/edit`)
      .type('form')
      .send({
        _csrf: token,
        name: 'Edit Me Again',
        code: 'EDITME',
        value: '9',
        starts_at: day(-1),
        ends_at: day(2),
        active: '1',
        priority: '4',
      });
    expect(ok.status).to.equal(303);
    const [row] = (
      await pool.query(
        "select name, code, configuration, priority, active, to_char(ends_at at time zone 'UTC', 'YYYY-MM-DD') as ends from promotions where id = $1",
        [id],
      )
    ).rows;
    expect(row).to.deep.equal({
      name: 'Edit Me Again',
      code: 'EDITME',
      configuration: [{ actions: [{ type: 'amount_off', value: 9 }] }],
      priority: 4,
      active: true,
      ends: day(2),
    });
    expect((await a.get(BASE)).text).to.match(/data-code="EDITME" data-status="active"/);
    const logs = (
      await pool.query(
        "select action, user_id, data->'before'->>'name' as before from logs where entity = 'promotion' and entity_id = $1 order by id",
        [id],
      )
    ).rows;
    expect(logs.map((l) => l.action)).to.deep.equal(['promotion.create', 'promotion.update']);
    expect(logs[1].before).to.equal('Edit Me');

    expect((await a.get(`${BASE}/99999999/edit`)).status).to.equal(404);
    expect(
      (await a.post(`${BASE}/99999999/edit`).type('form').send({ _csrf: token, name: 'x', value: '5' })).status,
    ).to.equal(404);
    const staff = await agent();
    await signIn(staff, 'staff@example.com');
    expect((await staff.get(`${BASE}/${id}/edit`)).status).to.equal(403);
  });

  it('the form shows "Applies to", "Free shipping" and the stacking rule (in the visitor\'s language); a save round-trips; a bad scope is 400 beside the field', async () => {
    const form = await a.get(`${BASE}/create`);
    expect(form.status).to.equal(200);
    expect(form.text)
      .to.include('data-testid="promotion-applies-to"')
      .and.include('<option value="all" selected>All goods</option>')
      .and.include('<option value="parts">Parts only</option>');
    expect(form.text)
      .to.include('name="free_shipping"')
      .and.include('Free shipping: also takes the order’s shipping off');
    expect(form.text)
      .to.include('How promotions combine')
      .and.include('Only a promotion marked free shipping removes shipping.');
    const fr = await a.get('/fr-ca/account/dashboard/promotions/create');
    expect(fr.text)
      .to.include('S’applique à')
      .and.include('Pièces seulement')
      .and.include('Livraison gratuite : retire aussi la livraison de la commande')
      .and.include('Seule une promotion marquée livraison gratuite retire la livraison.');
    const es = await a.get('/es-mx/account/dashboard/promotions/create');
    expect(es.text)
      .to.include('Se aplica a')
      .and.include('Solo refacciones')
      .and.include('Cómo se combinan las promociones');

    const res = await a
      .post(`${BASE}/create`)
      .type('form')
      .send({
        _csrf: token,
        name: 'Scope Round Trip',
        code: 'SCOPETRIP',
        value: '3',
        starts_at: day(5),
        ends_at: day(9),
        priority: '2',
        applies_to: 'parts',
        free_shipping: '1',
      });
    expect(res.status, res.text).to.equal(303);
    const pool = (await testServer()).database.pool;
    const [row] = (
      await pool.query<{ id: number; applies_to: string; free_shipping: boolean }>(
        "select id, applies_to, free_shipping from promotions where code = 'SCOPETRIP'",
      )
    ).rows;
    created.push(row.id);
    expect(row).to.deep.include({ applies_to: 'parts', free_shipping: true });
    const edit = await a.get(`${BASE}/${row.id}/edit`);
    expect(edit.text)
      .to.include('<option value="parts" selected>Parts only</option>')
      .and.match(/name="free_shipping" value="1" checked/);
    const index = await a.get(BASE);
    expect(index.text).to.match(
      /data-code="SCOPETRIP"[\s\S]*?data-applies-to="parts">Parts only <span[^>]*data-testid="promotion-free-shipping">Free shipping</,
    );
    expect(index.text).to.match(/data-code="PARTS25"[\s\S]*?data-applies-to="parts">Parts only</);

    // Saved back to all goods with no free shipping (the unticked box sends nothing).
    const back = await a
      .post(`${BASE}/${row.id}/edit`)
      .type('form')
      .send({
        _csrf: token,
        name: 'Scope Round Trip',
        code: 'SCOPETRIP',
        value: '3',
        starts_at: day(5),
        ends_at: day(9),
        priority: '2',
        applies_to: 'all',
      });
    expect(back.status).to.equal(303);
    const [after] = (await pool.query('select applies_to, free_shipping from promotions where id = $1', [row.id])).rows;
    expect(after).to.deep.equal({ applies_to: 'all', free_shipping: false });

    const bad = await a
      .post(`${BASE}/${row.id}/edit`)
      .type('form')
      .send({ _csrf: token, name: 'Scope Round Trip', value: '3', applies_to: 'tractors' });
    expect(bad.status).to.equal(400);
    expect(bad.text)
      .to.include('data-testid="field-error-applies_to"')
      .and.include('Choose what the promotion applies to: all goods or parts only.');
    const badFr = await a
      .post(`/fr-ca/account/dashboard/promotions/${row.id}/edit`)
      .type('form')
      .send({ _csrf: token, name: 'Scope Round Trip', value: '3', applies_to: 'tractors' });
    expect(badFr.status).to.equal(400);
    expect(badFr.text).to.include(
      'Choisissez à quoi la promotion s’applique : tous les articles ou les pièces seulement.',
    );
    const json = await a
      .post(`${BASE}/create`)
      .set('X-CSRF-Token', token)
      .set('Accept', 'application/json')
      .send({ name: 'Bad scope', value: '5', applies_to: 'tractors' });
    expect(json.status).to.equal(400);
    expect(json.body.error.fields.applies_to).to.equal(
      'Choose what the promotion applies to: all goods or parts only.',
    );
  });
});
