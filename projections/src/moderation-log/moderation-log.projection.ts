import { POST_KINDS, type ArticleEvent, type PostEntityType, type PostKind, type QuestionEvent } from '@app/domain';
import type { RecordedEvent } from '@app/event-store';
import type { ReadStoreTransaction } from '@app/read-store';
import type { Projection } from '../projection';

export const MODERATION_LOG_COLLECTION = 'moderation_log';

export type ModerationAction = 'create' | 'edit' | 'publish' | 'unpublish' | 'approve' | 'unapprove' | 'delete';

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
  QuestionDefaultImageChosen: 'edit',
  QuestionApproved: 'approve',
  QuestionUnapproved: 'unapprove',
  QuestionDeleted: 'delete',
};

/** 20 digits hold any unsigned 64-bit position (EventStoreDB commit positions included). */
export const sortablePosition = (position: bigint) => position.toString().padStart(20, '0');

const STREAM_PATTERN = /^(article|question)-(\d+)$/;

export const moderationLogProjection: Projection = {
  name: 'moderation-log',
  version: 2,
  collections: [MODERATION_LOG_COLLECTION],
  handles: Object.keys(ACTION_OF_EVENT),
  indexes: { [MODERATION_LOG_COLLECTION]: [['entityType', 'postId', 'position'], ['position']] },
  async apply(recorded: RecordedEvent, tx: ReadStoreTransaction) {
    const stream = STREAM_PATTERN.exec(recorded.streamName);
    const action = ACTION_OF_EVENT[recorded.type as PostEvent['type']];
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
      actor: recorded.metadata.actor,
      at: typeof data.at === 'string' ? data.at : recorded.metadata.occurredAt,
      position: sortablePosition(recorded.position),
      correlationId,
    });
  },
};
