import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { listGenders } from '@app/domain';
import { type MasterDataItem, toMasterDataItems } from './master-data-item';

export class ListGendersQuery extends Query<MasterDataItem[]> {}

@QueryHandler(ListGendersQuery)
export class ListGendersHandler implements IQueryHandler<ListGendersQuery, MasterDataItem[]> {
  execute(): Promise<MasterDataItem[]> {
    return Promise.resolve(toMasterDataItems(listGenders()));
  }
}
