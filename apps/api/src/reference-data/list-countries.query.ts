import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { listCountries } from './geography';
import { type MasterDataItem, toMasterDataItems } from './master-data-item';

export class ListCountriesQuery extends Query<MasterDataItem[]> {}

@QueryHandler(ListCountriesQuery)
export class ListCountriesHandler implements IQueryHandler<ListCountriesQuery, MasterDataItem[]> {
  execute(): Promise<MasterDataItem[]> {
    return Promise.resolve(toMasterDataItems(listCountries()));
  }
}
