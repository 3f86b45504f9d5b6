import { Inject, Injectable } from '@nestjs/common';
import { EntityType, type KeysetPageQuery, type PostListEntry } from '@app/contracts';
import type { Actor } from '@app/domain';
import type { ReadStore } from '@app/read-store';
import { LIKES_COLLECTION, READING_LIST_COLLECTION, sortablePosition, type LikeDocument, type ReadingListDocument } from '@app/projections';
import { READ_STORE } from '../infrastructure/tokens';
import { newestFirst } from '../shared/keyset-page';
import { PostGridItems } from '../shared/post-grid-items';

/**
 * The caller's own post lists, newest first, keyset-paged by `$all` position: the reading list and
 * the posts they like. A page may come out shorter than `pageSize` when a listed post was hidden or
 * deleted since; the next page still starts after the last id the page covered.
 */
@Injectable()
export class MyPostLists {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    private readonly grid: PostGridItems,
  ) {}

  async readingList(reader: Actor, page: KeysetPageQuery): Promise<PostListEntry[]> {
    const { before, options } = newestFirst('seq', page);
    const saves = await this.readStore.find<ReadingListDocument>(
      READING_LIST_COLLECTION,
      { accountId: reader.accountId, ...before },
      options,
    );
    const items = await this.grid.of(saves, reader);
    return items.map(({ ref, item }) => ({ id: ref.seq, at: ref.at, post: item }));
  }

  async likedPosts(reader: Actor, page: KeysetPageQuery): Promise<PostListEntry[]> {
    const { before, options } = newestFirst('position', page, (id) => sortablePosition(BigInt(id)));
    const likes = await this.readStore.find<LikeDocument>(
      LIKES_COLLECTION,
      { accountId: reader.accountId, entityType: { $in: [EntityType.Article, EntityType.Question] }, ...before },
      options,
    );
    const items = await this.grid.of(
      likes.map((like) => ({ ...like, postId: like.targetId })),
      reader,
    );
    return items.map(({ ref, item }) => ({ id: Number(ref.position), at: ref.at, post: item }));
  }
}
