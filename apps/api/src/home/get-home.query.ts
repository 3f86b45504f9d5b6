import { Inject } from '@nestjs/common';
import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { GridPostItem, HomeResult } from '@app/contracts';
import type { ReadStore } from '@app/read-store';
import { HOME_COLLECTION, HOME_PAGE_SIZE, type HomePostDocument } from '@app/projections';
import { AuthorNames } from '../accounts/author-names';
import { READ_STORE } from '../infrastructure/tokens';

export class GetHomeQuery extends Query<HomeResult> {}

@QueryHandler(GetHomeQuery)
export class GetHomeHandler implements IQueryHandler<GetHomeQuery, HomeResult> {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    private readonly authorNames: AuthorNames,
  ) {}

  async execute(): Promise<HomeResult> {
    const latest = async (entityType: number) => {
      const posts = await this.readStore.find<HomePostDocument>(
        HOME_COLLECTION,
        { entityType, visible: true },
        { sort: [['postId', -1]], limit: HOME_PAGE_SIZE },
      );
      return this.authorNames.withNames(posts.map(toGridItem));
    };
    const [articles, questions] = await Promise.all([latest(1), latest(2)]);
    return { articles, questions };
  }
}

function toGridItem(post: HomePostDocument): Omit<GridPostItem, 'name' | 'uName'> & { authorId: string } {
  const { postId, entityType, title, authorId, tags, likes, isApproved, createdOn, updatedOn, articleDescription } = post;
  return { id: postId, entityType, title, authorId, tags, likes, isApproved, createdOn, updatedOn, articleDescription };
}
