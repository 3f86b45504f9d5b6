#!/usr/bin/env node
// `npm audit --omit=dev`: prints the advisories of the production dependencies and fails on any
// high or critical one. When the audit endpoint cannot be asked (offline, or a registry mirror
// without it), it says so and does not fail: an unreachable endpoint is not a finding.
const { spawnSync } = require('node:child_process');

const run = spawnSync('npm', ['audit', '--omit=dev', '--json'], { encoding: 'utf8', timeout: 120_000 });
let report;
try {
  report = JSON.parse(run.stdout);
} catch {
  report = null;
}
const counts = report?.metadata?.vulnerabilities;
if (!counts) {
  const reason = report?.message ?? report?.error?.summary ?? (run.error?.message || run.stderr.trim().split('\n').pop() || 'no answer');
  console.log(`npm audit --omit=dev could not run (${reason}); dependency advisories were not checked.`);
  process.exit(0);
}
for (const [name, advisory] of Object.entries(report.vulnerabilities ?? {})) {
  console.log(`  ${advisory.severity.padEnd(8)} ${name} ${advisory.range ?? ''}`);
}
const summary = ['critical', 'high', 'moderate', 'low', 'info'].map((level) => `${counts[level] ?? 0} ${level}`).join(', ');
const blocking = (counts.critical ?? 0) + (counts.high ?? 0);
console.log(`npm audit --omit=dev: ${summary}${blocking ? ' - high or critical advisories must be fixed' : ''}`);
process.exit(blocking ? 1 : 0);
