import { SingleBar, Presets } from 'cli-progress';
import type { Command } from 'commander';
import type { EventStore } from '@app/event-store';
import { createProjectionTargets, type ProjectionTarget } from '@app/projections';
import type { SiteEngines } from '@app/api';
import { CliError, withEngines } from './cli-context';

export function registerProjectionCommands(program: Command): void {
  const projections = program.command('projections').description('Inspect and rebuild read models');

  projections
    .command('status')
    .description('Position and lag of every projection')
    .action(() =>
      withEngines(async (engines) => {
        const { eventStore } = engines;
        const head = await eventStore.headPosition();
        const rows = [];
        for (const target of targetsOf(engines)) {
          const checkpoint = await target.checkpoint();
          rows.push({
            projection: target.name,
            version: target.version,
            position: checkpoint?.toString() ?? '-',
            head: head?.toString() ?? '-',
            'lag (events)': await countEventsAfter(eventStore, checkpoint),
          });
        }
        console.table(rows);
      }),
    );

  projections
    .command('rebuild <name>')
    .description('Rebuild a projection from position 0 beside the live one, then switch (blue-green)')
    .action((name: string) =>
      withEngines(async (engines) => {
        const { eventStore } = engines;
        const targets = targetsOf(engines);
        const target = targets.find((candidate) => candidate.name === name);
        if (!target) throw new CliError(`Unknown projection "${name}". Known: ${targets.map((t) => t.name).join(', ')}`);
        if (!target.rebuildable)
          throw new CliError(`"${name}" is a reactor (it sends e-mail): it resumes from its checkpoint and is never rebuilt.`);
        const total = await countEventsAfter(eventStore, null);
        const bar = new SingleBar(
          { format: `${name} [{bar}] {percentage}% | {value}/{total} events | {speed} events/s | ETA {eta_formatted}`, hideCursor: true },
          Presets.shades_classic,
        );
        const started = Date.now();
        bar.start(total, 0, { speed: 0 });
        await target.rebuild({
          onProgress: (processed) => {
            const seconds = Math.max((Date.now() - started) / 1000, 0.001);
            bar.setTotal(Math.max(total, processed));
            bar.update(processed, { speed: Math.round(processed / seconds) });
          },
        });
        bar.stop();
        console.log(`Rebuilt ${name} (version ${target.version}) and switched it live.`);
      }),
    );
}

/** The read-store projections and reactors, and the search projection (its documents in the SearchIndex). */
function targetsOf(engines: SiteEngines): ProjectionTarget[] {
  return createProjectionTargets(engines.eventStore, engines.readStore, engines.projections, engines.search);
}

async function countEventsAfter(eventStore: EventStore, after: bigint | null): Promise<number> {
  let count = 0;
  let position = after;
  for (;;) {
    const page = await eventStore.readAll({ after: position, maxCount: 5000 });
    if (page.length === 0) return count;
    count += page.length;
    position = page[page.length - 1].position;
  }
}
