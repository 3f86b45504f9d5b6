import { addEducationRequestSchema, MAX_LENGTHS, type AddEducationRequest, type Education } from '@app/contracts';
import { useAddEducation } from '@/features/profile/api/add-education';
import { useDeleteEducation } from '@/features/profile/api/delete-education';
import { useEditEducation } from '@/features/profile/api/edit-education';
import { useEducations } from '@/features/profile/api/get-educations';
import { ProfileForm } from '@/features/profile/components/profile-form';
import { HistorySection } from '@/features/profile/components/history-section';
import { PlaceAndPeriodFields } from '@/features/profile/components/place-and-period-fields';
import { TextField } from '@/features/profile/components/text-field';
import { useProfileForm } from '@/features/profile/hooks/use-profile-form';
import { addOrEdit, placeAndPeriodOf, type PlaceAndPeriod } from '@/features/profile/lib/history-form';
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

interface EducationFormValues extends PlaceAndPeriod {
  universityName: string;
}

const valuesOf = (education?: Education): EducationFormValues => ({
  universityName: education?.universityName ?? '',
  ...placeAndPeriodOf(education),
});

function EducationForm({ userName, education, onDone }: { userName: string; education?: Education; onDone: () => void }) {
  const form = useProfileForm<EducationFormValues, AddEducationRequest>(addEducationRequestSchema, valuesOf(education));
  const add = useAddEducation(userName);
  const edit = useEditEducation(userName);
  const save = () => form.save(addOrEdit(education, add, edit));

  return (
    <ProfileForm
      className="profile-history-form"
      label={education ? `Edit ${education.universityName}` : 'Add Education History'}
      onSave={save}
      onDone={onDone}
    >
      <TextField label="University Name" {...form.field('universityName')} maxLength={MAX_LENGTHS.historyName} />
      <PlaceAndPeriodFields form={form} />
    </ProfileForm>
  );
}
