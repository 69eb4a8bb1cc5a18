/**
 * The parts area over HTTP against the seeded app: index search, explorer page, components JSON,
 * callout and part html, 404 for unknown ids, and the staff's callout edits (guarded, validated,
 * audited).
 */
import { expect } from 'chai';
import { agent, csrf, signIn, type Agent } from '../helpers/http.ts';
import { productIdByStockcode, testServer } from '../helpers/server.ts';

const json = (a: Agent, path: string) =>
  a.get(path).set('Accept', 'application/json').set('X-Requested-With', 'XMLHttpRequest');

async function diagramIdOf(title: string): Promise<number> {
  const { rows } = await (await testServer()).database.pool.query<{ id: number }>(
    'select id from parts_diagrams where title like $1',
    [`%${title}%`],
  );
  return rows[0].id;
}

describe('parts explorer (HTTP)', function () {
  let rowUnit: number;
  let seedMeter: number;
  before(async () => {
    rowUnit = await diagramIdOf('Row Unit');
    seedMeter = await diagramIdOf('Seed Meter');
  });

  it('the index lists at least three diagrams and searches by machine, part number and part name', async () => {
    const a = await agent();
    const all = await a.get('/en-us/parts');
    expect(all.status).to.equal(200);
    expect((all.text.match(/data-testid="diagram-card"/g) ?? []).length).to.be.at.least(3);
    const byCode = await a.get('/en-us/parts?q=ht-clv');
    expect(byCode.text).to.contain('Quick Hitch');
    expect(byCode.text).not.to.contain('Row Unit');
    const byName = await a.get('/en-us/parts?q=seed%20plate');
    expect(byName.text).to.contain('Seed Meter').and.to.contain('Row Unit');
    const none = await a.get('/en-us/parts?q=zzzz-nothing');
    expect(none.text).to.contain('data-testid="parts-empty"');
  });

  it('every demo diagram lists only buyable parts under each callout, one has six or more callouts', async () => {
    const a = await agent();
    const { rows } = await (await testServer()).database.pool.query<{ id: number }>(
      'select id from parts_diagrams order by id',
    );
    let most = 0;
    for (const { id } of rows) {
      const res = await json(a, `/en-us/parts/${id}/components`);
      expect(res.status).to.equal(200);
      const callouts = new Set(res.body.map((c: { callout: string }) => c.callout));
      most = Math.max(most, callouts.size);
      for (const callout of callouts) {
        const list = await json(a, `/en-us/parts/${id}/callout/${encodeURIComponent(String(callout))}`);
        expect(list.status).to.equal(200);
        // A callout with one part has it ticked; with alternatives the person chooses (none ticked).
        const parts = (list.body.html.match(/data-testid="callout-include"/g) ?? []).length;
        const ticked = (list.body.html.match(/ checked data-testid="callout-include"/g) ?? []).length;
        expect(ticked, `diagram ${id} callout ${callout}`).to.equal(parts === 1 ? 1 : 0);
      }
    }
    expect(most).to.be.at.least(6);
  });

  it('components carry the spec fields in image pixels', async () => {
    const res = await json(await agent(), `/en-us/parts/${rowUnit}/components`);
    const blade = res.body.find((c: { product: { stockcode: string } }) => c.product.stockcode === 'PP-DOB-15');
    expect(blade).to.include({
      callout: '1',
      product_id: await productIdByStockcode('PP-DOB-15'),
      x1: 505,
      y1: 495,
      x2: 715,
      y2: 705,
    });
    expect(blade).to.have.property('product_diagram_component_id').that.is.a('number');
  });

  it('callout html lists its parts with channel prices; part html has the add-to-cart form and where-used', async () => {
    const a = await agent();
    const callout = await json(a, `/en-us/parts/${seedMeter}/callout/2`);
    expect(callout.body.html).to.contain('DEMO-SEED-PLATE').and.to.contain('SP-SOY-60').and.to.contain('$38.50');
    const plate = await productIdByStockcode('DEMO-SEED-PLATE');
    const part = await json(a, `/en-us/parts/${seedMeter}/part/${plate}`);
    expect(part.status).to.equal(200);
    expect(part.body.html).to.contain('data-testid="part-add-form"').and.to.contain('action="/en-us/cart/add/inline"');
    expect(part.body.html).to.contain('data-testid="where-used"').and.to.contain('Row Unit');
    const cad = await agent();
    const token = await csrf(cad, '/en-ca/');
    await cad.post('/en-ca/channel/CA').type('form').send({ country: 'CA', _csrf: token });
    const caPart = await json(cad, `/en-ca/parts/${seedMeter}/part/${plate}`);
    expect(caPart.body.html).to.match(/CA\$|\$\s?[0-9]/);
  });

  it('the explorer page renders the map, the keyboard part list and a deep-linked callout', async () => {
    const res = await (await agent()).get(`/fr-ca/parts/${rowUnit}?callout=4&zoom=1`);
    expect(res.status).to.equal(200);
    expect(res.text).to.contain('data-behaviour="parts-explorer"');
    expect((res.text.match(/data-testid="parts-list-row"/g) ?? []).length).to.be.at.least(10);
    expect(res.text).to.contain('data-testid="callout-parts" data-callout="4"');
    expect(res.text).to.contain('"zoom":1').and.to.contain('"min":-4,"max":2');
  });

  it('unknown or malformed diagram, callout and part ids answer 404', async () => {
    const a = await agent();
    const plate = await productIdByStockcode('DEMO-SEED-PLATE');
    const hitchOnly = await productIdByStockcode('HT-CLV');
    for (const path of [
      '/en-us/parts/999999',
      '/en-us/parts/abc',
      '/en-us/parts/999999/components',
      `/en-us/parts/${rowUnit}/callout/99`,
      `/en-us/parts/999999/callout/1`,
      `/en-us/parts/${rowUnit}/part/999999`,
      `/en-us/parts/${rowUnit}/part/${hitchOnly}`,
      `/en-us/parts/999999/part/${plate}`,
      '/en-us/parts/0/components',
    ]) {
      const res = await json(a, path);
      expect(res.status, path).to.equal(404);
      expect(res.body.error.code, path).to.equal('not_found');
    }
    expect((await a.get('/en-us/parts/999999')).status).to.equal(404);
  });

  describe('staff callout editing', () => {
    const post = async (a: Agent, path: string, body: Record<string, unknown>) => {
      const token = await csrf(a, '/en-us/parts');
      return a
        .post(path)
        .set('X-Requested-With', 'XMLHttpRequest')
        .set('Accept', 'application/json')
        .set('X-CSRF-Token', token)
        .send(body);
    };

    it('refuses anonymous visitors (401) and customers (403)', async () => {
      const anon = await agent();
      expect(
        (await post(anon, `/en-us/parts/${rowUnit}/callouts/move`, { callout: '1', x1: 1, y1: 1, x2: 9, y2: 9 }))
          .status,
      ).to.equal(401);
      const customer = await agent();
      await signIn(customer, 'buyer@acme.example'); // a customer: other suites sign in as customer@example.com, and sign-ins are limited to ten per email in five minutes
      expect(
        (
          await post(customer, `/en-us/parts/${rowUnit}/components`, {
            callout: '1',
            stockcode: 'HT-PIN-1',
            x1: 1,
            y1: 1,
            x2: 9,
            y2: 9,
          })
        ).status,
      ).to.equal(403);
      const page = await customer.get(`/en-us/parts/${rowUnit}`);
      expect(page.text).not.to.contain('data-testid="parts-editor"');
    });

    it('staff link, move, change and unlink a part; bad rectangles and unknown codes are 400 with field errors', async () => {
      const a = await agent();
      await signIn(a, 'staff@example.com');
      const hitch = await diagramIdOf('Quick Hitch');
      expect((await a.get(`/en-us/parts/${hitch}`)).text).to.contain('data-testid="parts-editor"');
      const bad = await post(a, `/en-us/parts/${hitch}/components`, {
        callout: '5',
        stockcode: 'HT-PIN-1',
        x1: 50,
        y1: 50,
        x2: 40,
        y2: 60,
      });
      expect(bad.status).to.equal(400);
      expect(bad.body.error.fields).to.have.property('x2');
      const unknown = await post(a, `/en-us/parts/${hitch}/components`, {
        callout: '5',
        stockcode: 'NOPE-0',
        x1: 10,
        y1: 10,
        x2: 40,
        y2: 60,
      });
      expect(unknown.status).to.equal(400);
      expect(unknown.body.error.fields).to.have.property('stockcode');
      const outside = await post(a, `/en-us/parts/${hitch}/components`, {
        callout: '5',
        stockcode: 'HT-PIN-1',
        x1: 10,
        y1: 10,
        x2: 4000,
        y2: 60,
      });
      expect(outside.status).to.equal(400);

      const created = await post(a, `/en-us/parts/${hitch}/components`, {
        callout: '5',
        stockcode: 'tl-tqw',
        quantity: 1,
        x1: 40,
        y1: 600,
        x2: 140,
        y2: 700,
      });
      expect(created.status).to.equal(201);
      const id = created.body.product_diagram_component_id;
      const moved = await post(a, `/en-us/parts/${hitch}/callouts/move`, {
        callout: '5',
        x1: 50,
        y1: 610,
        x2: 160,
        y2: 720,
      });
      expect(moved.body).to.deep.equal({ moved: 1 });
      let list = await json(a, `/en-us/parts/${hitch}/components`);
      expect(
        list.body.find((c: { product_diagram_component_id: number }) => c.product_diagram_component_id === id),
      ).to.include({ callout: '5', x1: 50, y2: 720 });
      const put = await post(a, `/en-us/parts/${hitch}/components/${id}`, {
        _method: 'put',
        callout: '6',
        stockcode: 'TL-TQW',
        quantity: 2,
        x1: 50,
        y1: 610,
        x2: 160,
        y2: 720,
      });
      expect(put.status).to.equal(200);
      const del = await post(a, `/en-us/parts/${hitch}/components/${id}`, { _method: 'delete' });
      expect(del.status).to.equal(200);
      list = await json(a, `/en-us/parts/${hitch}/components`);
      expect(
        list.body.some((c: { product_diagram_component_id: number }) => c.product_diagram_component_id === id),
      ).to.equal(false);
      const again = await post(a, `/en-us/parts/${hitch}/components/${id}`, { _method: 'delete' });
      expect(again.status).to.equal(404);
      const { rows } = await (await testServer()).database.pool.query(
        "select action from logs where entity = 'diagram' and entity_id = $1 order by id",
        [hitch],
      );
      expect(rows.map((r) => r.action)).to.include.members([
        'diagram.component.create',
        'diagram.callout.move',
        'diagram.component.update',
        'diagram.component.delete',
      ]);
    });
  });
});
