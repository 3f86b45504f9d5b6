/** SPEC §3 master data: countries, states, cities and genders, each an id and a name. */
export interface MasterDataItem {
  id: number;
  name: string;
}
