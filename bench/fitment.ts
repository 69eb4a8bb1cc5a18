/**
 * `npm run bench:fitment [-- --rows 10000 --runs 3]` — the back office's fitment CSV import: how
 * long the preview and the apply of a 10,000-row CSV take, over a fresh database with the demo
 * data (embedded, or a new database on DATABASE_URL's server), calling the import's service
 * functions in this process as its routes do (the CSV as pasted; parsing, checks, the duplicate
 * lookup, the insert and its audit row). Every row is valid and new: the demo parts over and over,
 * each with its own serial range of the PL-4RV. A refused import (the same CSV with bad rows) is
 * timed too (every bad row named, nothing written), and the same file applied twice (all skipped).
 *
 * Writes `fitment_import` in bench/results.json. The target (issue's Done-when): preview and
 * apply each under 10 s.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { execSync } from 'node:child_process';
import { cpus, totalmem } from 'node:os';

const { openDatabase } = await import('../src/db/client.ts');
const { applyMigrations } = await import('../src/db/migrate.ts');
const { seed } = await import('../src/db/seed/index.ts');
const { createTestDb, dbMode } = await import('../src/db/scratch.ts');
const { PRODUCTS } = await import('../src/db/seed/catalog-data.ts');
const { applyFitmentCsv, previewFitmentCsv } = await import('../src/features/machines/fitment-admin.ts');

const here = path.dirname(fileURLToPath(import.meta.url));
const { values: args } = parseArgs({
  options: { rows: { type: 'string', default: '10000' }, runs: { type: 'string', default: '3' } },
});
const ROWS = Math.max(1, Number(args.rows) || 10_000);
const RUNS = Math.max(1, Math.min(20, Number(args.runs) || 3));
const TARGET_MS = 10_000;

/** `rows` distinct, valid lines: part i % parts, PL-4RV serials 100000+i… (a range of one serial each). */
function csvOf(rows: number, offset: number, bad = 0): string {
  const lines = ['model,from,to,part number'];
  for (let i = 0; i < rows; i++) {
    const serial = String(100000 + offset + i);
    const code = PRODUCTS[i % PRODUCTS.length].stockcode;
    // Every 1000th row of a refused import is wrong in one of three ways.
    if (bad && i % Math.floor(rows / bad) === 0) {
      const kind = (i / Math.floor(rows / bad)) % 3;
      lines.push(
        kind === 0
          ? `PL-9ZZ,${serial},,${code}`
          : kind === 1
            ? `PL-4RV,12AB,,${code}`
            : `PL-4RV,${serial},,NO-SUCH-PART`,
      );
    } else lines.push(`PL-4RV,${serial},${serial},${code}`);
  }
  return lines.join('\n');
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const round = (n: number) => Math.round(n * 10) / 10;

async function main() {
  const fresh = await createTestDb('bench-fitment');
  const database = await openDatabase({ databaseUrl: fresh.databaseUrl, dataDir: fresh.dataDir });
  try {
    await applyMigrations(database.db);
    await seed(database.db);
    const [{ id: staff }] = (
      await database.pool.query<{ id: number }>(`select id from users where email = 'admin@example.com'`)
    ).rows;
    const count = async () =>
      (await database.pool.query<{ n: number }>('select count(*)::int as n from fitments')).rows[0].n;

    const preview: number[] = [];
    const apply: number[] = [];
    const refused: number[] = [];
    const again: number[] = [];
    let refusedErrors = 0;
    for (let run = 0; run < RUNS; run++) {
      // Each run imports new serials: nothing it adds is on file yet.
      const csv = csvOf(ROWS, run * ROWS);
      let t0 = performance.now();
      const p = await previewFitmentCsv(database.db, csv);
      preview.push(performance.now() - t0);
      if (p.rows.some((r) => r.error) || p.writes.length !== ROWS)
        throw new Error('the bench CSV should be all new, valid rows');
      const before = await count();
      t0 = performance.now();
      const done = await applyFitmentCsv(database.db, csv, staff);
      apply.push(performance.now() - t0);
      if (done.added !== ROWS || (await count()) !== before + ROWS) throw new Error(`apply added ${done.added}`);
      // The same file again: every row is found on file and skipped.
      t0 = performance.now();
      const twice = await applyFitmentCsv(database.db, csv, staff);
      again.push(performance.now() - t0);
      if (twice.added !== 0) throw new Error(`the same import again added ${twice.added}`);

      const bad = csvOf(ROWS, (RUNS + run) * ROWS, 10);
      const beforeBad = await count();
      t0 = performance.now();
      try {
        await applyFitmentCsv(database.db, bad, staff);
        throw new Error('an import with bad rows was applied');
      } catch (e) {
        const fields = (e as { fields?: { csv?: string } }).fields;
        if (!fields?.csv) throw e;
        refusedErrors = (fields.csv.match(/Line \d+:/g) ?? []).length;
      }
      refused.push(performance.now() - t0);
      if ((await count()) !== beforeBad) throw new Error('a refused import wrote rows');
    }
    const row = {
      name: `fitment import: ${ROWS} rows`,
      rows: ROWS,
      runs: RUNS,
      preview_ms: round(median(preview)),
      apply_ms: round(median(apply)),
      again_ms: round(median(again)),
      refused_ms: round(median(refused)),
      refused_errors: refusedErrors,
      slowest_ms: round(Math.max(...preview, ...apply, ...again, ...refused)),
      target_ms: TARGET_MS,
      met: Math.max(...preview, ...apply) < TARGET_MS,
    };
    let commit: string | null = null;
    try {
      commit = execSync('git rev-parse --short HEAD', { cwd: here }).toString().trim();
    } catch {
      // Not a checkout: no commit to name.
    }
    const file = path.join(here, 'results.json');
    const results = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
    results.fitment_import ??= {};
    results.fitment_import[dbMode()] = {
      date: new Date().toISOString(),
      commit,
      machine: { cpus: cpus().length, memory_gb: Math.round((totalmem() / 2 ** 30) * 10) / 10 },
      node: process.version,
      db: dbMode(),
      method: `service calls in this process (previewFitmentCsv, applyFitmentCsv) over the demo data; median of ${RUNS} runs, each a new ${ROWS}-row CSV applied, then applied again (all rows on file); refused: the same size with 10 bad rows`,
      results: [row],
    };
    writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
    console.log(`fitment import, ${ROWS} rows (${dbMode()}, median of ${RUNS})`);
    console.log(
      `  preview ${row.preview_ms} ms, apply ${row.apply_ms} ms, again (all on file) ${row.again_ms} ms, refused import ${row.refused_ms} ms (${refusedErrors} rows named)`,
    );
    console.log(
      `  target: each under ${TARGET_MS} ms — ${row.met ? 'met' : 'MISSED'}. Written to bench/results.json (fitment_import)`,
    );
  } finally {
    await database.close().catch(() => undefined);
    await fresh.drop().catch(() => undefined);
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err instanceof Error ? err.stack : err);
    process.exit(1);
  },
);
