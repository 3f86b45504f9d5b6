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
import type { AppConfig } from '@app/config';
import { DomainError, type ModerationMode } from '@app/domain';
import { ProjectionRunner, type ReadModelName } from '@app/projections';
import { SiteMetrics, type CommandOutcomeLabel } from '../metrics/site-metrics';
import { markStaleReadModels } from '../http/read-your-writes';
import { currentRequestId, withRequestCorrelation } from '../http/request-id';
import { currentKeyedRequest } from '../http/repeatable-request';
import { APP_CONFIG, CLOCK, EVENT_STORE, type Clock } from './tokens';

type AnyEvent = { type: string; data: unknown };

/** What a handler says about its command; the rest (clock, causation, the Idempotency-Key's ids) is filled in here. */
export type HandlerContext = Omit<CommandContext, 'clock'> &
  Partial<Pick<CommandContext, 'clock'>> & {
    /** Read-your-writes: the read models the answer waits for (see `settle`). */
    settle?: readonly ReadModelName[];
    /** The stream is named by this command (a new id): appended without reading it first (see `DecideOptions`). */
    newStream?: boolean;
  };

/** What a decision may read besides its command's own facts; filled in here, from the injected clock and the configuration. */
export interface Ambient {
  now: Date;
  moderation: ModerationMode;
}

/** A command as a handler writes it: the ambient facts it declares may be left out (one it gives wins, e.g. a `now` its answer shows too). */
export type HandlerCommand<Command> = Command extends unknown
  ? Omit<Command, keyof Ambient> & Partial<Pick<Command, Extract<keyof Command, keyof Ambient>>>
  : never;

/** How long a command waits for its read models before it answers anyway (marked stale). */
const SETTLE_TIMEOUT_MS = 2_000;

/**
 * The write loop (libs/event-store/decide-and-append) bound to the site's event store, with the
 * ambient facts (time, moderation mode) every decision may read, plus read-your-writes.
 */
@Injectable()
export class EventSourcedCommands {
  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    private readonly runner: ProjectionRunner,
    private readonly metrics: SiteMetrics,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'moderation'>,
  ) {}

  /**
   * The handler's context with the injected clock (the events' business time), the request as
   * correlation and causation, and, for a request with an Idempotency-Key, its RepeatableCommand.
   */
  private contextOf(context: Omit<HandlerContext, 'settle' | 'newStream'>): CommandContext {
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

  /** Decides the command on the stream's current state and appends the events; with `settle`, answers once those read models show them. */
  async execute<State, Command, Event extends AnyEvent>(
    streamName: string,
    decider: StreamDecider<State, Command, Event>,
    command: HandlerCommand<Command>,
    { settle, newStream, ...context }: HandlerContext,
  ): Promise<CommandOutcome<Event>> {
    const ambient: Ambient = { now: this.clock(), moderation: this.config.moderation };
    const name = commandName(command);
    let outcome: CommandOutcome<Event>;
    try {
      outcome = await decideAndAppend(
        this.eventStore,
        streamName,
        decider,
        { ...ambient, ...command } as Command,
        this.contextOf(context),
        {
          newStream,
        },
      );
    } catch (error) {
      this.metrics.recordCommand(name, failureOutcome(error));
      throw error;
    }
    if (outcome.position !== null) markAppended();
    this.metrics.recordCommand(name, outcome.events.length && !outcome.repeated ? 'accepted' : 'unchanged');
    if (settle) await this.settle(outcome.position, settle);
    return outcome;
  }

  /** Appends events decided elsewhere (reservations use `no_stream` to claim a name once). */
  async append(
    streamName: string,
    events: readonly AnyEvent[],
    expectedRevision: ExpectedRevision,
    { settle, ...context }: HandlerContext,
  ) {
    const position = await appendEvents(this.eventStore, streamName, events, expectedRevision, this.contextOf(context));
    markAppended();
    if (settle) await this.settle(position, settle);
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
