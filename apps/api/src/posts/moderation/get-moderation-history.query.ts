import { Inject } from '@nestjs/common';
import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { notFound, POST_KINDS, type PostKind } from '@app/domain';
import type { ReadStore } from '@app/read-store';
import type { ModerationHistoryEntry } from '@app/contracts';
import { MODERATION_LOG_COLLECTION, type ModerationLogDocument } from '@app/projections';
import { AuthorNames } from '../../shared/author-names';
import { READ_STORE } from '../../infrastructure/tokens';

/** Everything done to one post, oldest first. Deleted posts keep their history. */
export class GetModerationHistoryQuery extends Query<ModerationHistoryEntry[]> {
  constructor(
    readonly kind: PostKind,
    readonly postId: number,
  ) {
    super();
  }
}

@QueryHandler(GetModerationHistoryQuery)
export class GetModerationHistoryHandler implements IQueryHandler<GetModerationHistoryQuery, ModerationHistoryEntry[]> {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    private readonly authorNames: AuthorNames,
  ) {}

  async execute({ kind, postId }: GetModerationHistoryQuery): Promise<ModerationHistoryEntry[]> {
    const { entityType, notFound: notFoundMessage } = POST_KINDS[kind];
    const entries = await this.readStore.find<ModerationLogDocument>(
      MODERATION_LOG_COLLECTION,
      { entityType, postId },
      { sort: [['position', 1]] },
    );
    // Every post's history starts with its creation: no entries, no post.
    if (entries.length === 0) throw notFound(notFoundMessage);
    const actorName = await this.authorNames.actorNames(entries.map((entry) => entry.actor));
    return entries.map(({ action, actor, at, commentId }) => ({
      action,
      actor: actorName(actor),
      at,
      ...(commentId ? { commentId } : {}),
    }));
  }
}
