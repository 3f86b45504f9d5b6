import { Inject, Injectable } from '@nestjs/common';
import type { KeysetPageQuery, PostListEntry } from '@app/contracts';
import type { Actor } from '@app/domain';
import type { ReadStore } from '@app/read-store';
import { FEED_COLLECTION, FOLLOWS_COLLECTION, type FeedDocument, type FollowDocument } from '@app/projections';
import { READ_STORE } from '../infrastructure/tokens';
import { newestFirst } from '../shared/keyset-page';
import { GRID_ITEMS_READ_MODELS, PostGridItems } from '../shared/post-grid-items';

/** What the feed is read from. */
export const FOLLOWING_FEED_READ_MODELS = [{ collection: FOLLOWS_COLLECTION }, { collection: FEED_COLLECTION }, ...GRID_ITEMS_READ_MODELS];

/**
 * GET /api/Home/Following: visible posts by the people and tags the reader follows, newest first,
 * each once, keyset-paged by post id (ids are time-ordered). A post reached through its author and
 * a tag has two feed entries; batches are read until a page has `pageSize` distinct posts.
 */
@Injectable()
export class FollowingFeed {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    private readonly grid: PostGridItems,
  ) {}

  async page(reader: Actor, { lastFetchedId, pageSize }: KeysetPageQuery): Promise<PostListEntry[]> {
    const follows = await this.readStore.find<FollowDocument>(FOLLOWS_COLLECTION, { followerId: reader.accountId });
    if (follows.length === 0) return [];
    const targets = follows.map((follow) => follow.target);
    const posts = new Map<string, FeedDocument>();
    let before = lastFetchedId;
    for (;;) {
      const batch = newestFirst('postId', { lastFetchedId: before, pageSize: pageSize * 2 });
      const found = await this.readStore.find<FeedDocument>(
        FEED_COLLECTION,
        { target: { $in: targets }, visible: true, ...batch.before },
        batch.options,
      );
      for (const entry of found) if (posts.size < pageSize) posts.set(entry.postStream, entry);
      if (posts.size >= pageSize || found.length < pageSize * 2) break;
      before = found[found.length - 1].postId;
    }
    const items = await this.grid.of([...posts.values()], reader);
    return items.map(({ item }) => ({ id: item.id, at: item.createdOn, post: item }));
  }
}
