import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { Question } from '@app/contracts';
import type { Actor } from '@app/domain';
import { LikesOfReader } from '../../shared/likes-of-reader';
import { SavesOfReader } from '../../shared/saves-of-reader';
import { questionRecord, readsStaffInstructions } from '../views/post-records';
import { VisiblePosts } from '../../shared/visible-post';

/** SPEC §3 Question record with the author's display name; hidden posts are 'not found'. */
export class GetQuestionQuery extends Query<Question> {
  constructor(
    readonly id: number,
    readonly viewer: Actor | null,
  ) {
    super();
  }
}

@QueryHandler(GetQuestionQuery)
export class GetQuestionHandler implements IQueryHandler<GetQuestionQuery, Question> {
  constructor(
    private readonly posts: VisiblePosts,
    private readonly likes: LikesOfReader,
    private readonly saves: SavesOfReader,
  ) {}

  async execute({ id, viewer }: GetQuestionQuery): Promise<Question> {
    const { post, author } = await this.posts.get('question', id, viewer);
    return {
      ...questionRecord(post, author, readsStaffInstructions(post, viewer)),
      isLikedByMe: await this.likes.likes(viewer, 'question', id),
      isSavedByMe: await this.saves.saved(viewer, 'question', id),
    };
  }
}
