// Mocha's spec reporter plus one closing line in the plain form CI reads:
// "N passed, N failed, N skipped". (CommonJS: mocha require()s reporters.)
const Mocha = require('mocha');

class SummaryReporter extends Mocha.reporters.Spec {
  constructor(runner, options) {
    super(runner, options);
    runner.once('end', () => {
      const s = runner.stats || {};
      process.stdout.write(`\n${s.passes || 0} passed, ${s.failures || 0} failed, ${s.pending || 0} skipped\n`);
    });
  }
}
module.exports = SummaryReporter;
