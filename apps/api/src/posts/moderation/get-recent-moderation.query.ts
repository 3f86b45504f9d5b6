import { Inject } from '@nestjs/common';
import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { RecentModerationEntry } from '@app/contracts';
import { POST_KINDS, postKindOf } from '@app/domain';
import type { ReadStore } from '@app/read-store';
import {
  isAccountModerationEntry,
  MODERATION_LOG_COLLECTION,
  POST_VIEW_COLLECTION,
  type AccountModerationLogDocument,
  type ModerationLogDocument,
  type PostViewDocument,
} from '@app/projections';
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
    const entries = await this.readStore.find<ModerationLogDocument | AccountModerationLogDocument>(
      MODERATION_LOG_COLLECTION,
      {},
      { sort: [['position', -1]], limit: RECENT_MODERATION_LIMIT },
    );
    const postEntries = entries.filter((entry): entry is ModerationLogDocument => !isAccountModerationEntry(entry));
    const postIds = [...new Set(postEntries.map((entry) => streamNameOf(entry)))];
    const posts = postIds.length ? await this.readStore.find<PostViewDocument>(POST_VIEW_COLLECTION, { id: { $in: postIds } }) : [];
    const titles = new Map(posts.map((post) => [post.id, post.title]));
    const subjects = entries.filter(isAccountModerationEntry).map((entry) => entry.subjectAccountId);
    const actorOf = await this.authorNames.actors([...entries.map((entry) => entry.actor), ...subjects]);
    return entries.map((entry) => {
      if (!isAccountModerationEntry(entry)) return this.postEntry(entry, titles, actorOf);
      const subject = actorOf(entry.subjectAccountId);
      return {
        entityType: 0,
        postId: 0,
        title: '',
        action: entry.action,
        actor: actorOf(entry.actor).handle,
        actorName: actorOf(entry.actor).name,
        at: entry.at,
        subject: { userName: subject.handle, name: subject.name },
        ...(entry.action === 'suspend' ? { until: entry.until ?? null, reason: entry.reason ?? '' } : {}),
      };
    });
  }

  private postEntry(
    entry: ModerationLogDocument,
    titles: Map<string, string>,
    actorOf: (actor: string) => { handle: string; name: string },
  ): RecentModerationEntry {
    return {
      entityType: entry.entityType,
      postId: entry.postId,
      title: titles.get(streamNameOf(entry)) ?? '',
      action: entry.action,
      actor: actorOf(entry.actor).handle,
      actorName: actorOf(entry.actor).name,
      at: entry.at,
    };
  }
}

const streamNameOf = (entry: ModerationLogDocument) => POST_KINDS[postKindOf(entry.entityType) ?? 'article'].streamName(entry.postId);
