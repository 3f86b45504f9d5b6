/** SPEC §3 master data as the API answers it: countries, states, cities and genders are id and name only. */
export interface MasterDataItem {
  id: number;
  name: string;
}

export const toMasterDataItems = (items: readonly MasterDataItem[]): MasterDataItem[] => items.map(({ id, name }) => ({ id, name }));
