import type { Location } from '@/features/profile/components/location-selects';

/** The place and the period of a work or education item as its form edits them: 0 and '' mean not chosen yet. */
export interface PlaceAndPeriod extends Location {
  startDate: string;
  endDate: string;
}

interface StoredPlaceAndPeriod {
  countryId?: number | null;
  stateId?: number | null;
  cityId?: number | null;
  startDate?: string | null;
  endDate?: string | null;
}

export const placeAndPeriodOf = (item?: StoredPlaceAndPeriod): PlaceAndPeriod => ({
  countryId: item?.countryId ?? 0,
  stateId: item?.stateId ?? 0,
  cityId: item?.cityId ?? 0,
  startDate: item?.startDate ?? '',
  endDate: item?.endDate ?? '',
});

interface Mutation<Request> {
  mutateAsync: (request: Request) => Promise<unknown>;
}

/** A history form's save: edits the item the form was opened on, or adds a new one. */
export const addOrEdit =
  <Request extends object>(item: { id: number } | undefined, add: Mutation<Request>, edit: Mutation<Request & { id: number }>) =>
  (request: Request) =>
    item ? edit.mutateAsync({ ...request, id: item.id }) : add.mutateAsync(request);
