import { addEducationRequestSchema, MAX_LENGTHS, type AddEducationRequest, type Education } from '@app/contracts';
import { useAddEducation } from '@/features/profile/api/add-education';
import { useDeleteEducation } from '@/features/profile/api/delete-education';
import { useEditEducation } from '@/features/profile/api/edit-education';
import { useEducations } from '@/features/profile/api/get-educations';
import { DateField } from '@/features/profile/components/date-field';
import { ProfileForm } from '@/features/profile/components/profile-form';
import { HistorySection } from '@/features/profile/components/history-section';
import { LocationSelects } from '@/features/profile/components/location-selects';
import { TextField } from '@/features/profile/components/text-field';
import { useProfileForm } from '@/features/profile/hooks/use-profile-form';
import { period, placeText } from '@/features/profile/lib/profile-text';

/** SPEC §2 Education History. */
export function EducationHistory({ userName, isOwner }: { userName: string; isOwner: boolean }) {
  const educations = useEducations(userName);
  const remove = useDeleteEducation(userName);
  return (
    <HistorySection<Education>
      title="Education History"
      items={educations.data}
      emptyMessage="No education history found."
      isOwner={isOwner}
      nameOf={(education) => education.universityName}
      deleteConfirmation="Are you sure you want to delete this education?"
      onDelete={(education) => remove.mutateAsync(education.id)}
      renderItem={(education) => (
        <>
          <h3>{education.universityName}</h3>
          <p className="muted">{period(education.startDate, education.endDate)}</p>
          <p className="muted">{placeText(education)}</p>
        </>
      )}
      renderForm={({ item, onDone }) => <EducationForm key={item?.id ?? 'new'} userName={userName} education={item} onDone={onDone} />}
    />
  );
}

interface EducationFormValues {
  universityName: string;
  countryId: number;
  stateId: number;
  cityId: number;
  startDate: string;
  endDate: string;
}

const valuesOf = (education?: Education): EducationFormValues => ({
  universityName: education?.universityName ?? '',
  countryId: education?.countryId ?? 0,
  stateId: education?.stateId ?? 0,
  cityId: education?.cityId ?? 0,
  startDate: education?.startDate ?? '',
  endDate: education?.endDate ?? '',
});

function EducationForm({ userName, education, onDone }: { userName: string; education?: Education; onDone: () => void }) {
  const form = useProfileForm<EducationFormValues, AddEducationRequest>(addEducationRequestSchema, valuesOf(education));
  const add = useAddEducation(userName);
  const edit = useEditEducation(userName);
  const { values, set, touch, errorOf, field } = form;

  const save = () => form.save((request) => (education ? edit.mutateAsync({ ...request, id: education.id }) : add.mutateAsync(request)));

  return (
    <ProfileForm
      className="profile-history-form"
      label={education ? `Edit ${education.universityName}` : 'Add Education History'}
      onSave={save}
      onDone={onDone}
    >
      <TextField label="University Name" {...field('universityName')} maxLength={MAX_LENGTHS.historyName} />
      <LocationSelects
        value={values}
        onChange={set}
        onBlur={touch}
        errors={{ countryId: errorOf('countryId'), stateId: errorOf('stateId'), cityId: errorOf('cityId') }}
      />
      <div className="profile-form-grid">
        <DateField label="Start Date" {...field('startDate')} />
        <DateField label="End Date" {...field('endDate')} />
      </div>
    </ProfileForm>
  );
}
