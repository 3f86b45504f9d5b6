import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { listTags, type Tag } from '@app/domain';

export class ListTagsQuery extends Query<Tag[]> {}

@QueryHandler(ListTagsQuery)
export class ListTagsHandler implements IQueryHandler<ListTagsQuery, Tag[]> {
  async execute(): Promise<Tag[]> {
    return listTags().map(({ id, subTag }) => ({ id, subTag }));
  }
}
