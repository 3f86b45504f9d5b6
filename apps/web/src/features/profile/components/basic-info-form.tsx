import { basicInfoUpdateRequestSchema, latestToday, MAX_LENGTHS, type BasicInfoUpdateRequest, type UserProfile } from '@app/contracts';
import { useState, type FormEvent } from 'react';
import { useGenders } from '@/features/profile/api/get-genders';
import { LocationSelects } from '@/features/profile/components/location-selects';
import { ProfileField } from '@/features/profile/components/profile-field';
import { useProfileForm } from '@/features/profile/hooks/use-profile-form';
import { basicInfoFormOf, type BasicInfoFormValues } from '@/features/profile/lib/basic-info-form';
import { messageOf } from '@/lib/message-of';

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
  onCancel: () => void;
}

/**
 * The owner's basic-info edit mode (SPEC §4, §5): every rule of the contract schema, the e-mail
 * read-only, cascading location. Cancel drops the form, so the view shows the previous values.
 */
export function BasicInfoForm({ profile, onSave, onCancel }: BasicInfoFormProps) {
  const form = useProfileForm<BasicInfoFormValues, BasicInfoUpdateRequest>(basicInfoUpdateRequestSchema, basicInfoFormOf(profile));
  const genders = useGenders().data ?? [];
  const [saveError, setSaveError] = useState('');
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    form.attemptSave();
    if (!form.parsed || saving) return;
    setSaving(true);
    try {
      await onSave(form.parsed);
    } catch (error) {
      setSaveError(messageOf(error));
    } finally {
      setSaving(false);
    }
  };

  const textField = ({ name, label, maxLength, type = 'text' }: (typeof TEXT_FIELDS)[number]) => (
    <ProfileField key={name} label={label} error={form.errorOf(name)}>
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
    </ProfileField>
  );

  return (
    <form className="profile-form" aria-label="Basic Info" onSubmit={(event) => void submit(event)} noValidate>
      <div className="profile-form-grid">
        {TEXT_FIELDS.slice(0, 2).map(textField)}
        <ProfileField label="Email">{(control) => <input {...control} type="email" value={profile.email ?? ''} readOnly />}</ProfileField>
        {TEXT_FIELDS.slice(2, 4).map(textField)}
        <ProfileField label="Date of Birth" error={form.errorOf('dateOfBirth')}>
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
        </ProfileField>
        <ProfileField label="Gender" error={form.errorOf('genderId')}>
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
        </ProfileField>
      </div>
      <LocationSelects
        value={form.values}
        onChange={(location) => form.set(location)}
        onBlur={form.touch}
        errors={{ countryId: form.errorOf('countryId'), stateId: form.errorOf('stateId'), cityId: form.errorOf('cityId') }}
      />
      <ProfileField label="About" error={form.errorOf('about')}>
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
      </ProfileField>
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
      {saveError && (
        <p className="field-error" role="alert">
          {saveError}
        </p>
      )}
      <div className="profile-form-buttons">
        <button type="submit" className="button button-primary" disabled={saving}>
          Save
        </button>
        <button type="button" className="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
