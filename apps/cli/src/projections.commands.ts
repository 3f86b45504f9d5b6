import { SingleBar, Presets } from 'cli-progress';
import type { Command } from 'commander';
import { createProjectionTargets, ParkedEventNotFound, parkedEvents, projectionFailures, type ProjectionTarget } from '@app/projections';
import type { SiteEngines } from '@app/api';
import { CliError, withEngines } from './cli-context';

export function registerProjectionCommands(program: Command): void {
  const projections = program.command('projections').description('Inspect and rebuild read models');

  projections
    .command('status')
    .description('Position, lag, parked events and failures of every projection')
    .action(() =>
      withEngines(async (engines) => {
        const { eventStore } = engines;
        const head = await eventStore.headPosition();
        const parked = await parkedEvents(engines.readStore);
        // Recorded by the process that runs the projections (this one runs none).
        const failures = await projectionFailures(engines.readStore);
        const rows = [];
        for (const target of targetsOf(engines)) {
          const checkpoint = await target.checkpoint();
          const failure = failures.find((candidate) => candidate.id === target.name);
          rows.push({
            projection: target.name,
            version: target.version,
            state: failure ? `failing (${failure.category})` : 'ok',
            position: checkpoint?.toString() ?? '-',
            head: head?.toString() ?? '-',
            'lag (events)': await eventStore.countAfter(checkpoint),
            parked: parked.filter((event) => event.projection === target.name).length,
          });
        }
        console.table(rows);
        if (failures.length > 0) {
          console.log('Failing projections (held at their position, retrying by themselves):');
          console.table(
            failures.map((failure) => ({
              projection: failure.id,
              category: failure.category,
              since: failure.since,
              lastTriedAt: failure.lastTriedAt,
              position: failure.checkpoint ?? '-',
              error: failure.error,
            })),
          );
        }
        if (parked.length === 0) return;
        console.log('Parked events (resolve with `projections retry|skip <projection> <position>`):');
        console.table(
          parked.map((event) => ({
            projection: event.projection,
            position: event.position,
            event: `${event.eventType} ${event.eventId}`,
            stream: event.streamName,
            attempts: event.attempts,
            parkedAt: event.parkedAt,
            error: event.error,
          })),
        );
      }),
    );

  projections
    .command('retry <name> <position>')
    .description('Apply a parked event through its projection again; it is resolved when that succeeds')
    .action((name: string, position: string) =>
      withEngines(async (engines) => {
        await resolving(engines, name, position, (target, at) => target.parked.retry(at));
        console.log(`Applied the parked event at ${position} to ${name}.`);
      }),
    );

  projections
    .command('skip <name> <position>')
    .description('Drop a parked event: the projection stays without it')
    .action((name: string, position: string) =>
      withEngines(async (engines) => {
        await resolving(engines, name, position, (target, at) => target.parked.skip(at));
        console.log(`Skipped the parked event at ${position} of ${name}.`);
      }),
    );

  projections
    .command('rebuild <name>')
    .description('Rebuild a projection from position 0 beside the live one, then switch (blue-green)')
    .action((name: string) =>
      withEngines(async (engines) => {
        const { eventStore } = engines;
        const target = targetNamed(engines, name);
        if (!target.rebuildable)
          throw new CliError(`"${name}" is a reactor (it sends e-mail): it resumes from its checkpoint and is never rebuilt.`);
        const total = await eventStore.countAfter(null);
        const bar = new SingleBar(
          { format: `${name} [{bar}] {percentage}% | {value}/{total} events | {speed} events/s | ETA {eta_formatted}`, hideCursor: true },
          Presets.shades_classic,
        );
        const started = Date.now();
        bar.start(total, 0, { speed: 0 });
        const rebuilt = await target.rebuild({
          onProgress: (processed) => {
            const seconds = Math.max((Date.now() - started) / 1000, 0.001);
            bar.setTotal(Math.max(total, processed));
            bar.update(processed, { speed: Math.round(processed / seconds) });
          },
        });
        bar.stop();
        if (rebuilt.outcome === 'busy') {
          const until = rebuilt.expiresAt ? ` (its lease runs until ${rebuilt.expiresAt.toISOString()} unless renewed)` : '';
          throw new CliError(`Another process is rebuilding ${name}${until}: it switches when done. Try again later if it stops.`);
        }
        console.log(`Rebuilt ${name} (version ${target.version}) and switched it live.`);
      }),
    );
}

function targetNamed(engines: SiteEngines, name: string): ProjectionTarget {
  const targets = targetsOf(engines);
  const target = targets.find((candidate) => candidate.name === name);
  if (!target) throw new CliError(`Unknown projection "${name}". Known: ${targets.map((t) => t.name).join(', ')}`);
  return target;
}

async function resolving(
  engines: SiteEngines,
  name: string,
  position: string,
  resolve: (target: ProjectionTarget, position: bigint) => Promise<void>,
): Promise<void> {
  const target = targetNamed(engines, name);
  if (!/^\d+$/.test(position)) throw new CliError(`A position is a whole number, not "${position}"`);
  try {
    await resolve(target, BigInt(position));
  } catch (error) {
    if (error instanceof ParkedEventNotFound) throw new CliError(error.message);
    throw new CliError(`Still failing, kept parked: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** The read-store projections and reactors, and the search projection (its documents in the SearchIndex). */
function targetsOf(engines: SiteEngines): ProjectionTarget[] {
  return createProjectionTargets(engines.eventStore, engines.readStore, engines.projections, engines.search);
}
