import { FLAG_MESSAGES } from '@app/contracts';
import { forbidden, conflict, notFound } from '../shared/errors';
import type { Decider } from '../shared/decider';
import { requireAdmin } from '../posts/authorization';
import type { FlagCommand, FlagItem, Flagger, ResolveFlags } from './commands';
import { isFlagEvent, type FlagEvent } from './events';

/** Three flags from distinct eligible accounts hide an item pending review. */
export const FLAGS_TO_HIDE = 3;
/** An account counts toward hiding once it is this old (and its e-mail is confirmed). */
export const FLAGGER_MIN_AGE_MS = 24 * 60 * 60 * 1000;

export const countsTowardHiding = (flagger: Flagger, now: Date): boolean =>
  flagger.emailConfirmed && now.getTime() - new Date(flagger.registeredAt).getTime() >= FLAGGER_MIN_AGE_MS;

/** The flags of an item: who ever flagged it (once per person), the open round, and whether its flags hid it. */
export interface FlagsState {
  flaggerIds: readonly string[];
  open: readonly { flaggerId: string; counts: boolean }[];
  hiddenByFlags: boolean;
}

export const initialFlagsState: FlagsState = { flaggerIds: [], open: [], hiddenByFlags: false };

/** The flagged item as the flag rules see it; null when it was never created (or is of another kind). */
export interface FlaggedItemView {
  authorId: string;
  isApproved: boolean;
  deleted: boolean;
  /** A comment's post: its moderation events name it (the search index counts a question's answers by it). */
  postId?: number;
}

/** How the item's own decider names its moderation events: the flags hide, show and delete it through them. */
export interface FlaggableItem<ItemState, ItemEvent> {
  view(state: ItemState, entityType: number): FlaggedItemView | null;
  notFound(entityType: number): string;
  /** `byFlags`: the flags reached the threshold (an unapproval with reason 'flagged'); else an admin's hide. */
  hidden(view: FlaggedItemView, at: string, byFlags: boolean): ItemEvent;
  shown(view: FlaggedItemView, at: string): ItemEvent;
  deleted(view: FlaggedItemView, at: string): ItemEvent;
}

export interface FlaggableState<ItemState> {
  item: ItemState;
  flags: FlagsState;
}

function flag<ItemEvent>(command: FlagItem, view: FlaggedItemView | null, flags: FlagsState, item: FlaggableItem<unknown, ItemEvent>) {
  const { actor, now } = command;
  if (!view || view.deleted || !command.visibleToActor) throw notFound(item.notFound(command.entityType));
  if (view.authorId === actor.accountId) throw forbidden(FLAG_MESSAGES.ownItem);
  if (flags.flaggerIds.includes(actor.accountId)) throw conflict(FLAG_MESSAGES.alreadyFlagged);
  const at = now.toISOString();
  const counts = countsTowardHiding(command.flagger, now);
  const counted = flags.open.filter((open) => open.counts).length + (counts ? 1 : 0);
  // Discourse hides at its threshold only what moderators can see in the queue: the item is queued by the same append.
  const hides = counts && counted >= FLAGS_TO_HIDE && view.isApproved && !flags.hiddenByFlags;
  const { entityType, id, reason, note } = command;
  const flagged: FlagEvent = { type: 'ItemFlagged', data: { entityType, id, flaggerId: actor.accountId, reason, note, counts, hides, at } };
  return hides ? [flagged, item.hidden(view, at, true)] : [flagged];
}

function resolve<ItemEvent>(
  command: ResolveFlags,
  view: FlaggedItemView | null,
  flags: FlagsState,
  item: FlaggableItem<unknown, ItemEvent>,
) {
  requireAdmin(command.actor);
  if (!view) throw notFound(item.notFound(command.entityType));
  if (flags.open.length === 0) throw conflict(FLAG_MESSAGES.nothingOpen);
  const at = command.now.toISOString();
  const { entityType, id, action, note } = command;
  const resolved: FlagEvent = {
    type: 'FlagsResolved',
    data: { entityType, id, action, note, flaggerIds: flags.open.map((open) => open.flaggerId), at },
  };
  if (view.deleted) return [resolved];
  switch (action) {
    case 'dismiss':
      // Disagreeing unhides what the flags hid (Discourse); an item hidden by an admin's own unapproval stays so.
      return flags.hiddenByFlags && !view.isApproved ? [resolved, item.shown(view, at)] : [resolved];
    case 'hide':
      return view.isApproved ? [resolved, item.hidden(view, at, false)] : [resolved];
    case 'delete':
      return [resolved, item.deleted(view, at)];
    default: {
      const _exhaustive: never = action;
      return _exhaustive;
    }
  }
}

function evolveFlags(flags: FlagsState, event: FlagEvent): FlagsState {
  switch (event.type) {
    case 'ItemFlagged': {
      const { flaggerId, counts, hides } = event.data;
      return {
        flaggerIds: [...flags.flaggerIds, flaggerId],
        open: [...flags.open, { flaggerId, counts }],
        hiddenByFlags: flags.hiddenByFlags || hides,
      };
    }
    case 'FlagsResolved':
      // A later flag opens a new round (Discourse reopens the same reviewable).
      return { ...flags, open: [], hiddenByFlags: false };
    default: {
      const _exhaustive: never = event;
      return _exhaustive;
    }
  }
}

/**
 * The flag rules over an item's own decider (posts, comments): flag and resolve commands are decided
 * here, every other event folds into the item as its decider says. Used only by the flag handlers;
 * the item's own decider passes over flag events.
 */
export function flaggable<ItemState, ItemEvent extends { type: string }>(
  decider: Pick<Decider<ItemState, never, ItemEvent>, 'initialState' | 'evolve'>,
  item: FlaggableItem<ItemState, ItemEvent>,
): Decider<FlaggableState<ItemState>, FlagCommand, ItemEvent | FlagEvent> {
  const described = item as FlaggableItem<unknown, ItemEvent>;
  return {
    initialState: { item: decider.initialState, flags: initialFlagsState },
    evolve: (state, event) =>
      isFlagEvent(event) ? { ...state, flags: evolveFlags(state.flags, event) } : { ...state, item: decider.evolve(state.item, event) },
    decide: (command, state): (ItemEvent | FlagEvent)[] => {
      const view = item.view(state.item, command.entityType);
      switch (command.type) {
        case 'FlagItem':
          return flag(command, view, state.flags, described);
        case 'ResolveFlags':
          return resolve(command, view, state.flags, described);
        default: {
          const _exhaustive: never = command;
          return _exhaustive;
        }
      }
    },
  };
}
