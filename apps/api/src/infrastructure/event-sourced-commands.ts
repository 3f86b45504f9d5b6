import { Inject, Injectable } from '@nestjs/common';
import {
  appendEvents,
  decideAndAppend,
  loadStream,
  type CommandContext,
  type CommandOutcome,
  type EventStore,
  type ExpectedRevision,
  type StreamDecider,
  WrongExpectedRevisionError,
} from '@app/event-store';
import { DomainError } from '@app/domain';
import { ProjectionRunner, type ReadModelName } from '@app/projections';
import { SiteMetrics, type CommandOutcomeLabel } from '../metrics/site-metrics';
import { markStaleReadModels } from '../http/read-your-writes';
import { withRequestCorrelation } from '../http/request-id';
import { EVENT_STORE } from './tokens';

type AnyEvent = { type: string; data: unknown };

/** How long a command waits for its read models before it answers anyway (marked stale). */
const SETTLE_TIMEOUT_MS = 2_000;

/** The write loop (libs/event-store/decide-and-append) bound to the site's event store, plus read-your-writes. */
@Injectable()
export class EventSourcedCommands {
  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    private readonly runner: ProjectionRunner,
    private readonly metrics: SiteMetrics,
  ) {}

  load<State, Event extends AnyEvent>(streamName: string, decider: Pick<StreamDecider<State, unknown, Event>, 'initialState' | 'evolve'>) {
    return loadStream(this.eventStore, streamName, decider);
  }

  execute<State, Command, Event extends AnyEvent>(
    streamName: string,
    decider: StreamDecider<State, Command, Event>,
    command: Command,
    context: CommandContext,
  ): Promise<CommandOutcome<Event>> {
    const name = commandName(command);
    return decideAndAppend(this.eventStore, streamName, decider, command, withRequestCorrelation(context)).then(
      (outcome) => {
        this.metrics.recordCommand(name, outcome.events.length ? 'accepted' : 'unchanged');
        return outcome;
      },
      (error: unknown) => {
        this.metrics.recordCommand(name, failureOutcome(error));
        throw error;
      },
    );
  }

  /** Appends events decided elsewhere (reservations use `no_stream` to claim a name once). */
  append(streamName: string, events: readonly AnyEvent[], expectedRevision: ExpectedRevision, context: CommandContext) {
    return appendEvents(this.eventStore, streamName, events, expectedRevision, withRequestCorrelation(context));
  }

  /**
   * Read-your-writes: waits (bounded) until the named read models have applied `position`, so
   * the next read of the client already shows the command's effect. When the wait runs out, the
   * answer says so (X-Read-Your-Writes: stale, with the lagging read models) and the metric
   * counts it: a command never answers with stale reads silently.
   */
  async settle(position: bigint | null, readModels: readonly ReadModelName[]): Promise<void> {
    if (position === null) return;
    const lagging = await this.runner.lagging(position, readModels, SETTLE_TIMEOUT_MS);
    if (lagging.length === 0) return;
    this.metrics.recordStaleReadModels(lagging);
    markStaleReadModels(lagging);
  }
}

function commandName(command: unknown): string {
  const type = (command as { type?: unknown } | null)?.type;
  return typeof type === 'string' ? type : 'unknown';
}

function failureOutcome(error: unknown): CommandOutcomeLabel {
  if (error instanceof DomainError) return 'rejected';
  return error instanceof WrongExpectedRevisionError ? 'conflict' : 'failed';
}
