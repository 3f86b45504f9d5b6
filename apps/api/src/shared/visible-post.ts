import { Inject, Injectable } from '@nestjs/common';
import {
  commentStreamName,
  isCommentVisibleTo,
  isVisibleTo,
  LIKE_TARGETS,
  notFound,
  POST_KINDS,
  type Actor,
  type LikeTarget,
  type PostKind,
} from '@app/domain';
import type { ReadStore } from '@app/read-store';
import { COMMENTS_COLLECTION, POST_VIEW_COLLECTION, type CommentDocument, type PostViewDocument } from '@app/projections';
import { READ_STORE } from '../infrastructure/tokens';
import { AuthorNames, type AuthorName } from './author-names';

export interface VisiblePostView {
  post: PostViewDocument;
  author: AuthorName;
}

/** What a viewer may see, read from the read models: a post, a comment on a post, any likeable (or flaggable) item. */
@Injectable()
export class VisiblePosts {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    private readonly authorNames: AuthorNames,
  ) {}

  /** A post's view document, if the viewer may see it; 'not found' otherwise, so hidden posts do not leak. */
  async get(kind: PostKind, id: number, viewer: Actor | null): Promise<VisiblePostView> {
    const view = await this.find(kind, id, viewer);
    if (!view) throw notFound(POST_KINDS[kind].notFound);
    return view;
  }

  /** A post's view document, if the viewer may see it; null otherwise. */
  async find(kind: PostKind, id: number, viewer: Actor | null): Promise<VisiblePostView | null> {
    const post = await this.readStore.get<PostViewDocument>(POST_VIEW_COLLECTION, POST_KINDS[kind].streamName(id));
    if (
      !post ||
      !isVisibleTo({ authorId: post.authorId, isPublished: post.isPublished, isApproved: post.isApproved, deleted: post.deleted }, viewer)
    ) {
      return null;
    }
    const authorOf = await this.authorNames.lookup([post.authorId]);
    return { post, author: authorOf(post.authorId) };
  }

  /** A comment on a post of `kind`, if the viewer may see both; null otherwise. */
  async comment(kind: PostKind, id: number, viewer: Actor | null): Promise<{ comment: CommentDocument; on: VisiblePostView } | null> {
    const comment = await this.readStore.get<CommentDocument>(COMMENTS_COLLECTION, commentStreamName(id));
    if (!comment || comment.postKind !== kind || !isCommentVisibleTo(comment, viewer)) return null;
    const on = await this.find(kind, comment.postId, viewer);
    return on && { comment, on };
  }

  /** Whether the viewer may see (and so like, flag, or list the likers of) an item: a post, or a comment and its post. */
  async isLikeTargetVisible(target: LikeTarget, id: number, viewer: Actor | null): Promise<boolean> {
    const { postKind, isComment } = LIKE_TARGETS[target];
    return (isComment ? await this.comment(postKind, id, viewer) : await this.find(postKind, id, viewer)) !== null;
  }
}
