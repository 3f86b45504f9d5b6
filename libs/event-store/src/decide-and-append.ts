import { randomUUID } from 'node:crypto';
import { WrongExpectedRevisionError, type EventStore, type ExpectedRevision, type RecordedEvent } from './event-store.port';

/** The shape of a decider as the write loop needs it (libs/domain's Decider fits). */
export interface StreamDecider<State, Command, Event extends { type: string; data: unknown }> {
  initialState: State;
  evolve(state: State, event: Event): State;
  decide(command: Command, state: State): Event[];
}

export interface CommandContext {
  /** The account id (opaque, never the user name), or `system` / `operator`. */
  actor: string;
  correlationId?: string;
}

export interface CommandOutcome<Event> {
  events: Event[];
  /** `$all` position of the last event written; null when the command changed nothing. */
  position: bigint | null;
}

const MAX_ATTEMPTS = 3;

export async function loadStream<State, Event extends { type: string; data: unknown }>(
  eventStore: EventStore,
  streamName: string,
  decider: Pick<StreamDecider<State, unknown, Event>, 'initialState' | 'evolve'>,
) {
  const recorded = await eventStore.readStream(streamName);
  return { state: foldRecorded(decider, recorded), revision: recorded.length ? recorded[recorded.length - 1].revision : null };
}

/** The state after these recorded events of one stream (all of it, or a prefix: the state as of an earlier position). */
export function foldRecorded<State, Event extends { type: string; data: unknown }>(
  decider: Pick<StreamDecider<State, unknown, Event>, 'initialState' | 'evolve'>,
  recorded: readonly RecordedEvent[],
): State {
  return recorded.reduce(
    (current, event) => decider.evolve(current, { type: event.type, data: event.data } as Event),
    decider.initialState,
  );
}

/**
 * The write side's one loop for every aggregate: load the stream, fold it, decide, append with
 * the revision that was read. A concurrent writer makes the append fail; the command is then
 * decided again on the fresh state (a few times), so a refused command is always refused on
 * facts, never on a race.
 */
export async function decideAndAppend<State, Command, Event extends { type: string; data: unknown }>(
  eventStore: EventStore,
  streamName: string,
  decider: StreamDecider<State, Command, Event>,
  command: Command,
  context: CommandContext,
): Promise<CommandOutcome<Event>> {
  for (let attempt = 1; ; attempt += 1) {
    const { state, revision } = await loadStream(eventStore, streamName, decider);
    const events = decider.decide(command, state);
    if (events.length === 0) return { events, position: null };
    try {
      const position = await appendEvents(eventStore, streamName, events, revision ?? 'no_stream', context);
      return { events, position };
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError) || attempt >= MAX_ATTEMPTS) throw error;
    }
  }
}

/** Appends events with the metadata every event carries (actor, correlation, time, schema version). */
export async function appendEvents(
  eventStore: EventStore,
  streamName: string,
  events: readonly { type: string; data: unknown }[],
  expectedRevision: ExpectedRevision,
  context: CommandContext,
): Promise<bigint> {
  const occurredAt = new Date().toISOString();
  const correlationId = context.correlationId ?? randomUUID();
  const result = await eventStore.appendToStream(
    streamName,
    events.map((event) => ({
      type: event.type,
      data: event.data,
      metadata: { actor: context.actor, correlationId, occurredAt, schemaVersion: 1 },
    })),
    { expectedRevision },
  );
  return result.position;
}
