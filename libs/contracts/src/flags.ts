import { z } from 'zod';
import { FLAG_ACTIONS, FLAG_NOTE_MAX_LENGTH, FLAG_REASONS, type FlagAction, type FlagReason } from './flag-reasons';
import { positiveId } from './rules';

export const FLAG_MESSAGES = {
  entityTypeInvalid: '- Entity type must be 1 (article), 2 (question), 3 (article comment) or 4 (question comment)',
  idInvalid: '- Id is invalid',
  reasonInvalid: `- Reason must be one of ${FLAG_REASONS.join(', ')}`,
  noteTooLong: `- Note must be at most ${FLAG_NOTE_MAX_LENGTH} characters`,
  actionInvalid: `- Action must be one of ${FLAG_ACTIONS.join(', ')}`,
  statusInvalid: "- Status must be 'open' or 'resolved'",
  alreadyFlagged: 'You have already flagged this.',
  ownItem: 'You cannot flag your own post or comment.',
  nothingOpen: 'There are no open flags on this item.',
} as const;

const entityType = z
  .number({ error: FLAG_MESSAGES.entityTypeInvalid })
  .int({ error: FLAG_MESSAGES.entityTypeInvalid })
  .min(1, { error: FLAG_MESSAGES.entityTypeInvalid })
  .max(4, { error: FLAG_MESSAGES.entityTypeInvalid });
const note = z.string({ error: FLAG_MESSAGES.noteTooLong }).trim().max(FLAG_NOTE_MAX_LENGTH, { error: FLAG_MESSAGES.noteTooLong });

/** POST /api/Flag. */
export const flagRequestSchema = z.object({
  entityType,
  id: positiveId(FLAG_MESSAGES.idInvalid),
  reason: z.enum(FLAG_REASONS, { error: FLAG_MESSAGES.reasonInvalid }),
  note: note.optional().default(''),
});
export type FlagRequest = z.infer<typeof flagRequestSchema>;
export const FlagRequest = flagRequestSchema;

/** PUT /api/Moderation/Flags/Resolve. */
export const resolveFlagsRequestSchema = z.object({
  entityType,
  id: positiveId(FLAG_MESSAGES.idInvalid),
  action: z.enum(FLAG_ACTIONS, { error: FLAG_MESSAGES.actionInvalid }),
  note: note.optional().default(''),
});
export type ResolveFlagsRequest = z.infer<typeof resolveFlagsRequestSchema>;
export const ResolveFlagsRequest = resolveFlagsRequestSchema;

export const FLAG_QUEUE_STATUSES = ['open', 'resolved'] as const;
export type FlagQueueStatus = (typeof FLAG_QUEUE_STATUSES)[number];

/** One flag of an item in the review queue. */
export interface FlagEntry {
  /** The flagger's handle ('' once erased) and display name ('Deleted user'). */
  userName: string;
  name: string;
  reason: FlagReason;
  note: string;
  at: string;
  /** Whether it counted toward hiding (confirmed e-mail, account older than a day). */
  counts: boolean;
}

/** One item of GET /api/Moderation/Flags, the latest flagged first. */
export interface FlaggedItem {
  entityType: number;
  id: number;
  /** For a comment, its post; for a post, itself. */
  postId: number;
  title: string;
  /** The start of the item's text (a comment's content, a post's title). */
  excerpt: string;
  /** The SPA path of the item (a comment's is its post's with #comment-{id}). */
  url: string;
  status: FlagQueueStatus;
  /** Hidden now because of its flags, pending review. */
  isHidden: boolean;
  /** Flags of the open round (or, once resolved, of the last round). */
  count: number;
  reasons: Partial<Record<FlagReason, number>>;
  flags: FlagEntry[];
  lastFlaggedAt: string;
  resolution: { action: FlagAction; note: string; by: string; byName: string; at: string } | null;
}

export interface ResolveFlagsResult {
  entityType: number;
  id: number;
  action: FlagAction;
}
