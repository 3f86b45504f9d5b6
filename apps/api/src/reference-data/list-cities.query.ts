import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { listCities } from './geography';
import { type MasterDataItem, toMasterDataItems } from './master-data-item';

/** The cities of a state; an unknown state has none. */
export class ListCitiesQuery extends Query<MasterDataItem[]> {
  constructor(readonly stateId: number) {
    super();
  }
}

@QueryHandler(ListCitiesQuery)
export class ListCitiesHandler implements IQueryHandler<ListCitiesQuery, MasterDataItem[]> {
  execute({ stateId }: ListCitiesQuery): Promise<MasterDataItem[]> {
    return Promise.resolve(toMasterDataItems(listCities(stateId)));
  }
}
