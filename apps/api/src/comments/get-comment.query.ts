import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { Comment } from '@app/contracts';
import type { Actor, PostKind } from '@app/domain';
import { CommentViews } from './comment-views';

/** One comment, if the reader may see it and its post. */
export class GetCommentQuery extends Query<Comment> {
  constructor(
    readonly kind: PostKind,
    readonly id: number,
    readonly viewer: Actor | null,
  ) {
    super();
  }
}

@QueryHandler(GetCommentQuery)
export class GetCommentHandler implements IQueryHandler<GetCommentQuery, Comment> {
  constructor(private readonly views: CommentViews) {}

  execute({ kind, id, viewer }: GetCommentQuery): Promise<Comment> {
    return this.views.get(kind, id, viewer);
  }
}
