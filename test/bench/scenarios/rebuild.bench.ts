import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CLI, runNode, type ChildRun } from '../support/children';
import { projectionNames } from '../support/cli-status';
import { eventLogDataDir } from '../support/event-log';
import { profilingEnv } from '../support/profiles';
import { formatNumber, type Figure, type SummaryLine } from '../support/report';
import type { Scenario } from '../support/scenario';

function cliFailure(run: ChildRun): string {
  return (run.stderr || run.stdout).trim().split('\n').slice(-3).join(' ');
}

const QUICK_PROJECTION = 'post-view';

export const rebuildScenario: Scenario = {
  id: 'rebuild',
  title: 'Rebuild of each projection, and `projections status`',
  async run({ quick, projections }) {
    const size = quick ? 50_000 : 1_000_000;
    const dataDir = mkdtempSync(join(tmpdir(), 'bench-rebuild-'));
    try {
      const { events, generatedSeconds } = await eventLogDataDir(size, dataDir);
      const env = { DATA_DIR: dataDir, NODE_ENV: 'production', LOG_LEVEL: 'warn' };

      const floor = await runNode(join(__dirname, '..', 'support', 'read-log-child.ts'), [dataDir]);
      if (floor.status !== 0) throw new Error(`reading the log failed: ${floor.stderr.slice(-500)}`);
      const floorRate = events / (floor.wallMs / 1000);

      const startup = await runNode(CLI, ['--help'], { env });
      // --quick rebuilds only the projection the table names; the full run lists them with `projections status` first.
      const firstStatus = quick || projections ? null : await runNode(CLI, ['projections', 'status'], { env });
      if (firstStatus && firstStatus.status !== 0) throw new Error(`projections status failed: ${cliFailure(firstStatus)}`);
      const names = projections ?? (firstStatus ? projectionNames(firstStatus.stdout) : [QUICK_PROJECTION]);
      if (names.length === 0) throw new Error(`no projection in the output of projections status: ${firstStatus?.stdout.slice(0, 500)}`);

      const figures: Figure[] = [];
      const summary: SummaryLine[] = [];
      const notes: string[] = [];
      const skipped: string[] = [];
      for (const name of names) {
        const rebuild = await runNode(CLI, ['projections', 'rebuild', name], { env: { ...env, ...profilingEnv(`rebuild-${name}`) } });
        if (rebuild.status !== 0) {
          const reason = cliFailure(rebuild);
          if (/reactor/.test(reason)) skipped.push(name);
          else notes.push(`rebuild ${name} FAILED: ${reason}`);
          continue;
        }
        const rate = events / (rebuild.wallMs / 1000);
        console.log(
          `  rebuilt ${name}: ${formatNumber(rate)} events/s, ${formatNumber(rebuild.peakRssMb)} MB peak RSS, ${formatNumber(rebuild.wallMs / 1000)} s`,
        );
        figures.push(
          {
            name: `rebuild ${name}: events/s`,
            value: rate,
            unit: 'events/s',
            baseline: { name: 'read + parse the log', value: floorRate },
          },
          {
            name: `rebuild ${name}: peak RSS`,
            value: rebuild.peakRssMb,
            unit: 'MB',
            baseline: { name: 'read + parse the log', value: floor.peakRssMb },
          },
        );
        summary.push({
          path: `\`projections rebuild ${name}\`, ${events.toLocaleString('en')} events`,
          measured: `${formatNumber(rate)} events/s, ${formatNumber(rebuild.peakRssMb)} MB peak RSS (${formatNumber(rebuild.wallMs / 1000)} s)`,
          target: name === 'post-view' ? '>= 20k events/s at 1M events, peak RSS < 300 MB' : '',
        });
      }
      // After the rebuilds every checkpoint sits at the head: status as an operator runs it on a caught-up site.
      const status = await runNode(CLI, ['projections', 'status'], { env: { ...env, ...profilingEnv('status') } });
      figures.push({
        name: '`projections status`',
        value: status.wallMs,
        unit: 'ms',
        baseline: { name: 'CLI start (--help)', value: startup.wallMs },
      });
      if (firstStatus)
        figures.push({
          name: '`projections status`, nothing projected yet',
          value: firstStatus.wallMs,
          unit: 'ms',
          baseline: { name: 'CLI start (--help)', value: startup.wallMs },
        });
      summary.push({
        path: `\`projections status\`, ${events.toLocaleString('en')} events`,
        measured: `${formatNumber(status.wallMs / 1000)} s (the CLI alone starts in ${formatNumber(startup.wallMs / 1000)} s)`,
        target: '< 0.5 s at 1M events',
      });
      notes.unshift(
        `A log of ${events.toLocaleString('en')} events (accounts, articles drafted/published/edited, questions, comments, likes; libs/domain shapes), ` +
          `appended through SqliteEventStore and cached under .tmp/bench/log-${size}-*` +
          (generatedSeconds === null ? ' (reused)' : ` (generated in ${formatNumber(generatedSeconds)} s)`) +
          '; each run copies it to a fresh DATA_DIR.',
        'Each rebuild is `node dist/apps/cli/main.js projections rebuild <name>` in its own process; events/s = events in the log / ' +
          'wall time of that process (start included); peak RSS = its VmHWM from /proc, polled every 20 ms.',
        `Baseline: a node process reading the log in pages of 5,000 with better-sqlite3 and parsing each event's JSON (${formatNumber(floor.wallMs / 1000)} s).`,
        ...(skipped.length > 0 ? [`Not rebuilt (reactors, resumed only): ${skipped.join(', ')}.`] : []),
        ...(quick || projections
          ? [`Rebuilt only ${names.join(', ')} (--quick rebuilds ${QUICK_PROJECTION}; the full run every projection).`]
          : []),
      );
      return { figures, summary, notes };
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
};
