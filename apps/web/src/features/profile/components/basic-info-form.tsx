import { basicInfoUpdateRequestSchema, latestToday, MAX_LENGTHS, type BasicInfoUpdateRequest, type UserProfile } from '@app/contracts';
import { useGenders } from '@/features/profile/api/get-genders';
import { LocationSelects } from '@/features/profile/components/location-selects';
import { ProfileForm } from '@/features/profile/components/profile-form';
import { FormField } from '@/components/form-field';
import { useProfileForm } from '@/features/profile/hooks/use-profile-form';
import { basicInfoFormOf, type BasicInfoFormValues } from '@/features/profile/lib/basic-info-form';

type TextName = 'name' | 'title' | 'contactEmail' | 'phone' | 'websiteUrl' | 'linkedInUrl' | 'gitHubUrl' | 'resumeUrl';

const TEXT_FIELDS: ReadonlyArray<{ name: TextName; label: string; maxLength: number; type?: string }> = [
  { name: 'name', label: 'Name', maxLength: MAX_LENGTHS.profileName },
  { name: 'title', label: 'Title', maxLength: MAX_LENGTHS.profileTitle },
  { name: 'contactEmail', label: 'Contact Email', maxLength: MAX_LENGTHS.email, type: 'email' },
  { name: 'phone', label: 'Phone', maxLength: MAX_LENGTHS.phone, type: 'tel' },
  { name: 'websiteUrl', label: 'Website', maxLength: MAX_LENGTHS.url, type: 'url' },
  { name: 'linkedInUrl', label: 'LinkedIn', maxLength: MAX_LENGTHS.url, type: 'url' },
  { name: 'gitHubUrl', label: 'GitHub', maxLength: MAX_LENGTHS.url, type: 'url' },
  { name: 'resumeUrl', label: 'Resume', maxLength: MAX_LENGTHS.url, type: 'url' },
];

const FLAGS: ReadonlyArray<{ name: 'showDOB' | 'showEmail' | 'showPhone'; label: string }> = [
  { name: 'showDOB', label: 'Show my date of birth to others' },
  { name: 'showEmail', label: 'Show my e-mail to others' },
  { name: 'showPhone', label: 'Show my phone to others' },
];

interface BasicInfoFormProps {
  profile: UserProfile;
  onSave: (request: BasicInfoUpdateRequest) => Promise<unknown>;
  /** Closes the edit mode: after a save, or on Cancel. */
  onDone: () => void;
}

/**
 * The owner's basic-info edit mode (SPEC §4, §5): every rule of the contract schema, the e-mail
 * read-only, cascading location. Cancel drops the form, so the view shows the previous values.
 */
export function BasicInfoForm({ profile, onSave, onDone }: BasicInfoFormProps) {
  const form = useProfileForm<BasicInfoFormValues, BasicInfoUpdateRequest>(basicInfoUpdateRequestSchema, basicInfoFormOf(profile));
  const genders = useGenders().data ?? [];

  const textField = ({ name, label, maxLength, type = 'text' }: (typeof TEXT_FIELDS)[number]) => (
    <FormField key={name} label={label} error={form.errorOf(name)}>
      {(control) => (
        <input
          {...control}
          type={type}
          value={form.values[name]}
          maxLength={maxLength}
          onChange={(event) => form.set({ [name]: event.target.value })}
          onBlur={() => form.touch(name)}
        />
      )}
    </FormField>
  );

  return (
    <ProfileForm label="Basic Info" onSave={() => form.save(onSave)} onDone={onDone}>
      <div className="profile-form-grid">
        {TEXT_FIELDS.slice(0, 2).map(textField)}
        <FormField label="Email">{(control) => <input {...control} type="email" value={profile.email ?? ''} readOnly />}</FormField>
        {TEXT_FIELDS.slice(2, 4).map(textField)}
        <FormField label="Date of Birth" error={form.errorOf('dateOfBirth')}>
          {(control) => (
            <input
              {...control}
              type="date"
              max={latestToday(new Date())}
              value={form.values.dateOfBirth}
              onChange={(event) => form.set({ dateOfBirth: event.target.value })}
              onBlur={() => form.touch('dateOfBirth')}
            />
          )}
        </FormField>
        <FormField label="Gender" error={form.errorOf('genderId')}>
          {(control) => (
            <select {...control} value={form.values.genderId} onChange={(event) => form.set({ genderId: Number(event.target.value) })}>
              <option value={0}>Select Gender</option>
              {genders.map((gender) => (
                <option key={gender.id} value={gender.id}>
                  {gender.name}
                </option>
              ))}
            </select>
          )}
        </FormField>
      </div>
      <LocationSelects
        value={form.values}
        onChange={(location) => form.set(location)}
        onBlur={form.touch}
        errors={{ countryId: form.errorOf('countryId'), stateId: form.errorOf('stateId'), cityId: form.errorOf('cityId') }}
      />
      <FormField label="About" error={form.errorOf('about')}>
        {(control) => (
          <textarea
            {...control}
            rows={4}
            maxLength={MAX_LENGTHS.about}
            value={form.values.about}
            onChange={(event) => form.set({ about: event.target.value })}
            onBlur={() => form.touch('about')}
          />
        )}
      </FormField>
      <div className="profile-form-grid">{TEXT_FIELDS.slice(4).map(textField)}</div>
      <fieldset className="profile-privacy">
        <legend>Privacy</legend>
        {FLAGS.map(({ name, label }) => (
          <label key={name} className="checkbox-label">
            <input type="checkbox" checked={form.values[name]} onChange={(event) => form.set({ [name]: event.target.checked })} />
            {label}
          </label>
        ))}
      </fieldset>
    </ProfileForm>
  );
}
