import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { Article } from '@app/contracts';
import type { Actor } from '@app/domain';
import { LikesOfReader } from '../../shared/likes-of-reader';
import { SavesOfReader } from '../../shared/saves-of-reader';
import { articleRecord, readsStaffInstructions } from '../views/post-records';
import { VisiblePosts } from '../../shared/visible-post';

/** SPEC §3 Article record with the author's display name; hidden posts are 'not found'. */
export class GetArticleQuery extends Query<Article> {
  constructor(
    readonly id: number,
    readonly viewer: Actor | null,
  ) {
    super();
  }
}

@QueryHandler(GetArticleQuery)
export class GetArticleHandler implements IQueryHandler<GetArticleQuery, Article> {
  constructor(
    private readonly posts: VisiblePosts,
    private readonly likes: LikesOfReader,
    private readonly saves: SavesOfReader,
  ) {}

  async execute({ id, viewer }: GetArticleQuery): Promise<Article> {
    const { post, author } = await this.posts.get('article', id, viewer);
    return {
      ...articleRecord(post, author, readsStaffInstructions(post, viewer)),
      isLikedByMe: await this.likes.likes(viewer, 'article', id),
      isSavedByMe: await this.saves.saved(viewer, 'article', id),
    };
  }
}
