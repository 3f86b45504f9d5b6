import type { UserProfile } from '@app/contracts';
import { useState } from 'react';
import { useUpdateBasicInfo } from '@/features/profile/api/update-basic-info';
import { BasicInfoForm } from '@/features/profile/components/basic-info-form';
import { BasicInfoView } from '@/features/profile/components/basic-info-view';
import { IconButton } from '@/features/profile/components/icon-button';

interface BasicInfoSectionProps {
  profile: UserProfile;
  isOwner: boolean;
  /** Tells the session about the owner's new display name. */
  onNameChanged: (name: string) => void;
}

/** SPEC §2 basic info: view mode for everyone, an edit mode for the owner. */
export function BasicInfoSection({ profile, isOwner, onNameChanged }: BasicInfoSectionProps) {
  const [editing, setEditing] = useState(false);
  const update = useUpdateBasicInfo(profile.uName);
  return (
    <section className="card profile-section" aria-labelledby="basic-info-heading">
      <header className="profile-section-header">
        <h2 id="basic-info-heading">Basic Info</h2>
        {isOwner && !editing && <IconButton icon="edit" label="Edit Basic Info" onClick={() => setEditing(true)} />}
      </header>
      {editing ? (
        <BasicInfoForm
          profile={profile}
          onDone={() => setEditing(false)}
          onSave={async (request) => {
            await update.mutateAsync(request);
            if (request.name !== profile.name) onNameChanged(request.name);
          }}
        />
      ) : (
        <BasicInfoView profile={profile} isOwner={isOwner} />
      )}
    </section>
  );
}
