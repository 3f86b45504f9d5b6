import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { type Category, listCategories } from '@app/domain';

export class ListCategoriesQuery extends Query<Category[]> {}

@QueryHandler(ListCategoriesQuery)
export class ListCategoriesHandler implements IQueryHandler<ListCategoriesQuery, Category[]> {
  execute(): Promise<Category[]> {
    return Promise.resolve(listCategories().map(({ id, subCategory }) => ({ id, subCategory })));
  }
}
