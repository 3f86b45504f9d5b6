import { basicInfoUpdateRequestSchema, MAX_LENGTHS, type UserProfile } from '@app/contracts';
import { useUpdateBasicInfo } from '@/features/profile/api/update-basic-info';
import { InlineEditableField } from '@/features/profile/components/inline-editable-field';
import { ProfilePictureEditor } from '@/features/profile/components/profile-picture-editor';
import { basicInfoFormOf, type BasicInfoFormValues } from '@/features/profile/lib/basic-info-form';
import { orNotAvailable } from '@/features/profile/lib/profile-text';

interface ProfileHeaderProps {
  profile: UserProfile;
  isOwner: boolean;
  onNameChanged: (name: string) => void;
}

/** Picture, name, title and post counts; the owner edits name and title in place, saved on focus-out (SPEC §4). */
export function ProfileHeader({ profile, isOwner, onNameChanged }: ProfileHeaderProps) {
  const update = useUpdateBasicInfo(profile.uName);

  // PUT /api/User/ takes the whole basic info: the rest goes as the profile holds it.
  const saveField = async (changes: Partial<BasicInfoFormValues>) => {
    const parsed = basicInfoUpdateRequestSchema.safeParse({ ...basicInfoFormOf(profile), ...changes });
    if (!parsed.success) throw new Error(parsed.error.issues[0]?.message ?? 'Input Invalid');
    await update.mutateAsync(parsed.data);
    if (parsed.data.name !== profile.name) onNameChanged(parsed.data.name);
  };

  return (
    <header className="card profile-header">
      <ProfilePictureEditor userName={profile.uName} name={profile.name} isOwner={isOwner} />
      <div className="profile-header-text">
        {isOwner ? (
          <>
            <h2 className="profile-name">
              <InlineEditableField
                label="Name"
                value={profile.name}
                required
                maxLength={MAX_LENGTHS.profileName}
                onSave={(name) => saveField({ name })}
              />
            </h2>
            <p className="profile-title">
              <InlineEditableField
                label="Title"
                value={profile.title}
                maxLength={MAX_LENGTHS.profileTitle}
                onSave={(title) => saveField({ title })}
              />
            </p>
          </>
        ) : (
          <>
            <h2 className="profile-name">{profile.name}</h2>
            <p className="profile-title">{orNotAvailable(profile.title)}</p>
          </>
        )}
        <p className="profile-counts muted">
          {profile.totalArticles} {profile.totalArticles === 1 ? 'Article' : 'Articles'} · {profile.totalQuestions}{' '}
          {profile.totalQuestions === 1 ? 'Question' : 'Questions'}
        </p>
      </div>
    </header>
  );
}
