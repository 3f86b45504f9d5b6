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
import { currentRequestId, withRequestCorrelation } from '../http/request-id';
import { currentKeyedRequest } from '../http/repeatable-request';
import { CLOCK, EVENT_STORE, type Clock } from './tokens';

type AnyEvent = { type: string; data: unknown };

/** What a handler says about its command; the rest (clock, causation, the Idempotency-Key's ids) is filled in here. */
export type HandlerContext = Omit<CommandContext, 'clock'> & Partial<Pick<CommandContext, 'clock'>>;

/** How long a command waits for its read models before it answers anyway (marked stale). */
const SETTLE_TIMEOUT_MS = 2_000;

/** The write loop (libs/event-store/decide-and-append) bound to the site's event store, plus read-your-writes. */
@Injectable()
export class EventSourcedCommands {
  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    private readonly runner: ProjectionRunner,
    private readonly metrics: SiteMetrics,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /**
   * The handler's context with the injected clock (the events' business time), the request as
   * correlation and causation, and, for a request with an Idempotency-Key, its RepeatableCommand.
   */
  private contextOf(context: HandlerContext): CommandContext {
    const keyed = currentKeyedRequest();
    return withRequestCorrelation({
      clock: this.clock,
      ...(keyed ? { repeatable: keyed.command } : { causationId: currentRequestId() }),
      ...context,
    });
  }

  load<State, Event extends AnyEvent>(streamName: string, decider: Pick<StreamDecider<State, unknown, Event>, 'initialState' | 'evolve'>) {
    return loadStream(this.eventStore, streamName, decider);
  }

  execute<State, Command, Event extends AnyEvent>(
    streamName: string,
    decider: StreamDecider<State, Command, Event>,
    command: Command,
    context: HandlerContext,
  ): Promise<CommandOutcome<Event>> {
    const name = commandName(command);
    return decideAndAppend(this.eventStore, streamName, decider, command, this.contextOf(context)).then(
      (outcome) => {
        if (outcome.position !== null) markAppended();
        this.metrics.recordCommand(name, outcome.events.length && !outcome.repeated ? 'accepted' : 'unchanged');
        return outcome;
      },
      (error: unknown) => {
        this.metrics.recordCommand(name, failureOutcome(error));
        throw error;
      },
    );
  }

  /** Appends events decided elsewhere (reservations use `no_stream` to claim a name once). */
  async append(streamName: string, events: readonly AnyEvent[], expectedRevision: ExpectedRevision, context: HandlerContext) {
    const position = await appendEvents(this.eventStore, streamName, events, expectedRevision, this.contextOf(context));
    markAppended();
    return position;
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

/** A keyed request that stored an event has had an effect: its key is kept for the retry even if it fails later. */
function markAppended(): void {
  const keyed = currentKeyedRequest();
  if (keyed) keyed.appended = true;
}

function commandName(command: unknown): string {
  const type = (command as { type?: unknown } | null)?.type;
  return typeof type === 'string' ? type : 'unknown';
}

function failureOutcome(error: unknown): CommandOutcomeLabel {
  if (error instanceof DomainError) return 'rejected';
  return error instanceof WrongExpectedRevisionError ? 'conflict' : 'failed';
}
