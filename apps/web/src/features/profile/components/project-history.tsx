import { addProjectRequestSchema, MAX_LENGTHS, NOT_AVAILABLE, type AddProjectRequest, type Project } from '@app/contracts';
import { useAddProject } from '@/features/profile/api/add-project';
import { useDeleteProject } from '@/features/profile/api/delete-project';
import { useEditProject } from '@/features/profile/api/edit-project';
import { useProjects } from '@/features/profile/api/get-projects';
import { DateField } from '@/features/profile/components/date-field';
import { ProfileForm } from '@/features/profile/components/profile-form';
import { HistorySection } from '@/features/profile/components/history-section';
import { TextField } from '@/features/profile/components/text-field';
import { useProfileForm } from '@/features/profile/hooks/use-profile-form';
import { addOrEdit } from '@/features/profile/lib/history-form';
import { orNotAvailable, period } from '@/features/profile/lib/profile-text';

/** SPEC §2 Project History: deleting asks no confirmation (SPEC §4). */
export function ProjectHistory({ userName, isOwner }: { userName: string; isOwner: boolean }) {
  const projects = useProjects(userName);
  const remove = useDeleteProject(userName);
  return (
    <HistorySection<Project>
      title="Project History"
      items={projects.data}
      emptyMessage="No project history found."
      isOwner={isOwner}
      nameOf={(project) => project.projectName}
      onDelete={(project) => remove.mutateAsync(project.id)}
      renderItem={(project) => (
        <>
          <h3>{project.projectName}</h3>
          <p>{orNotAvailable(project.companyName)}</p>
          <p className="muted">{project.startDate ? period(project.startDate, project.endDate) : NOT_AVAILABLE}</p>
          <p className="profile-project-description">{project.projectDescription}</p>
        </>
      )}
      renderForm={({ item, onDone }) => <ProjectForm key={item?.id ?? 'new'} userName={userName} project={item} onDone={onDone} />}
    />
  );
}

interface ProjectFormValues {
  projectName: string;
  companyName: string;
  projectDescription: string;
  startDate: string;
  endDate: string;
}

const valuesOf = (project?: Project): ProjectFormValues => ({
  projectName: project?.projectName ?? '',
  companyName: project?.companyName ?? '',
  projectDescription: project?.projectDescription ?? '',
  startDate: project?.startDate ?? '',
  endDate: project?.endDate ?? '',
});

function ProjectForm({ userName, project, onDone }: { userName: string; project?: Project; onDone: () => void }) {
  const form = useProfileForm<ProjectFormValues, AddProjectRequest>(addProjectRequestSchema, valuesOf(project));
  const add = useAddProject(userName);
  const edit = useEditProject(userName);
  const { field } = form;

  const save = () => form.save(addOrEdit(project, add, edit));

  return (
    <ProfileForm
      className="profile-history-form"
      label={project ? `Edit ${project.projectName}` : 'Add Project History'}
      onSave={save}
      onDone={onDone}
    >
      <div className="profile-form-grid">
        <TextField label="Project Name" {...field('projectName')} maxLength={MAX_LENGTHS.historyName} />
        <TextField label="Company Name" {...field('companyName')} maxLength={MAX_LENGTHS.historyName} />
      </div>
      <TextField label="Project Description" multiline {...field('projectDescription')} maxLength={MAX_LENGTHS.projectDescription} />
      <div className="profile-form-grid">
        <DateField label="Start Date" {...field('startDate')} />
        <DateField label="End Date" {...field('endDate')} />
      </div>
    </ProfileForm>
  );
}
