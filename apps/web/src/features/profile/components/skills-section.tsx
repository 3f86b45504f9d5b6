import type { Tag } from '@app/contracts';
import { useState } from 'react';
import { TagsSelect } from '@/components/tags-select';
import { useUserSkills } from '@/features/profile/api/get-user-skills';
import { useUpdateUserSkills } from '@/features/profile/api/update-user-skills';
import { IconButton } from '@/features/profile/components/icon-button';
import { useTags } from '@/lib/get-tags';
import { messageOf } from '@/lib/message-of';
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
  return (
    <form
      aria-label="Skills"
      onSubmit={(event) => {
        event.preventDefault();
        update.mutate(value, { onSuccess: onDone });
      }}
    >
      <TagsSelect label="Skills" tags={tags} value={value} onChange={onChange} />
      {update.isError && (
        <p className="field-error" role="alert">
          {messageOf(update.error)}
        </p>
      )}
      <div className="profile-form-buttons">
        <button type="submit" className="button button-primary" disabled={update.isPending}>
          Save
        </button>
        <button type="button" className="button" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
