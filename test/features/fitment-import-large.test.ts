/**
 * A 10,000-row fitment import over HTTP (no timing asserted: `npm run bench:fitment` times it):
 * the preview names each bad row's fault on its own line and marks a repeat; applying it is refused
 * and writes nothing; without the bad rows it goes in whole, and again adds nothing. The parts are
 * this file's own products, so no other file's rows move.
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
  const code = `BIG-${randomUUID().slice(0, 8).toUpperCase()}`;
  const [row] = await sqlRows<{ id: number }>(
    `insert into products (title, slug, stockcode, price, currency_id, status)
     values ($1, lower($1), $1, '12.00', (select id from currencies where code = 'USD'), 0) returning id`,
    [code],
  );
  return { id: row.id, code };
}

describe('fitment import of 10,000 rows', function () {
  this.timeout(300_000);
  let staff: Awaited<ReturnType<typeof signedIn>>;
  let parts: { id: number; code: string }[];
  const count = async () =>
    (
      await sqlRows<{ n: number }>('select count(*)::int as n from fitments where product_id = any($1::int[])', [
        parts.map((p) => p.id),
      ])
    )[0].n;

  /** Line n (1-based): PL-4RV serial 100000+n alone, for the two parts in turn. */
  const line = (n: number) => `PL-4RV,${100000 + n},${100000 + n},${parts[n % 2].code}`;
  /** The bad lines, by line number. */
  const bad: Record<number, () => string> = {
    17: () => `PL-9ZZ,,,${parts[0].code}`,
    2500: () => `PL-4RV,12AB,,${parts[0].code}`,
    6001: () => 'PL-4RV,100001,,NO-SUCH-PART',
    9999: () => `PL-4RV,190000,180000,${parts[1].code}`,
  };
  const lines = () =>
    Array.from({ length: 10_000 }, (_, i) => {
      const n = i + 1;
      if (n === 10_000) return line(1); // a repeat of the first line
      return bad[n]?.() ?? line(n);
    });
  const post = (path: string, csv: string) =>
    staff.a.post(`/en-us/account/dashboard/fitment/${path}`).set(json(staff.token)).send({ csv });

  before(async () => {
    staff = await signedIn('staff@example.com');
    parts = [await newPart(), await newPart()];
  });

  it('previews every row: the bad ones with their fault, a repeat marked, nothing written', async () => {
    const res = await post('import', lines().join('\n'));
    expect(res.status).to.equal(200);
    const rows = res.body.rows as { line: number; error: string | null; duplicate: boolean }[];
    expect(rows).to.have.length(10_000);
    expect(rows.filter((r) => r.error).map((r) => [r.line, r.error])).to.deep.equal([
      [17, 'Unknown model “PL-9ZZ”.'],
      [2500, 'The first serial does not match the PL-4RV serial format ######.'],
      [6001, 'No part has the number “NO-SUCH-PART”.'],
      [9999, 'The first serial comes after the last serial.'],
    ]);
    expect(rows.filter((r) => r.duplicate).map((r) => r.line)).to.deep.equal([10_000]);
    expect(await count()).to.equal(0);
  });

  it('refuses to apply it, naming the bad lines, and writes nothing', async () => {
    const res = await post('import/apply', lines().join('\n'));
    expect(res.status).to.equal(400);
    expect(res.body.error.message).to.equal('Fix the rows with errors first.');
    expect(res.body.error.fields.csv).to.equal(
      'Line 17: Unknown model “PL-9ZZ”. ' +
        'Line 2500: The first serial does not match the PL-4RV serial format ######. ' +
        'Line 6001: No part has the number “NO-SUCH-PART”. ' +
        'Line 9999: The first serial comes after the last serial.',
    );
    expect(await count()).to.equal(0);
    const logs = await sqlRows<{ n: number }>(
      `select count(*)::int as n from logs where action = 'fitment.import' and message like '%9995 rows%'`,
    );
    expect(logs[0].n).to.equal(0);
  });

  it('without the bad rows it goes in whole (the repeat once), and again adds nothing', async () => {
    const good = lines()
      .filter((_, i) => !bad[i + 1])
      .join('\n');
    const res = await post('import/apply', good);
    expect(res.status, res.text).to.equal(200);
    // 9996 lines: 9995 distinct rows and the repeat of line 1.
    expect(res.body).to.deep.equal({ added: 9995, skipped: 1 });
    expect(await count()).to.equal(9995);
    const again = await post('import/apply', good);
    expect(again.body).to.deep.equal({ added: 0, skipped: 9996 });
    expect(await count()).to.equal(9995);
  });
});
