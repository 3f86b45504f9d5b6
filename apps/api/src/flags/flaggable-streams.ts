import type { ReadModelName } from '@app/projections';
import {
  commentStreamName,
  flaggableArticle,
  flaggableComment,
  flaggableQuestion,
  POST_KINDS,
  type FlagCommand,
  type FlagEvent,
  type FlaggableState,
} from '@app/domain';
import type { StreamDecider } from '@app/event-store';

/** The stream and flag decider of each flaggable entity type (1 article, 2 question, 3-4 comments). */
export function flaggableStream(entityType: number, id: number) {
  const decider = (entityType === 1
    ? flaggableArticle
    : entityType === 2
      ? flaggableQuestion
      : flaggableComment) as unknown as StreamDecider<FlaggableState<unknown>, FlagCommand, FlagEvent | { type: string; data: unknown }>;
  const streamName =
    entityType === 1 ? POST_KINDS.article.streamName(id) : entityType === 2 ? POST_KINDS.question.streamName(id) : commentStreamName(id);
  return { streamName, decider };
}

/** What a flag or a resolution may change: the queue, the trail, the inbox, and every read path of the item it may hide. */
export const FLAG_READ_MODELS = [
  'flag-queue',
  'moderation-log',
  'notifications',
  'home',
  'post-view',
  'comments',
  'search',
] as const satisfies readonly ReadModelName[];
