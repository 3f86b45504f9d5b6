import { Injectable } from '@nestjs/common';
import {
  commentDecider,
  commentOf,
  commentStreamName,
  fileDecider,
  fileStreamName,
  isVisibleTo,
  POST_KINDS,
  postDecider,
  visiblePostOf,
  type Actor,
  type AttachedCommentImage,
  type CommentedPost,
  type PostKind,
  type RepliedComment,
  type VisiblePost,
} from '@app/domain';
import { EventSourcedCommands } from '../infrastructure/event-sourced-commands';

/**
 * The facts a new comment is decided on, read from the streams themselves (not read models that
 * may lag): the post, the comment it replies to, the images it claims.
 */
@Injectable()
export class CommentFacts {
  constructor(private readonly commands: EventSourcedCommands) {}

  /** The post as the visibility rule needs it, or null when it was never created. */
  async post(kind: PostKind, id: number): Promise<VisiblePost | null> {
    const { state } = await this.commands.load(POST_KINDS[kind].streamName(id), postDecider);
    return visiblePostOf(state);
  }

  async commentedPost(kind: PostKind, id: number, actor: Actor): Promise<CommentedPost | null> {
    const post = await this.post(kind, id);
    return post ? { kind, id, visibleToActor: isVisibleTo(post, actor) } : null;
  }

  /** Whether the actor can see the post of a comment (true when there is no such comment: the decider answers that). */
  async commentPostVisibleTo(commentId: number, actor: Actor): Promise<boolean> {
    const comment = commentOf((await this.commands.load(commentStreamName(commentId), commentDecider)).state);
    if (!comment) return true;
    const post = await this.post(comment.postKind, comment.postId);
    return post !== null && isVisibleTo(post, actor);
  }

  async repliedComment(parentId: number): Promise<RepliedComment | null> {
    if (parentId <= 0) return null;
    const comment = commentOf((await this.commands.load(commentStreamName(parentId), commentDecider)).state);
    return comment ? { postKind: comment.postKind, postId: comment.postId, deleted: comment.deleted } : null;
  }

  attachedImages(ids: readonly number[]): Promise<(AttachedCommentImage | null)[]> {
    return Promise.all(
      ids.map(async (id) => {
        const { state } = await this.commands.load(fileStreamName(id), fileDecider);
        return state.status === 'initial'
          ? null
          : {
              id,
              uploaderId: state.upload.uploaderId,
              attachmentTypeId: state.upload.attachmentTypeId,
              deleted: state.status === 'deleted',
            };
      }),
    );
  }
}
