import { addCompanyRequestSchema, MAX_LENGTHS, type AddCompanyRequest, type Company } from '@app/contracts';
import { useAddCompany } from '@/features/profile/api/add-company';
import { useDeleteCompany } from '@/features/profile/api/delete-company';
import { useEditCompany } from '@/features/profile/api/edit-company';
import { useCompanies } from '@/features/profile/api/get-companies';
import { ProfileForm } from '@/features/profile/components/profile-form';
import { HistorySection } from '@/features/profile/components/history-section';
import { PlaceAndPeriodFields } from '@/features/profile/components/place-and-period-fields';
import { TextField } from '@/features/profile/components/text-field';
import { useProfileForm } from '@/features/profile/hooks/use-profile-form';
import { addOrEdit, placeAndPeriodOf, type PlaceAndPeriod } from '@/features/profile/lib/history-form';
import { period, placeText } from '@/features/profile/lib/profile-text';

/** SPEC §2 Work History. */
export function WorkHistory({ userName, isOwner }: { userName: string; isOwner: boolean }) {
  const companies = useCompanies(userName);
  const remove = useDeleteCompany(userName);
  return (
    <HistorySection<Company>
      title="Work History"
      items={companies.data}
      emptyMessage="No work history found."
      isOwner={isOwner}
      nameOf={(company) => company.companyName}
      deleteConfirmation="Are you sure you want to delete this company?"
      onDelete={(company) => remove.mutateAsync(company.id)}
      renderItem={(company) => (
        <>
          <h3>{company.companyName}</h3>
          <p>{company.designation}</p>
          <p className="muted">{period(company.startDate, company.isCurrentCompany ? null : company.endDate)}</p>
          <p className="muted">{placeText(company)}</p>
        </>
      )}
      renderForm={({ item, onDone }) => <CompanyForm key={item?.id ?? 'new'} userName={userName} company={item} onDone={onDone} />}
    />
  );
}

interface CompanyFormValues extends PlaceAndPeriod {
  companyName: string;
  designation: string;
  isCurrentCompany: boolean;
}

const valuesOf = (company?: Company): CompanyFormValues => ({
  companyName: company?.companyName ?? '',
  designation: company?.designation ?? '',
  ...placeAndPeriodOf(company),
  isCurrentCompany: company?.isCurrentCompany ?? false,
});

function CompanyForm({ userName, company, onDone }: { userName: string; company?: Company; onDone: () => void }) {
  const form = useProfileForm<CompanyFormValues, AddCompanyRequest>(addCompanyRequestSchema, valuesOf(company));
  const add = useAddCompany(userName);
  const edit = useEditCompany(userName);
  const { values, set, field } = form;

  const save = () => form.save(addOrEdit(company, add, edit));

  return (
    <ProfileForm
      className="profile-history-form"
      label={company ? `Edit ${company.companyName}` : 'Add Work History'}
      onSave={save}
      onDone={onDone}
    >
      <div className="profile-form-grid">
        <TextField label="Company Name" {...field('companyName')} maxLength={MAX_LENGTHS.historyName} />
        <TextField label="Designation" {...field('designation')} maxLength={MAX_LENGTHS.historyName} />
      </div>
      <PlaceAndPeriodFields form={form} endDateDisabled={values.isCurrentCompany} />
      <label className="checkbox-label">
        <input
          type="checkbox"
          checked={values.isCurrentCompany}
          // SPEC §4: ticking it disables and clears the end date.
          onChange={(event) => set(event.target.checked ? { isCurrentCompany: true, endDate: '' } : { isCurrentCompany: false })}
        />
        Currently Working Here
      </label>
    </ProfileForm>
  );
}
