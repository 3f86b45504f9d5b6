import { Inject, Injectable } from '@nestjs/common';
import { commentStreamName, DomainError, isCommentVisibleTo, LIKE_TARGETS, type Actor, type LikeTarget } from '@app/domain';
import type { ReadStore } from '@app/read-store';
import { COMMENTS_COLLECTION, type CommentDocument } from '@app/projections';
import { READ_STORE } from '../infrastructure/tokens';
import { VisiblePosts } from '../shared/visible-post';

/** Whether the reader may see (and so like, or list the likers of) an item: a post, or a comment and its post. */
@Injectable()
export class LikeTargetVisibility {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    private readonly posts: VisiblePosts,
  ) {}

  async isVisible(target: LikeTarget, id: number, viewer: Actor | null): Promise<boolean> {
    const { postKind, isComment } = LIKE_TARGETS[target];
    let postId = id;
    if (isComment) {
      const comment = await this.readStore.get<CommentDocument>(COMMENTS_COLLECTION, commentStreamName(id));
      if (!comment || comment.postKind !== postKind || !isCommentVisibleTo(comment, viewer)) return false;
      postId = comment.postId;
    }
    try {
      await this.posts.get(postKind, postId, viewer);
      return true;
    } catch (error) {
      if (error instanceof DomainError && error.kind === 'not_found') return false;
      throw error;
    }
  }
}
