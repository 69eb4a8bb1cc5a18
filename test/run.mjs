#!/usr/bin/env node
/**
 * `npm test`: the test files split over a few mocha processes that run at the same time, each
 * with its own app and its own database (test/helpers/server.ts starts one per process), so
 * no test depends on what runs beside it and the slow browser files share the machine's cores.
 *
 * Why not `mocha --parallel`: there, root hooks run once per file, so the app and its seeded
 * database would be started and stopped for every one of ~260 files; here each process starts
 * one and keeps it for all of its files, exactly as a plain `mocha` run does.
 *
 * Each process's output is printed whole when it ends (never interleaved), then one summary:
 * "N passed, N failed, N skipped". The exit code is non-zero when any process failed.
 *
 *   node test/run.mjs [file or folder …]      TEST_JOBS=n (default: 2, at most the cores)
 */
import { spawn } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

function testFiles(target) {
  const full = path.resolve(root, target);
  if (!statSync(full).isDirectory()) return [path.relative(root, full)];
  return readdirSync(full, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((e) =>
      e.isDirectory()
        ? testFiles(path.join(full, e.name))
        : e.name.endsWith('.test.ts')
          ? [path.relative(root, path.join(full, e.name))]
          : [],
    );
}

// How long a file takes, roughly, by kind (a browser file drives Chromium through whole journeys).
const WEIGHT = {
  browser: 12,
  security: 3,
  db: 3,
  features: 2,
  http: 1.5,
  providers: 1,
  islands: 1,
  views: 1,
  domain: 0.4,
};
const weightOf = (file) =>
  (WEIGHT[file.split(path.sep)[1]] ?? 1) * Math.max(1, statSync(path.join(root, file)).size / 8000);

const targets = process.argv.slice(2);
const files = (targets.length ? targets : ['test']).flatMap(testFiles);
const jobs = Math.max(1, Math.min(Number(process.env.TEST_JOBS ?? 2), os.availableParallelism(), files.length));

// Longest first onto the least loaded process; each process then runs its files in path order.
const shards = Array.from({ length: jobs }, () => ({ files: [], load: 0 }));
for (const file of [...files].sort((a, b) => weightOf(b) - weightOf(a))) {
  const least = shards.reduce((a, b) => (b.load < a.load ? b : a));
  least.files.push(file);
  least.load += weightOf(file);
}

const mocha = path.join(root, 'node_modules', 'mocha', 'bin', 'mocha.js');
const started = Date.now();
const SUMMARY = /^(\d+) passed, (\d+) failed, (\d+) skipped$/m;

const results = await Promise.all(
  shards.map(
    (shard, i) =>
      new Promise((resolve) => {
        const child = spawn(process.execPath, [mocha, ...shard.files.sort()], {
          cwd: root,
          env: { ...process.env, TEST_SHARD: String(i + 1) },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        const out = [];
        child.stdout.on('data', (d) => out.push(d));
        child.stderr.on('data', (d) => out.push(d));
        child.on('close', (code, signal) => {
          const text = Buffer.concat(out).toString();
          process.stdout.write(
            `\n===== test process ${i + 1} of ${jobs}: ${shard.files.length} files, ${Math.round((Date.now() - started) / 1000)} s =====\n${text}`,
          );
          const m = SUMMARY.exec(text);
          // Mocha's own list of failures ("N failing" to the end), repeated after all processes.
          const failing = /^(?:\x1b\[\d+m)? {2}\d+ failing/m.exec(text);
          resolve({
            retried: text.match(/^retried: .*$/gm) ?? [],
            failures: failing ? text.slice(failing.index).replace(SUMMARY, '').trimEnd() : '',
            code: code ?? 1,
            signal,
            passed: Number(m?.[1] ?? 0),
            failed: Number(m?.[2] ?? 0),
            skipped: Number(m?.[3] ?? 0),
            summarised: !!m,
          });
        });
      }),
  ),
);

const sum = (k) => results.reduce((s, r) => s + r[k], 0);
const broken = results.filter((r) => !r.summarised).length;
process.stdout.write(
  `\n===== all ${jobs} test processes, ${files.length} files, ${Math.round((Date.now() - started) / 1000)} s =====\n`,
);
for (const [i, r] of results.entries()) {
  if (r.failures) process.stdout.write(`\n----- failures in test process ${i + 1} -----\n${r.failures}\n`);
}
const retried = results.flatMap((r) => r.retried);
if (retried.length)
  process.stdout.write(`\n${retried.length} test(s) passed only when tried again:\n${retried.join('\n')}\n`);
if (broken) process.stdout.write(`${broken} test process(es) ended without a summary (crashed or killed)\n`);
process.stdout.write(`${sum('passed')} passed, ${sum('failed')} failed, ${sum('skipped')} skipped\n`);
process.exit(results.some((r) => r.code !== 0 || !r.summarised) ? 1 : 0);
