import { useCities } from '@/features/profile/api/get-cities';
import { useCountries } from '@/features/profile/api/get-countries';
import { useStates } from '@/features/profile/api/get-states';
import { FormField } from '@/components/form-field';
import { SearchableSelect } from '@/components/searchable-select';
import type { MasterDataItem } from '@/features/profile/types';

export interface Location {
  countryId: number;
  stateId: number;
  cityId: number;
}

interface LocationSelectsProps {
  value: Location;
  onChange: (location: Location) => void;
  onBlur?: (field: keyof Location) => void;
  errors?: Partial<Record<keyof Location, string>>;
}

const NONE: MasterDataItem[] = [];

/**
 * Cascading country, state and city selects (SPEC §4): a new country reloads the states and clears
 * the state and city; a new state reloads the cities and clears the city. 0 means none chosen. A
 * state can have thousands of cities: the city is a searchable combobox, not a select.
 */
export function LocationSelects({ value, onChange, onBlur, errors = {} }: LocationSelectsProps) {
  const countries = useCountries().data ?? NONE;
  const states = useStates(value.countryId).data ?? NONE;
  const cities = useCities(value.stateId).data ?? NONE;

  const select = (field: keyof Location, label: string, items: MasterDataItem[], change: (id: number) => Location) => (
    <FormField label={label} error={errors[field]}>
      {(control) => (
        <select
          {...control}
          value={value[field]}
          onChange={(event) => onChange(change(Number(event.target.value)))}
          onBlur={() => onBlur?.(field)}
        >
          <option value={0}>Select {label}</option>
          {/* Until its list has loaded, keep the chosen place so the select does not show another. */}
          {value[field] > 0 && !items.some((item) => item.id === value[field]) && <option value={value[field]}>…</option>}
          {items.map((item) => (
            <option key={item.id} value={item.id}>
              {item.name}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );

  return (
    <div className="location-selects">
      {select('countryId', 'Country', countries, (countryId) => ({ countryId, stateId: 0, cityId: 0 }))}
      {select('stateId', 'State', states, (stateId) => ({ ...value, stateId, cityId: 0 }))}
      <FormField label="City" error={errors.cityId}>
        {(control) => (
          <SearchableSelect
            {...control}
            noun="cities"
            options={cities}
            value={value.cityId}
            onChange={(cityId) => onChange({ ...value, cityId })}
            onBlur={() => onBlur?.('cityId')}
          />
        )}
      </FormField>
    </div>
  );
}
