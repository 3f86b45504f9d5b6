import type { Tag } from '@app/contracts';
import { useState } from 'react';
import { TagsSelect } from '@/components/tags-select';
import { useUserSkills } from '@/features/profile/api/get-user-skills';
import { useUpdateUserSkills } from '@/features/profile/api/update-user-skills';
import { IconButton } from '@/features/profile/components/icon-button';
import { ProfileForm } from '@/features/profile/components/profile-form';
import { useTags } from '@/lib/get-tags';
import { NOT_AVAILABLE } from '@app/contracts';

const NONE: Tag[] = [];

/** SPEC §2 Skills: the user's tags; the owner's edit mode saves the whole list (SPEC §4). */
export function SkillsSection({ userName, isOwner }: { userName: string; isOwner: boolean }) {
  const skills = useUserSkills(userName).data ?? NONE;
  const [draft, setDraft] = useState<Tag[] | null>(null);
  return (
    <section className="card profile-section" aria-labelledby="skills-heading">
      <header className="profile-section-header">
        <h2 id="skills-heading">Skills</h2>
        {isOwner && draft === null && <IconButton icon="edit" label="Edit Skills" onClick={() => setDraft(skills)} />}
      </header>
      {draft === null ? (
        skills.length > 0 ? (
          <ul className="profile-skills" aria-label="Skills">
            {skills.map((tag) => (
              <li key={tag.id}>{tag.subTag}</li>
            ))}
          </ul>
        ) : (
          <p>{NOT_AVAILABLE}</p>
        )
      ) : (
        <SkillsForm userName={userName} value={draft} onChange={setDraft} onDone={() => setDraft(null)} />
      )}
    </section>
  );
}

function SkillsForm({
  userName,
  value,
  onChange,
  onDone,
}: {
  userName: string;
  value: Tag[];
  onChange: (tags: Tag[]) => void;
  onDone: () => void;
}) {
  const tags = useTags().data ?? NONE;
  const update = useUpdateUserSkills(userName);
  const save = async () => {
    await update.mutateAsync(value);
    return true;
  };
  return (
    <ProfileForm label="Skills" onSave={save} onDone={onDone}>
      <TagsSelect label="Skills" tags={tags} value={value} onChange={onChange} />
    </ProfileForm>
  );
}
