/**
 * `npm run bench` runs every scenario (`-- --quick`: a small version of each, `-- --only reads,appends`:
 * some, `-- --projections post-view,home`: rebuild only these, `-- --profile`: the site's and the CLI's processes write CPU profiles, summarized at the end) and prints, per scenario, each figure beside its baseline measured in the same run and the
 * ratio; then writes docs/benchmarks.md with the machine the figures came from. A scenario that
 * fails prints FAILED and its reason, and the run goes on.
 */
import { execSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { format, resolveConfig } from 'prettier';
import { ROOT } from './support/children';
import { benchmarksMarkdown, figuresTable, summaryTable, type Machine, type ScenarioResult } from './support/report';
import type { Scenario } from './support/scenario';
import { enableProfiling, PROFILE_DIR, profileSummaries } from './support/profiles';
import { buildSiteIfChanged, describeDecision } from '../../tools/build-if-changed';
import { appendsScenario } from './scenarios/appends.bench';
import { commandsScenario } from './scenarios/commands.bench';
import { fanOutScenario } from './scenarios/fan-out.bench';
import { httpReadsScenario } from './scenarios/http-reads.bench';
import { inboxReadsScenario } from './scenarios/inbox-reads.bench';
import { lighthouseScenario } from './scenarios/lighthouse.bench';
import { liveConnectionsScenario } from './scenarios/live-connections.bench';
import { mailScenario } from './scenarios/mail.bench';
import { projectionLagScenario } from './scenarios/projection-lag.bench';
import { readsUnderWritesScenario } from './scenarios/reads-under-writes.bench';
import { rebuildScenario } from './scenarios/rebuild.bench';
import { rebuildNotificationsScenario } from './scenarios/rebuild-notifications.bench';
import { scaleOutScenario } from './scenarios/scale-out.bench';
import { searchScenario } from './scenarios/search.bench';
import { startScenario } from './scenarios/start.bench';

const SCENARIOS: Scenario[] = [
  httpReadsScenario,
  readsUnderWritesScenario,
  commandsScenario,
  scaleOutScenario,
  appendsScenario,
  rebuildScenario,
  projectionLagScenario,
  fanOutScenario,
  inboxReadsScenario,
  liveConnectionsScenario,
  rebuildNotificationsScenario,
  searchScenario,
  mailScenario,
  lighthouseScenario,
  startScenario,
];

function machine(): Machine {
  let commit = 'unknown';
  try {
    commit = execSync('git rev-parse --short HEAD', { cwd: ROOT, encoding: 'utf8' }).trim();
    if (execSync('git status --porcelain', { cwd: ROOT, encoding: 'utf8' }).trim()) commit += ' (with uncommitted changes)';
  } catch {
    // not a git checkout
  }
  return {
    cpu: cpus()[0]?.model.trim() ?? 'unknown',
    cores: cpus().length,
    ramGb: totalmem() / 1024 ** 3,
    node: process.version,
    date: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
    commit,
  };
}

function listAfter(argv: readonly string[], flag: string): string[] | null {
  return argv.includes(flag) ? (argv[argv.indexOf(flag) + 1] ?? '').split(',').filter(Boolean) : null;
}

function parseArguments(argv: readonly string[]) {
  const only = listAfter(argv, '--only');
  const unknown = only?.filter((id) => !SCENARIOS.some((scenario) => scenario.id === id)) ?? [];
  if (unknown.length > 0) throw new Error(`Unknown scenario(s) ${unknown.join(', ')}; known: ${SCENARIOS.map((s) => s.id).join(', ')}`);
  return {
    quick: argv.includes('--quick'),
    only,
    projections: listAfter(argv, '--projections'),
    write: !argv.includes('--no-write'),
    profile: argv.includes('--profile'),
  };
}

async function main(): Promise<void> {
  const { quick, only, projections, write, profile } = parseArguments(process.argv.slice(2));
  if (profile) {
    rmSync(PROFILE_DIR, { recursive: true, force: true });
    enableProfiling();
  }
  const started = performance.now();
  const about = machine();
  console.log(`npm run bench${quick ? ' --quick' : ''}: ${about.cpu}, ${about.cores} cores, Node ${about.node}, commit ${about.commit}`);
  // What `npm start` does: each build only when its sources changed.
  for (const decision of buildSiteIfChanged(ROOT)) console.log(describeDecision(decision));
  const context = { quick, projections, redisUrl: process.env.TEST_REDIS_URL ?? process.env.REDIS_URL };
  const results: { id: string; result: ScenarioResult }[] = [];
  for (const scenario of SCENARIOS.filter((candidate) => only === null || only.includes(candidate.id))) {
    console.log(`\n== ${scenario.title}`);
    const scenarioStarted = performance.now();
    let result: ScenarioResult;
    try {
      const outcome = await scenario.run(context);
      result = { title: scenario.title, ...outcome, seconds: (performance.now() - scenarioStarted) / 1000 };
      console.log(figuresTable(result.figures));
      if (result.summary.length > 0) console.log(`\n${summaryTable(result.summary)}`);
      for (const note of result.notes) console.log(`  - ${note}`);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      result = {
        title: scenario.title,
        figures: [],
        summary: [],
        notes: [],
        failed: reason,
        seconds: (performance.now() - scenarioStarted) / 1000,
      };
      console.log(`FAILED: ${reason}`);
    }
    console.log(`  (${result.seconds.toFixed(1)} s)`);
    results.push({ id: scenario.id, result });
  }
  const totalSeconds = (performance.now() - started) / 1000;
  console.log(`\nAll scenarios in ${totalSeconds.toFixed(1)} s.`);
  const profiles = profile ? profileSummaries() : [];
  for (const { file, table } of profiles) console.log(`\nCPU profile ${file}, most self time:\n${table}`);
  if (write && only === null && projections === null) {
    const file = join(ROOT, 'docs', 'benchmarks.md');
    // Formatted as `npm run lint` expects every markdown file of the repository.
    const markdown = benchmarksMarkdown({ machine: about, quick, totalSeconds, results, profiles });
    writeFileSync(file, await format(markdown, { ...(await resolveConfig(file)), filepath: file }));
    console.log('Wrote docs/benchmarks.md');
  } else if (write) {
    console.log('Only some scenarios or projections ran: docs/benchmarks.md left as it was.');
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
