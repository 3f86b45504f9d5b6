import type { Decider, DomainEvent } from './decider';

/**
 * A relation one person turns on and off: a like, a follow, a post saved for later. Its stream is
 * one per (target, person), appended with its expected revision, so turning it on twice is one
 * event and different people never contend. Both events carry the same data.
 */
export type ToggleEvent<On extends string, Off extends string, Data> = DomainEvent<On, Data> | DomainEvent<Off, Data>;

/** It stands or it does not (never turned on, or turned off since). */
export type ToggleState = { status: 'off' } | { status: 'on' };

/** What one command asks: `on` to turn the relation on (or off), with the data both events carry. */
export interface ToggleWish<Data> {
  on: boolean;
  data: Data;
}

/**
 * The decider of a toggle whose one command is "set it to this value": `wish` checks the command
 * (throwing a DomainError to refuse it) and says which value it wants; setting the current value
 * changes nothing.
 */
export function toggleDecider<Command, On extends string, Off extends string, Data>(
  events: { on: On; off: Off },
  wish: (command: Command) => ToggleWish<Data>,
): Decider<ToggleState, Command, ToggleEvent<On, Off, Data>> {
  return {
    initialState: { status: 'off' },
    evolve: (_state, event) => ({ status: event.type === events.on ? 'on' : 'off' }),
    decide: (command, state) => {
      const { on, data } = wish(command);
      if (on === (state.status === 'on')) return [];
      return [on ? { type: events.on, data } : { type: events.off, data }];
    },
  };
}
