// Prints jest's totals as the one plain line CI reads: "N passed, N failed, N skipped", over one or
// more jest result files (one per jest run). A test file that could not run at all, or a jest run that
// wrote no results, counts as one failure, so it can never hide.
const { resolve } = require('path');
const runs = process.argv.slice(2).map((file) => {
  try {
    return require(resolve(file));
  } catch {
    console.log(`No jest results in ${file}.`);
    return { success: false, numRuntimeErrorTestSuites: 1 };
  }
});
const sum = (field) => runs.reduce((total, run) => total + (run[field] || 0), 0);
const passed = sum('numPassedTests');
const failed = sum('numFailedTests') + sum('numRuntimeErrorTestSuites');
const total = sum('numTotalTests');
console.log(`${passed} passed, ${failed} failed, ${sum('numPendingTests') + sum('numTodoTests')} skipped`);
if (total === 0) console.log('No test ran.');
process.exit(runs.length > 0 && runs.every((run) => run.success) && total > 0 ? 0 : 1);
