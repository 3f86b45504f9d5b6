import type { UserProfile } from '@app/contracts';
import type { ReactNode } from 'react';
import { orNotAvailable } from '@/features/profile/lib/profile-text';

interface Row {
  label: string;
  value: ReactNode;
  /** For the owner: whether others see this value (SPEC §3 show flags). */
  shownToOthers?: boolean;
}

const link = (url: string | null) =>
  url ? (
    <a href={url} target="_blank" rel="noopener noreferrer">
      {url}
    </a>
  ) : (
    orNotAvailable(url)
  );

/**
 * Basic info in view mode: 'N/A' for every empty value (SPEC §8). Private fields reach a visitor
 * as null, so they read 'N/A'; the owner sees them, each marked with whether others can.
 */
export function BasicInfoView({ profile, isOwner }: { profile: UserProfile; isOwner: boolean }) {
  const rows: Row[] = [
    { label: 'Gender', value: orNotAvailable(profile.genderName) },
    { label: 'Age', value: orNotAvailable(profile.age), shownToOthers: profile.showDOB },
    { label: 'Date of Birth', value: orNotAvailable(profile.dateOfBirth), shownToOthers: profile.showDOB },
    { label: 'Email', value: orNotAvailable(profile.email), shownToOthers: profile.showEmail },
    { label: 'Contact Email', value: orNotAvailable(profile.contactEmail), shownToOthers: profile.showEmail },
    { label: 'Phone', value: orNotAvailable(profile.phone), shownToOthers: profile.showPhone },
    { label: 'Country', value: orNotAvailable(profile.countryName) },
    { label: 'State', value: orNotAvailable(profile.stateName) },
    { label: 'City', value: orNotAvailable(profile.cityName) },
    { label: 'About', value: orNotAvailable(profile.about) },
    { label: 'Website', value: link(profile.websiteUrl) },
    { label: 'LinkedIn', value: link(profile.linkedInUrl) },
    { label: 'GitHub', value: link(profile.gitHubUrl) },
    { label: 'Resume', value: link(profile.resumeUrl) },
  ];
  return (
    <dl className="profile-details">
      {rows.map(({ label, value, shownToOthers }) => (
        <div key={label} className="profile-detail">
          <dt>{label}</dt>
          <dd aria-label={label}>
            {value}
            {isOwner && shownToOthers !== undefined && (
              <span className="profile-privacy-note muted">{shownToOthers ? ' (visible to others)' : ' (only you)'}</span>
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
