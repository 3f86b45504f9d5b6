// Prints jest's totals as the one plain line CI reads: "N passed, N failed, N skipped".
// A test file that could not run at all counts as one failure, so it can never hide.
const results = require(require('path').resolve(process.argv[2]));
const brokenFiles = results.numRuntimeErrorTestSuites || 0;
const skipped = results.numPendingTests + results.numTodoTests;
console.log(`${results.numPassedTests} passed, ${results.numFailedTests + brokenFiles} failed, ${skipped} skipped`);
if (results.numTotalTests === 0) console.log('No test ran.');
process.exit(results.success && results.numTotalTests > 0 ? 0 : 1);
