import { Inject } from '@nestjs/common';
import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { FIRST_PAGE_ID, type Comment, type CommentPageParams } from '@app/contracts';
import { isAdmin, POST_KINDS, type Actor, type PostKind } from '@app/domain';
import type { Filter, FindOptions, ReadStore } from '@app/read-store';
import { COMMENTS_COLLECTION, type CommentDocument } from '@app/projections';
import { READ_STORE } from '../infrastructure/tokens';
import { VisiblePosts } from '../shared/visible-post';
import { CommentViews } from './comment-views';

/**
 * A page of a post's comments (keyset paging on the time-ordered comment id): at most `pageSize`
 * comments after `lastFetchedId`, oldest first when `oldestFirst`. Replies are listed like any
 * comment and carry their `parentId`; the grid nests them.
 */
export class ListCommentsQuery extends Query<Comment[]> {
  constructor(
    readonly kind: PostKind,
    readonly page: CommentPageParams,
    readonly viewer: Actor | null,
  ) {
    super();
  }
}

@QueryHandler(ListCommentsQuery)
export class ListCommentsHandler implements IQueryHandler<ListCommentsQuery, Comment[]> {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    private readonly posts: VisiblePosts,
    private readonly views: CommentViews,
  ) {}

  async execute({ kind, page, viewer }: ListCommentsQuery): Promise<Comment[]> {
    const { postId, lastFetchedId, pageSize, oldestFirst } = page;
    // A post the reader may not see has no comments for them either: 'not found'.
    const { post: commented } = await this.posts.get(kind, postId, viewer);
    const post = POST_KINDS[kind].streamName(postId);
    const after: Filter =
      lastFetchedId === FIRST_PAGE_ID ? {} : { commentId: oldestFirst ? { $gt: lastFetchedId } : { $lt: lastFetchedId } };
    const options: FindOptions = { sort: [['commentId', oldestFirst ? 1 : -1]], limit: pageSize };
    const find = (filter: Filter) => this.readStore.find<CommentDocument>(COMMENTS_COLLECTION, { post, ...after, ...filter }, options);

    let documents: CommentDocument[];
    if (viewer && isAdmin(viewer)) {
      // Admins see unapproved comments too, to approve them.
      documents = await find({ deleted: false });
    } else {
      // Readers see approved comments, and their own unapproved ones (pre-moderation).
      const [visible, own] = await Promise.all([
        find({ visible: true }),
        viewer ? find({ authorId: viewer.accountId, deleted: false, isApproved: false }) : Promise.resolve([]),
      ]);
      documents = [...visible, ...own]
        .sort((a, b) => (oldestFirst ? a.commentId - b.commentId : b.commentId - a.commentId))
        .slice(0, pageSize);
    }
    return this.views.present(kind, documents, viewer, commented.acceptedCommentId ?? null);
  }
}
