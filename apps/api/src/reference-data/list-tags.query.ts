import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { listTags, type Tag } from '@app/domain';

export class ListTagsQuery extends Query<Tag[]> {}

@QueryHandler(ListTagsQuery)
export class ListTagsHandler implements IQueryHandler<ListTagsQuery, Tag[]> {
  execute(): Promise<Tag[]> {
    return Promise.resolve(listTags().map(({ id, subTag }) => ({ id, subTag })));
  }
}
