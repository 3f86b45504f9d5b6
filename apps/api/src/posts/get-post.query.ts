import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { Article, Question } from '@app/contracts';
import type { Actor, PostKind } from '@app/domain';
import { LikesOfReader } from '../shared/likes-of-reader';
import { SavesOfReader } from '../shared/saves-of-reader';
import { readsStaffInstructions } from './views/post-records';
import { VisiblePosts } from '../shared/visible-post';
import { POST_API } from './post-kinds';

/** SPEC §3 Article or Question record with the author's display name; hidden posts are 'not found'. */
export class GetPostQuery extends Query<Article | Question> {
  constructor(
    readonly kind: PostKind,
    readonly id: number,
    readonly viewer: Actor | null,
  ) {
    super();
  }
}

@QueryHandler(GetPostQuery)
export class GetPostHandler implements IQueryHandler<GetPostQuery, Article | Question> {
  constructor(
    private readonly posts: VisiblePosts,
    private readonly likes: LikesOfReader,
    private readonly saves: SavesOfReader,
  ) {}

  async execute({ kind, id, viewer }: GetPostQuery): Promise<Article | Question> {
    const { post, author } = await this.posts.get(kind, id, viewer);
    return {
      ...POST_API[kind].record(post, author, readsStaffInstructions(post, viewer)),
      isLikedByMe: await this.likes.likes(viewer, kind, id),
      isSavedByMe: await this.saves.saved(viewer, kind, id),
    };
  }
}
