/**
 * The Decider pattern: an aggregate is three pure functions, with no I/O and no clock.
 * `decide` throws a DomainError when the command is refused.
 */
export interface Decider<State, Command, Event> {
  initialState: State;
  evolve(state: State, event: Event): State;
  decide(command: Command, state: State): Event[];
}

export function fold<State, Event>(
  decider: Pick<Decider<State, unknown, Event>, 'initialState' | 'evolve'>,
  events: readonly Event[],
): State {
  return events.reduce(decider.evolve, decider.initialState);
}

/** An event as a decider sees it: the `type` discriminates `data`. */
export interface DomainEvent<Type extends string = string, Data = Record<string, unknown>> {
  type: Type;
  data: Data;
}

/**
 * The entry of a state's record under a key that came from outside (a URL, a request): only the
 * record's own entries, never what its prototype carries ('constructor', '__proto__', 'toString').
 */
export const ownEntry = <T>(record: Readonly<Record<string, T>>, key: string): T | undefined =>
  Object.hasOwn(record, key) ? record[key] : undefined;
