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
import { ProjectionRunner } from '@app/projections';
import { SiteMetrics, type CommandOutcomeLabel } from '../metrics/site-metrics';
import { withRequestCorrelation } from '../http/request-id';
import { EVENT_STORE } from './tokens';

type AnyEvent = { type: string; data: unknown };

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
   * Read-your-writes: waits (bounded) until the named projections have applied `position`, so
   * the next read of the client already shows the command's effect.
   */
  async settle(position: bigint | null, projections?: readonly string[]): Promise<void> {
    if (position !== null) await this.runner.waitFor(position, projections, 2_000);
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
