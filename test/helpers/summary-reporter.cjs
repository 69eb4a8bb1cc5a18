// Mocha's spec reporter plus one closing line in the plain form CI reads:
// "N passed, N failed, N skipped". (CommonJS: mocha require()s reporters.)
// It also writes how long each file took to test-results/timings-<shard>.json, so the
// runner's split over processes and any slow file can be judged from a real run.
const fs = require('node:fs');
const path = require('node:path');
const Mocha = require('mocha');

class SummaryReporter extends Mocha.reporters.Spec {
  constructor(runner, options) {
    super(runner, options);
    const perFile = {};
    // Tests that failed, were tried again and then passed (browser tests get one retry: root-hooks.ts).
    const firstError = new Map();
    const retried = [];
    // Mocha runs a clone of the test on a retry: the title and file say which test it is.
    const keyOf = (test) => `${test.fullTitle()} (${test.file ? path.relative(process.cwd(), test.file) : '?'})`;
    runner.on('retry', (test, err) => {
      const key = keyOf(test);
      if (!firstError.has(key)) firstError.set(key, String(err?.message ?? err).split('\n')[0]);
    });
    runner.on('pass', (test) => {
      const key = keyOf(test);
      if (firstError.has(key)) retried.push(`${key}: first try: ${firstError.get(key)}`);
    });
    runner.on('test end', (test) => {
      const file = test.file ? path.relative(process.cwd(), test.file) : '(unknown)';
      perFile[file] = (perFile[file] || 0) + (test.duration || 0);
    });
    runner.on('hook end', (hook) => {
      const file = hook.file ? path.relative(process.cwd(), hook.file) : null;
      if (file) perFile[file] = (perFile[file] || 0) + (hook.duration || 0);
    });
    runner.once('end', () => {
      const s = runner.stats || {};
      try {
        fs.mkdirSync('test-results', { recursive: true });
        const shard = process.env.TEST_SHARD || '0';
        fs.writeFileSync(path.join('test-results', `timings-${shard}.json`), JSON.stringify(perFile, null, 1));
      } catch {
        // The timings are a convenience; a read-only tree must not fail the run.
      }
      for (const line of retried) process.stdout.write(`\nretried: ${line}`);
      process.stdout.write(`\n${s.passes || 0} passed, ${s.failures || 0} failed, ${s.pending || 0} skipped\n`);
    });
  }
}
module.exports = SummaryReporter;
