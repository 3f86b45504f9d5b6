import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { listStates } from './geography';
import { type MasterDataItem, toMasterDataItems } from './master-data-item';

/** The states of a country; an unknown country has none. */
export class ListStatesQuery extends Query<MasterDataItem[]> {
  constructor(readonly countryId: number) {
    super();
  }
}

@QueryHandler(ListStatesQuery)
export class ListStatesHandler implements IQueryHandler<ListStatesQuery, MasterDataItem[]> {
  execute({ countryId }: ListStatesQuery): Promise<MasterDataItem[]> {
    return Promise.resolve(toMasterDataItems(listStates(countryId)));
  }
}
