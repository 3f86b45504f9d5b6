import { Injectable } from '@nestjs/common';
import type { Comment } from '@app/contracts';
import { commentLikeTargetOf, COMMENT_NOT_FOUND, notFound, type Actor, type PostKind } from '@app/domain';
import type { CommentDocument } from '@app/projections';
import { AuthorNames } from '../shared/author-names';
import { LikesOfReader } from '../shared/likes-of-reader';
import { VisiblePosts } from '../shared/visible-post';

/** Comment documents as the SPA reads them: author names and pictures joined, `isLikedByMe` for the reader. */
@Injectable()
export class CommentViews {
  constructor(
    private readonly authorNames: AuthorNames,
    private readonly likes: LikesOfReader,
    private readonly posts: VisiblePosts,
  ) {}

  /** The comment, if the viewer may see it and its post; 'Comment not found.' otherwise. */
  async document(kind: PostKind, id: number, viewer: Actor | null): Promise<CommentDocument> {
    return (await this.visible(kind, id, viewer)).comment;
  }

  async get(kind: PostKind, id: number, viewer: Actor | null): Promise<Comment> {
    const { comment: document, on } = await this.visible(kind, id, viewer);
    const [comment] = await this.present(kind, [document], viewer, on.post.acceptedCommentId ?? null);
    return comment;
  }

  /** `acceptedCommentId`: the post's accepted answer (issue 27), which the list marks `isAccepted`. */
  async present(
    kind: PostKind,
    documents: readonly CommentDocument[],
    viewer: Actor | null,
    acceptedCommentId: number | null = null,
  ): Promise<Comment[]> {
    const authorOf = await this.authorNames.withPictures(documents.map((document) => document.authorId));
    const liked = await this.likes.likedBy(
      viewer,
      commentLikeTargetOf(kind),
      documents.map((document) => document.commentId),
    );
    return documents.map((document) => {
      const { profilePic, ...author } = authorOf(document.authorId);
      return {
        id: document.commentId,
        ...author,
        content: document.content,
        parentId: document.parentId,
        likes: document.likes,
        createdOn: document.createdOn,
        updatedOn: document.updatedOn,
        isApproved: document.isApproved,
        isLikedByMe: liked.has(document.commentId),
        isAccepted: document.commentId === acceptedCommentId,
        // An erased author shows as 'Deleted user', without a picture.
        profilePic,
      };
    });
  }

  private async visible(kind: PostKind, id: number, viewer: Actor | null) {
    const found = await this.posts.comment(kind, id, viewer);
    if (!found) throw notFound(COMMENT_NOT_FOUND);
    return found;
  }
}
