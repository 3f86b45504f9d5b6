import type { FlagAction, FlagReason } from '@app/contracts';
import type { DomainEvent } from '../shared/decider';

/**
 * Issue 27: flags are facts of the flagged item's own stream (`article-<id>`, `question-<id>`,
 * `comment-<id>`), so the item's revision makes 'once per person' and the hiding threshold exact
 * under racing flags, and the hide is the item's own unapproval in the same append.
 * `counts`: the flagger was eligible to count toward hiding; `hides`: this flag reached the threshold.
 */
export type ItemFlagged = DomainEvent<
  'ItemFlagged',
  { entityType: number; id: number; flaggerId: string; reason: FlagReason; note: string; counts: boolean; hides: boolean; at: string }
>;

/** An admin settled the open flags; `flaggerIds` are the flaggers of the settled round (each hears the outcome). */
export type FlagsResolved = DomainEvent<
  'FlagsResolved',
  { entityType: number; id: number; action: FlagAction; note: string; flaggerIds: string[]; at: string }
>;

export type FlagEvent = ItemFlagged | FlagsResolved;
export const FLAG_EVENTS: readonly FlagEvent['type'][] = ['ItemFlagged', 'FlagsResolved'];
export const isFlagEvent = (event: { type: string }): event is FlagEvent => (FLAG_EVENTS as readonly string[]).includes(event.type);
