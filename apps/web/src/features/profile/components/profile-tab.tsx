import type { UserProfile } from '@app/contracts';
import { BasicInfoSection } from '@/features/profile/components/basic-info-section';
import { EducationHistory } from '@/features/profile/components/education-history';
import { ProfileHeader } from '@/features/profile/components/profile-header';
import { ProjectHistory } from '@/features/profile/components/project-history';
import { SkillsSection } from '@/features/profile/components/skills-section';
import { WorkHistory } from '@/features/profile/components/work-history';

interface ProfileTabProps {
  profile: UserProfile;
  isOwner: boolean;
  onNameChanged: (name: string) => void;
}

/** SPEC §2 Profile tab: basic info, Skills, Work History, Project History, Education History. */
export function ProfileTab({ profile, isOwner, onNameChanged }: ProfileTabProps) {
  const userName = profile.uName;
  return (
    <div className="profile-tab-content">
      <ProfileHeader profile={profile} isOwner={isOwner} onNameChanged={onNameChanged} />
      <BasicInfoSection profile={profile} isOwner={isOwner} onNameChanged={onNameChanged} />
      <SkillsSection userName={userName} isOwner={isOwner} />
      <WorkHistory userName={userName} isOwner={isOwner} />
      <ProjectHistory userName={userName} isOwner={isOwner} />
      <EducationHistory userName={userName} isOwner={isOwner} />
    </div>
  );
}
