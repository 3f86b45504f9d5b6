import { Inject } from '@nestjs/common';
import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { ReadStore } from '@app/read-store';
import { HOME_COLLECTION, HOME_PAGE_SIZE, type HomePostItem } from '@app/projections/home/home.projection';
import { READ_STORE } from '../infrastructure/tokens';

export interface HomeResult {
  articles: HomePostItem[];
  questions: HomePostItem[];
}

export class GetHomeQuery extends Query<HomeResult> {}

@QueryHandler(GetHomeQuery)
export class GetHomeHandler implements IQueryHandler<GetHomeQuery, HomeResult> {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  async execute(): Promise<HomeResult> {
    const latest = (entityType: number) =>
      this.readStore.find<HomePostItem>(HOME_COLLECTION, { entityType }, { sort: [['id', -1]], limit: HOME_PAGE_SIZE });
    const [articles, questions] = await Promise.all([latest(1), latest(2)]);
    return { articles, questions };
  }
}
