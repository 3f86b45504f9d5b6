import { randomUUID } from 'node:crypto';
import { DuplicateEventIdError } from './duplicate-event-id.error';
import { WrongExpectedRevisionError, type EventStore, type ExpectedRevision, type RecordedEvent } from './event-store.port';
import type { RepeatableCommand } from './repeatable-command';

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
  /**
   * What caused the events: for a command sent over HTTP, the request (its RepeatableCommand's id
   * when it carries an Idempotency-Key, else its request id); for events a reactor or the system
   * appends in reaction to an event, that event's id. Defaults to `repeatable.id`.
   */
  causationId?: string;
  /** The handler's injected clock: the events' `occurredAt` (business time, never the store's). */
  clock: () => Date;
  /** Set when the command may be sent again: its events get the ids it derives (see RepeatableCommand). */
  repeatable?: RepeatableCommand;
}

export interface CommandOutcome<Event> {
  events: Event[];
  /** `$all` position of the last event written; null when the command changed nothing. */
  position: bigint | null;
  /** True when an earlier attempt of this RepeatableCommand had appended them: nothing was decided or written now. */
  repeated?: boolean;
}

const MAX_ATTEMPTS = 3;

export interface DecideOptions {
  /**
   * The stream was named by this command (a new id): decide on the initial state and append with
   * `no_stream`, without reading it first. If the guess is wrong (the stream exists, or the decider
   * refuses on the initial state), nothing is written and the command goes through the usual loop.
   */
  newStream?: boolean;
}

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
 *
 * A RepeatableCommand whose events for this append are already in the stream (an earlier attempt
 * appended them, then its answer was lost) is not decided again: the outcome is those events.
 */
export async function decideAndAppend<State, Command, Event extends { type: string; data: unknown }>(
  eventStore: EventStore,
  streamName: string,
  decider: StreamDecider<State, Command, Event>,
  command: Command,
  context: CommandContext,
  { newStream = false }: DecideOptions = {},
): Promise<CommandOutcome<Event>> {
  const eventIdOf = context.repeatable?.eventIdsFor(streamName);
  const appendedAsNew = newStream && (await appendAsNewStream(eventStore, streamName, decider, command, context, eventIdOf));
  if (appendedAsNew) return appendedAsNew;
  for (let attempt = 1; ; attempt += 1) {
    const recorded = await eventStore.readStream(streamName);
    const earlier = eventIdOf && appendedBefore<Event>(recorded, eventIdOf);
    if (earlier) return earlier;
    const events = decider.decide(command, foldRecorded(decider, recorded));
    if (events.length === 0) return { events, position: null };
    try {
      const position = await append(eventStore, streamName, events, recorded.at(-1)?.revision ?? 'no_stream', context, eventIdOf);
      return { events, position };
    } catch (error) {
      // A duplicate id: another attempt of the same command won the race; the next round finds its events.
      const raced = error instanceof WrongExpectedRevisionError || error instanceof DuplicateEventIdError;
      if (!raced || attempt >= MAX_ATTEMPTS) throw error;
    }
  }
}

/** `newStream`'s first try: the outcome, or null when the stream turned out not to be new (nothing written). */
async function appendAsNewStream<State, Command, Event extends { type: string; data: unknown }>(
  eventStore: EventStore,
  streamName: string,
  decider: StreamDecider<State, Command, Event>,
  command: Command,
  context: CommandContext,
  eventIdOf: ((index: number) => string) | undefined,
): Promise<CommandOutcome<Event> | null> {
  let events: Event[];
  try {
    events = decider.decide(command, decider.initialState);
  } catch {
    return null; // decided again on the stream as it is, which says why
  }
  if (events.length === 0) return null;
  try {
    return { events, position: await append(eventStore, streamName, events, 'no_stream', context, eventIdOf) };
  } catch (error) {
    if (error instanceof WrongExpectedRevisionError || error instanceof DuplicateEventIdError) return null;
    throw error;
  }
}

/**
 * Appends events with the metadata every event carries (actor, correlation, causation, business
 * time, schema version). For a RepeatableCommand whose events are already in the stream (an
 * earlier attempt), the refused append answers the position of those events instead.
 */
export async function appendEvents(
  eventStore: EventStore,
  streamName: string,
  events: readonly { type: string; data: unknown }[],
  expectedRevision: ExpectedRevision,
  context: CommandContext,
): Promise<bigint> {
  const eventIdOf = context.repeatable?.eventIdsFor(streamName);
  try {
    return await append(eventStore, streamName, events, expectedRevision, context, eventIdOf);
  } catch (error) {
    if (!eventIdOf || !(error instanceof WrongExpectedRevisionError || error instanceof DuplicateEventIdError)) throw error;
    const earlier = appendedBefore(await eventStore.readStream(streamName), eventIdOf);
    if (!earlier) throw error;
    return earlier.position;
  }
}

async function append(
  eventStore: EventStore,
  streamName: string,
  events: readonly { type: string; data: unknown }[],
  expectedRevision: ExpectedRevision,
  context: CommandContext,
  eventIdOf: ((index: number) => string) | undefined,
): Promise<bigint> {
  const occurredAt = context.clock().toISOString();
  const correlationId = context.correlationId ?? randomUUID();
  const causationId = context.causationId ?? context.repeatable?.id;
  const result = await eventStore.appendToStream(
    streamName,
    events.map((event, index) => ({
      ...(eventIdOf ? { id: eventIdOf(index) } : {}),
      type: event.type,
      data: event.data,
      metadata: { actor: context.actor, correlationId, ...(causationId ? { causationId } : {}), occurredAt, schemaVersion: 1 },
    })),
    { expectedRevision },
  );
  return result.position;
}

/** The events an earlier attempt of the command appended to this stream (found by their ids), or null. */
function appendedBefore<Event>(
  recorded: readonly RecordedEvent[],
  eventIdOf: (index: number) => string,
): (CommandOutcome<Event> & { position: bigint }) | null {
  const start = recorded.findIndex((event) => event.id === eventIdOf(0));
  if (start < 0) return null;
  const mine: RecordedEvent[] = [];
  for (let index = start; index < recorded.length && recorded[index].id === eventIdOf(index - start); index += 1)
    mine.push(recorded[index]);
  return {
    events: mine.map((event) => ({ type: event.type, data: event.data }) as Event),
    position: mine[mine.length - 1].position,
    repeated: true,
  };
}
