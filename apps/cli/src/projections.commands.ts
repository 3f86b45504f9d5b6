import { SingleBar, Presets } from 'cli-progress';
import type { Command } from 'commander';
import type { EventStore } from '@app/event-store';
import { rebuildProjection } from '@app/projections';
import { CliError, withEngines } from './cli-context';

export function registerProjectionCommands(program: Command): void {
  const projections = program.command('projections').description('Inspect and rebuild read models');

  projections
    .command('status')
    .description('Position and lag of every projection')
    .action(() =>
      withEngines(async ({ eventStore, readStore, projections: allProjections }) => {
        const head = await eventStore.headPosition();
        const rows = [];
        for (const projection of allProjections) {
          const checkpoint = await readStore.getCheckpoint(projection.name);
          rows.push({
            projection: projection.name,
            version: projection.version,
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
      withEngines(async ({ eventStore, readStore, projections: allProjections }) => {
        const projection = allProjections.find((candidate) => candidate.name === name);
        if (!projection) throw new CliError(`Unknown projection "${name}". Known: ${allProjections.map((p) => p.name).join(', ')}`);
        if (projection.reactor)
          throw new CliError(`"${name}" is a reactor (it sends e-mail): it resumes from its checkpoint and is never rebuilt.`);
        const total = await countEventsAfter(eventStore, null);
        const bar = new SingleBar(
          { format: `${name} [{bar}] {percentage}% | {value}/{total} events | {speed} events/s | ETA {eta_formatted}`, hideCursor: true },
          Presets.shades_classic,
        );
        const started = Date.now();
        bar.start(total, 0, { speed: 0 });
        await rebuildProjection(eventStore, readStore, projection, {
          onProgress: (processed) => {
            const seconds = Math.max((Date.now() - started) / 1000, 0.001);
            bar.setTotal(Math.max(total, processed));
            bar.update(processed, { speed: Math.round(processed / seconds) });
          },
        });
        bar.stop();
        console.log(`Rebuilt ${name} (version ${projection.version}) and switched it live.`);
      }),
    );
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
