/**
 * Fitment in the back office over HTTP: staff with products.edit replace a part's rows from the
 * table form (a faulty row refuses the whole table, in the visitor's language); the CSV import
 * previews every row with its fault and, refused, writes nothing; applied, it writes the rows in
 * one go and skips rows already on file; each write audited. A customer is refused (403). The
 * parts are this file's own products (unique stock codes), so no other file's rows move.
 */
import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { sqlRows } from '../helpers/server.ts';
import { signedIn } from '../helpers/signed-in.ts';

const json = (token: string) => ({
  'X-CSRF-Token': token,
  'X-Requested-With': 'XMLHttpRequest',
  Accept: 'application/json',
});

async function newPart(): Promise<{ id: number; code: string }> {
  const code = `FIT-${randomUUID().slice(0, 8).toUpperCase()}`;
  const [row] = await sqlRows<{ id: number }>(
    `insert into products (title, slug, stockcode, price, currency_id, status)
     values ($1, lower($1), $1, '12.00', (select id from currencies where code = 'USD'), 0) returning id`,
    [code],
  );
  return { id: row.id, code };
}
const rowsOf = (productId: number) =>
  sqlRows<{ code: string; serial_from: string | null; serial_to: string | null }>(
    `select mm.code, f.serial_from, f.serial_to from fitments f join machine_models mm on mm.id = f.model_id
     where f.product_id = $1 order by f.serial_from nulls first`,
    [productId],
  );

describe('fitment (back office)', function () {
  this.timeout(120_000);
  let staff: Awaited<ReturnType<typeof signedIn>>;
  let a: { id: number; code: string };
  let b: { id: number; code: string };

  before(async () => {
    staff = await signedIn('staff@example.com');
    [a, b] = [await newPart(), await newPart()];
  });

  it('saves a part’s rows from the table form, replacing what was there, audited', async () => {
    const base = `/en-us/account/dashboard/fitment/products/${a.id}`;
    const page = await staff.a.get(base);
    expect(page.status).to.equal(200);
    expect(page.text).to.contain(`Fitment of ${a.code}`);
    const first = await staff.a.post(base).type('form').send({
      _csrf: staff.token,
      'rows[0][model]': 'PL-4RV',
      'rows[0][from]': '100000',
      'rows[0][to]': '149999',
      'rows[1][model]': 'PL-6RV',
      'rows[1][from]': '',
      'rows[1][to]': '',
      'rows[2][model]': '',
      'rows[2][from]': '',
      'rows[2][to]': '',
    });
    expect(first.status).to.equal(303);
    expect(await rowsOf(a.id)).to.deep.equal([
      { code: 'PL-6RV', serial_from: null, serial_to: null },
      { code: 'PL-4RV', serial_from: '100000', serial_to: '149999' },
    ]);
    const second = await staff.a
      .post(base)
      .set(json(staff.token))
      .send({ rows: [{ model: 'pl-4rv', from: '150000', to: '' }] });
    expect(second.status).to.equal(200);
    expect(second.body).to.deep.equal({ removed: 2, added: 1 });
    expect(await rowsOf(a.id)).to.deep.equal([{ code: 'PL-4RV', serial_from: '150000', serial_to: null }]);
    const [{ n }] = await sqlRows<{ n: number }>(
      `select count(*)::int as n from logs where action = 'fitment.product.save' and entity_id = $1`,
      [a.id],
    );
    expect(n).to.equal(2);
  });

  it('refuses the whole table when a row is at fault, naming the row, in French; nothing changes', async () => {
    const res = await staff.a
      .post(`/fr-ca/account/dashboard/fitment/products/${a.id}`)
      .set(json(staff.token))
      .send({
        rows: [
          { model: 'PL-4RV', from: '100000', to: '' },
          { model: 'PL-4RV', from: '150000', to: '140000' },
          { model: 'PL-9XX', from: '', to: '' },
        ],
      });
    expect(res.status).to.equal(400);
    expect(res.body.error.fields).to.deep.equal({
      'rows.1': 'Le premier numéro vient après le dernier.',
      'rows.2': 'Modèle inconnu « PL-9XX ».',
    });
    expect(await rowsOf(a.id)).to.deep.equal([{ code: 'PL-4RV', serial_from: '150000', serial_to: null }]);
  });

  const csv = (lines: string[]) => lines.join('\n');

  it('previews an import with each row’s fault, and a refused import writes nothing', async () => {
    const bad = csv([
      'model,from,to,part number',
      `PL-4RV,100000,149999,${b.code}`,
      `PL-4RV,12AB,,${b.code}`,
      `PL-8RV,,,NO-SUCH-PART`,
      `PL-6RV,200000`,
    ]);
    const preview = await staff.a
      .post('/en-us/account/dashboard/fitment/import')
      .set(json(staff.token))
      .send({ csv: bad });
    expect(preview.status).to.equal(200);
    expect(preview.body.rows.map((r: { line: number; error: string | null }) => [r.line, r.error])).to.deep.equal([
      [1, null],
      [2, 'The first serial does not match the PL-4RV serial format ######.'],
      [3, 'No part has the number “NO-SUCH-PART”.'],
      [4, 'Expected 4 columns: model, from, to, part number.'],
    ]);
    const page = await staff.a
      .post('/en-us/account/dashboard/fitment/import')
      .type('form')
      .send({ _csrf: staff.token, csv: bad });
    expect(page.status).to.equal(200);
    expect(page.text).to.contain('data-testid="fitment-preview-table"');
    expect(page.text).not.to.contain('data-testid="fitment-apply"');
    const apply = await staff.a
      .post('/en-us/account/dashboard/fitment/import/apply')
      .set(json(staff.token))
      .send({ csv: bad });
    expect(apply.status).to.equal(400);
    expect(apply.body.error.message).to.equal('Fix the rows with errors first.');
    expect(await rowsOf(b.id)).to.deep.equal([]);
  });

  it('applies a clean import in one go; the same import again adds nothing', async () => {
    const good = csv([`PL-4RV,100000,149999,${b.code}`, `PL-4RV,150000,,${a.code}`, `PL-2RC,c00001,C00999,${b.code}`]);
    const apply = await staff.a
      .post('/en-us/account/dashboard/fitment/import/apply')
      .set(json(staff.token))
      .send({ csv: good });
    expect(apply.status).to.equal(200);
    // The second line is already on file for part a (the table form saved it).
    expect(apply.body).to.deep.equal({ added: 2, skipped: 1 });
    expect(await rowsOf(b.id)).to.deep.equal([
      { code: 'PL-4RV', serial_from: '100000', serial_to: '149999' },
      { code: 'PL-2RC', serial_from: 'C00001', serial_to: 'C00999' },
    ]);
    const again = await staff.a
      .post('/en-us/account/dashboard/fitment/import/apply')
      .set(json(staff.token))
      .send({ csv: good });
    expect(again.body).to.deep.equal({ added: 0, skipped: 3 });
  });

  it('a customer may not reach the fitment pages', async () => {
    const customer = await signedIn('customer@example.com');
    expect((await customer.a.get('/en-us/account/dashboard/fitment').set(json(customer.token))).status).to.equal(403);
    const post = await customer.a
      .post(`/en-us/account/dashboard/fitment/products/${a.id}`)
      .set(json(customer.token))
      .send({ rows: [] });
    expect(post.status).to.equal(403);
  });

  it('the index lists the models and finds a part by its number', async () => {
    const page = await staff.a.get('/en-us/account/dashboard/fitment');
    expect(page.status).to.equal(200);
    expect(page.text).to.contain('PL-4RV').and.to.contain('C12345');
    const found = await staff.a.get(`/en-us/account/dashboard/fitment?part=${a.code.toLowerCase()}`);
    expect(found.status).to.equal(303);
    expect(found.headers.location).to.equal(`/en-us/account/dashboard/fitment/products/${a.id}`);
    const missing = await staff.a.get('/en-us/account/dashboard/fitment?part=NOPE-1');
    expect(missing.status).to.equal(404);
    expect(missing.text).to.contain('No part has the number “NOPE-1”.');
  });

  it('the product editor links to the part’s fitment', async () => {
    const open = await staff.a
      .post('/en-us/account/dashboard/producteditor/open')
      .type('form')
      .send({ _csrf: staff.token, product_id: String(a.id) });
    expect(open.status).to.equal(303);
    const editor = await staff.a.get(open.headers.location);
    expect(editor.status).to.equal(200);
    expect(editor.text).to.contain(`href="/en-us/account/dashboard/fitment/products/${a.id}"`);
  });
});
