import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { fold, type Decider, type DomainEvent } from '@app/domain';
import { WrongExpectedRevisionError, type EventStore, type ExpectedRevision } from '@app/event-store';
import { ProjectionRunner } from '@app/projections';
import { EVENT_STORE } from './tokens';

export interface CommandContext {
  /** userName, or `system` / `operator`. */
  actor: string;
  correlationId?: string;
}

export interface CommandOutcome<Event> {
  events: Event[];
  /** `$all` position of the last event written; null when the command changed nothing. */
  position: bigint | null;
}

const MAX_ATTEMPTS = 3;

/**
 * The write side's one loop for every aggregate: load the stream, fold it, decide, append with
 * the revision that was read. A concurrent writer makes the append fail; the command is then
 * decided again on the fresh state (a few times), so a refused command is always refused on
 * facts, never on a race.
 */
@Injectable()
export class EventSourcedCommands {
  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    private readonly runner: ProjectionRunner,
  ) {}

  async load<State, Event extends DomainEvent>(streamName: string, decider: Decider<State, unknown, Event>) {
    const recorded = await this.eventStore.readStream(streamName);
    const events = recorded.map((event) => ({ type: event.type, data: event.data }) as Event);
    return { state: fold(decider, events), revision: recorded.length ? recorded[recorded.length - 1].revision : null };
  }

  async execute<State, Command, Event extends DomainEvent>(
    streamName: string,
    decider: Decider<State, Command, Event>,
    command: Command,
    context: CommandContext,
  ): Promise<CommandOutcome<Event>> {
    for (let attempt = 1; ; attempt += 1) {
      const { state, revision } = await this.load(streamName, decider);
      const events = decider.decide(command, state);
      if (events.length === 0) return { events, position: null };
      try {
        const position = await this.append(streamName, events, revision ?? 'no_stream', context);
        return { events, position };
      } catch (error) {
        if (!(error instanceof WrongExpectedRevisionError) || attempt >= MAX_ATTEMPTS) throw error;
      }
    }
  }

  /** Appends events decided elsewhere (reservations use `no_stream` to claim a name once). */
  async append(streamName: string, events: readonly DomainEvent[], expectedRevision: ExpectedRevision, context: CommandContext) {
    const occurredAt = new Date().toISOString();
    const correlationId = context.correlationId ?? randomUUID();
    const result = await this.eventStore.appendToStream(
      streamName,
      events.map((event) => ({ type: event.type, data: event.data, metadata: { actor: context.actor, correlationId, occurredAt, schemaVersion: 1 } })),
      { expectedRevision },
    );
    return result.position;
  }

  /**
   * Read-your-writes: waits (bounded) until the named projections have applied `position`, so
   * the next read of the client already shows the command's effect.
   */
  async settle(position: bigint | null, projections?: readonly string[]): Promise<void> {
    if (position !== null) await this.runner.waitFor(position, projections, 2_000);
  }
}
