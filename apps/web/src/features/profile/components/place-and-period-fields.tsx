import { DateField } from '@/features/profile/components/date-field';
import { LocationSelects } from '@/features/profile/components/location-selects';
import type { ProfileFormState } from '@/features/profile/hooks/use-profile-form';
import type { PlaceAndPeriod } from '@/features/profile/lib/history-form';

/** The country, state and city selects and the start and end dates of a work or education form. */
export function PlaceAndPeriodFields({
  form,
  endDateDisabled,
}: {
  form: Pick<ProfileFormState<PlaceAndPeriod>, 'values' | 'set' | 'touch' | 'errorOf' | 'field'>;
  endDateDisabled?: boolean;
}) {
  const { values, set, touch, errorOf, field } = form;
  return (
    <>
      <LocationSelects
        value={values}
        onChange={set}
        onBlur={touch}
        errors={{ countryId: errorOf('countryId'), stateId: errorOf('stateId'), cityId: errorOf('cityId') }}
      />
      <div className="profile-form-grid">
        <DateField label="Start Date" {...field('startDate')} />
        <DateField label="End Date" {...field('endDate')} disabled={endDateDisabled} />
      </div>
    </>
  );
}
