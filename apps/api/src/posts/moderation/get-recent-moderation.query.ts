import { Inject } from '@nestjs/common';
import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { RecentModerationEntry } from '@app/contracts';
import { POST_KINDS, postKindOf } from '@app/domain';
import type { ReadStore } from '@app/read-store';
import { MODERATION_LOG_COLLECTION, POST_VIEW_COLLECTION, type ModerationLogDocument, type PostViewDocument } from '@app/projections';
import { AuthorNames } from '../../shared/author-names';
import { READ_STORE } from '../../infrastructure/tokens';

export const RECENT_MODERATION_LIMIT = 50;

/** The latest actions across all posts, newest first (the Admin Panel's feed). */
export class GetRecentModerationQuery extends Query<RecentModerationEntry[]> {}

@QueryHandler(GetRecentModerationQuery)
export class GetRecentModerationHandler implements IQueryHandler<GetRecentModerationQuery, RecentModerationEntry[]> {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    private readonly authorNames: AuthorNames,
  ) {}

  async execute(): Promise<RecentModerationEntry[]> {
    const entries = await this.readStore.find<ModerationLogDocument>(
      MODERATION_LOG_COLLECTION,
      {},
      { sort: [['position', -1]], limit: RECENT_MODERATION_LIMIT },
    );
    const postIds = [...new Set(entries.map((entry) => streamNameOf(entry)))];
    const posts = postIds.length ? await this.readStore.find<PostViewDocument>(POST_VIEW_COLLECTION, { id: { $in: postIds } }) : [];
    const titles = new Map(posts.map((post) => [post.id, post.title]));
    const actorOf = await this.authorNames.actors(entries.map((entry) => entry.actor));
    return entries.map((entry) => ({
      entityType: entry.entityType,
      postId: entry.postId,
      title: titles.get(streamNameOf(entry)) ?? '',
      action: entry.action,
      actor: actorOf(entry.actor).handle,
      actorName: actorOf(entry.actor).name,
      at: entry.at,
    }));
  }
}

const streamNameOf = (entry: ModerationLogDocument) => POST_KINDS[postKindOf(entry.entityType) ?? 'article'].streamName(entry.postId);
