import { EntityType, type ModerationAction } from '@app/contracts';
import {
  ACCOUNT_STREAM_PREFIX,
  accountIdOfStream,
  type AccountSuspended,
  COMMENT_STREAM_PREFIX,
  commentStreamName,
  type FlagsResolved,
  POST_KINDS,
  type ArticleEvent,
  type CommentEvent,
  type PostEntityType,
  type PostKind,
  type QuestionEvent,
} from '@app/domain';
import type { RecordedEvent } from '@app/event-store';
import type { ReadStoreTransaction } from '@app/read-store';
import type { Projection } from '../projection';

export const MODERATION_LOG_COLLECTION = 'moderation_log';
/** Which post each comment belongs to: comment approve/unapprove/delete events carry only `at`. */
export const MODERATION_LOG_COMMENTS_COLLECTION = 'moderation_log_comments';

/** One thing someone did to a post, for admins auditing moderation. */
export interface ModerationLogDocument {
  /** The id of the event that recorded the action. */
  id: string;
  entityType: PostEntityType;
  postId: number;
  action: ModerationAction;
  /** Account id of whoever did it (event metadata), `system` or `operator`. */
  actor: string;
  /** ISO-8601 instant of the action (the event's business time). */
  at: string;
  /** The event's `$all` position, zero-padded so that string order is log order. */
  position: string;
  /** Ties the events of one command together (one save that edits and picks an image is one edit). */
  correlationId: string | null;
  /** For the actions on one of the post's comments: that comment's id. */
  commentId?: number;
  [field: string]: unknown;
}

/**
 * A suspension or its lifting (issue 27): done to a person, not a post, so it has no `entityType`
 * nor `postId`; the Admin Panel's feed lists it with the rest, by position.
 */
export interface AccountModerationLogDocument {
  id: string;
  action: Extract<ModerationAction, 'suspend' | 'unsuspend'>;
  /** The account suspended or unsuspended. */
  subjectAccountId: string;
  /** For a suspension: its end (null: indefinite) and reason. */
  until?: string | null;
  reason?: string;
  actor: string;
  at: string;
  position: string;
  correlationId: string | null;
  [field: string]: unknown;
}

export const isAccountModerationEntry = (
  entry: ModerationLogDocument | AccountModerationLogDocument,
): entry is AccountModerationLogDocument => typeof entry.subjectAccountId === 'string';

interface CommentOfPost {
  /** `comment-<commentId>`. */
  id: string;
  entityType: PostEntityType;
  postId: number;
  [field: string]: unknown;
}

type PostEvent = ArticleEvent | QuestionEvent;

const ACTION_OF_EVENT: Record<PostEvent['type'], ModerationAction> = {
  ArticleDrafted: 'create',
  ArticleEdited: 'edit',
  ArticleDefaultImageChosen: 'edit',
  ArticlePublished: 'publish',
  ArticleUnpublished: 'unpublish',
  ArticleApproved: 'approve',
  ArticleUnapproved: 'unapprove',
  ArticleDeleted: 'delete',
  QuestionAsked: 'create',
  QuestionEdited: 'edit',
  QuestionPublished: 'publish',
  QuestionUnpublished: 'unpublish',
  QuestionDefaultImageChosen: 'edit',
  QuestionApproved: 'approve',
  QuestionUnapproved: 'unapprove',
  QuestionDeleted: 'delete',
};

const ACTION_OF_COMMENT_EVENT: Partial<Record<CommentEvent['type'], ModerationAction>> = {
  CommentApproved: 'approve-comment',
  CommentUnapproved: 'unapprove-comment',
  CommentDeleted: 'delete-comment',
};

/** 20 digits hold any unsigned 64-bit position (EventStoreDB commit positions included). */
export const sortablePosition = (position: bigint) => position.toString().padStart(20, '0');

/** Suspensions are logged from the account's stream (issue 27). */
const ACCOUNT_ACTIONS = ['AccountSuspended', 'AccountUnsuspended'];

const STREAM_PATTERN = /^(article|question)-(\d+)$/;

export const moderationLogProjection: Projection = {
  name: 'moderation-log',
  version: 4,
  collections: [MODERATION_LOG_COLLECTION, MODERATION_LOG_COMMENTS_COLLECTION],
  handles: [...Object.keys(ACTION_OF_EVENT), 'CommentAdded', ...Object.keys(ACTION_OF_COMMENT_EVENT), 'FlagsResolved', ...ACCOUNT_ACTIONS],
  indexes: { [MODERATION_LOG_COLLECTION]: [['entityType', 'postId', 'position'], ['position']] },
  async apply(recorded: RecordedEvent, tx: ReadStoreTransaction) {
    if (recorded.streamName.startsWith(ACCOUNT_STREAM_PREFIX)) return applyAccountEvent(recorded, tx);
    if (recorded.type.startsWith('Comment')) return applyCommentEvent(recorded, tx);
    if (recorded.type === 'FlagsResolved') return applyFlagsResolved(recorded, tx);
    const stream = STREAM_PATTERN.exec(recorded.streamName);
    const action = flagHide(recorded) ?? ACTION_OF_EVENT[recorded.type as PostEvent['type']];
    if (!stream || !action) return;
    const entityType = POST_KINDS[stream[1] as PostKind].entityType;
    const postId = Number(stream[2]);
    const correlationId = typeof recorded.metadata.correlationId === 'string' ? recorded.metadata.correlationId : null;
    const isDefaultImage = recorded.type === 'ArticleDefaultImageChosen' || recorded.type === 'QuestionDefaultImageChosen';
    // A default image chosen while creating or editing belongs to that create or edit.
    if (isDefaultImage && correlationId !== null) {
      const filter = { entityType, postId, correlationId, action: { $in: ['create', 'edit'] } };
      if ((await tx.find(MODERATION_LOG_COLLECTION, filter, { limit: 1 })).length > 0) return;
    }
    const data = recorded.data as { at?: unknown };
    await tx.upsert<ModerationLogDocument>(MODERATION_LOG_COLLECTION, {
      id: recorded.id,
      entityType,
      postId,
      action,
      // The flaggers stay unnamed in the trail: the community hid it.
      actor: action === 'hidden-by-flags' ? 'system' : recorded.metadata.actor,
      at: typeof data.at === 'string' ? data.at : recorded.metadata.occurredAt,
      position: sortablePosition(recorded.position),
      correlationId,
    });
  },
};

/** A comment's moderation (approve, unapprove, delete) is part of its post's history. */
async function applyCommentEvent(recorded: RecordedEvent, tx: ReadStoreTransaction): Promise<void> {
  const event = { type: recorded.type, data: recorded.data } as CommentEvent;
  if (event.type === 'CommentAdded') {
    const { postKind, postId } = event.data;
    await tx.upsert<CommentOfPost>(MODERATION_LOG_COMMENTS_COLLECTION, {
      id: recorded.streamName,
      entityType: POST_KINDS[postKind].entityType,
      postId,
    });
    return;
  }
  const action = flagHide(recorded) ?? ACTION_OF_COMMENT_EVENT[event.type];
  const comment = await tx.get<CommentOfPost>(MODERATION_LOG_COMMENTS_COLLECTION, recorded.streamName);
  if (!action || !comment) return;
  await tx.upsert<ModerationLogDocument>(MODERATION_LOG_COLLECTION, {
    id: recorded.id,
    entityType: comment.entityType,
    postId: comment.postId,
    action,
    actor: action === 'hidden-by-flags' ? 'system' : recorded.metadata.actor,
    at: event.data.at,
    position: sortablePosition(recorded.position),
    correlationId: typeof recorded.metadata.correlationId === 'string' ? recorded.metadata.correlationId : null,
    commentId: Number(recorded.streamName.slice(COMMENT_STREAM_PREFIX.length)),
  });
}

/** An unapproval the flags made (issue 27), told apart from an admin's. */
const flagHide = (recorded: RecordedEvent): ModerationAction | undefined =>
  recorded.type.endsWith('Unapproved') && (recorded.data as { reason?: string }).reason === 'flagged' ? 'hidden-by-flags' : undefined;

const ACTION_OF_RESOLUTION: Record<FlagsResolved['data']['action'], ModerationAction> = {
  dismiss: 'dismiss-flags',
  hide: 'hide-flagged',
  delete: 'delete-flagged',
};

/** An admin's resolution of an item's flags, with its note, on the trail of the post (or the comment's post). */
async function applyFlagsResolved(recorded: RecordedEvent, tx: ReadStoreTransaction): Promise<void> {
  const { entityType, id, action, note, at } = recorded.data as FlagsResolved['data'];
  const isComment = entityType === EntityType.ArticleComment || entityType === EntityType.QuestionComment;
  const comment = isComment ? await tx.get<CommentOfPost>(MODERATION_LOG_COMMENTS_COLLECTION, commentStreamName(id)) : null;
  if (isComment && !comment) return;
  await tx.upsert<ModerationLogDocument>(MODERATION_LOG_COLLECTION, {
    id: recorded.id,
    entityType: comment ? comment.entityType : (entityType as PostEntityType),
    postId: comment ? comment.postId : id,
    action: ACTION_OF_RESOLUTION[action],
    actor: recorded.metadata.actor,
    at,
    position: sortablePosition(recorded.position),
    correlationId: typeof recorded.metadata.correlationId === 'string' ? recorded.metadata.correlationId : null,
    note,
    ...(comment ? { commentId: id } : {}),
  });
}

async function applyAccountEvent(recorded: RecordedEvent, tx: ReadStoreTransaction): Promise<void> {
  const suspended = recorded.type === 'AccountSuspended' ? (recorded.data as AccountSuspended['data']) : null;
  if (!suspended && recorded.type !== 'AccountUnsuspended') return;
  await tx.upsert<AccountModerationLogDocument>(MODERATION_LOG_COLLECTION, {
    id: recorded.id,
    action: suspended ? 'suspend' : 'unsuspend',
    subjectAccountId: accountIdOfStream(recorded.streamName),
    ...(suspended ? { until: suspended.until, reason: suspended.reason } : {}),
    actor: recorded.metadata.actor,
    at: (recorded.data as { at: string }).at,
    position: sortablePosition(recorded.position),
    correlationId: typeof recorded.metadata.correlationId === 'string' ? recorded.metadata.correlationId : null,
  });
}
