import { Inject } from '@nestjs/common';
import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { EntityType, type GridPostItem, type HomeResult } from '@app/contracts';
import type { ReadStore } from '@app/read-store';
import { HOME_COLLECTION, HOME_PAGE_SIZE, type HomePostDocument } from '@app/projections';
import { READ_STORE } from '../infrastructure/tokens';

export class GetHomeQuery extends Query<HomeResult> {}

@QueryHandler(GetHomeQuery)
export class GetHomeHandler implements IQueryHandler<GetHomeQuery, HomeResult> {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  async execute(): Promise<HomeResult> {
    const latest = async (entityType: number) => {
      const posts = await this.readStore.find<HomePostDocument>(
        HOME_COLLECTION,
        { entityType, visible: true },
        { sort: [['postId', -1]], limit: HOME_PAGE_SIZE },
      );
      return posts.map(toGridItem);
    };
    const [articles, questions] = await Promise.all([latest(1), latest(2)]);
    return { articles, questions };
  }
}

/** The documents hold the author's names already (the home projection follows renames). */
function toGridItem(post: HomePostDocument): GridPostItem {
  const { postId, entityType, title, tags, likes, isApproved, createdOn, updatedOn, articleDescription, uName, name } = post;
  const { comments, readingMinutes } = post;
  return {
    id: postId,
    entityType,
    title,
    tags,
    likes,
    isApproved,
    createdOn,
    updatedOn,
    articleDescription,
    uName,
    name,
    comments,
    readingMinutes,
    // Issue 27: questions say whether an answer was accepted.
    ...(entityType === EntityType.Question ? { isSolved: post.isSolved ?? false } : {}),
  };
}
