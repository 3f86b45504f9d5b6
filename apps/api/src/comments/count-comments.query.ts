import { Inject } from '@nestjs/common';
import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { isAdmin, POST_KINDS, type Actor, type PostKind } from '@app/domain';
import type { ReadStore } from '@app/read-store';
import { COMMENTS_COLLECTION } from '@app/projections';
import { READ_STORE } from '../infrastructure/tokens';
import { VisiblePosts } from '../shared/visible-post';

/**
 * How many of a post's comments the reader sees, replies included: the number in the heading of
 * the comment grid, whose pages load 20 at a time. The same rule as the list (ListCommentsQuery).
 */
export class CountCommentsQuery extends Query<number> {
  constructor(
    readonly kind: PostKind,
    readonly postId: number,
    readonly viewer: Actor | null,
  ) {
    super();
  }
}

@QueryHandler(CountCommentsQuery)
export class CountCommentsHandler implements IQueryHandler<CountCommentsQuery, number> {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    private readonly posts: VisiblePosts,
  ) {}

  async execute({ kind, postId, viewer }: CountCommentsQuery): Promise<number> {
    await this.posts.get(kind, postId, viewer);
    const post = POST_KINDS[kind].streamName(postId);
    if (viewer && isAdmin(viewer)) return this.readStore.count(COMMENTS_COLLECTION, { post, deleted: false });
    const [visible, own] = await Promise.all([
      this.readStore.count(COMMENTS_COLLECTION, { post, visible: true }),
      viewer ? this.readStore.count(COMMENTS_COLLECTION, { post, authorId: viewer.accountId, deleted: false, isApproved: false }) : 0,
    ]);
    return visible + own;
  }
}
