import { useId, useState, type ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import { FollowButton } from '@/components/follow-button';
import { PageHeading } from '@/components/page-heading';
import { paths } from '@/config/paths';
import { useUserProfile } from '@/features/profile/api/get-user-profile';
import { ProfileNotFound } from '@/features/profile/components/profile-not-found';
import { ProfileTab } from '@/features/profile/components/profile-tab';
import { SettingsTab } from '@/features/profile/components/settings-tab';
import { ApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth-context';
import { messageOf } from '@/lib/message-of';
import '@/features/profile/profile.css';

export interface ProfilePageProps {
  /** The Posts tab: the user's posts through the search screen, composed by the app layer. */
  renderPosts: (userName: string, isOwner: boolean) => ReactNode;
  /** The owner's sign-in sections of the Settings tab (sessions, tokens, second factor), composed by the app layer; `onLoggedOut` when this session ended. */
  renderSignInSettings?: (onLoggedOut: () => void) => ReactNode;
}

/** SPEC §2 left tabs, by index: Profile 0, Posts 1, Settings 2. */
const TABS = ['Profile', 'Posts', 'Settings'] as const;

/** SPEC §2 profile screen (route parameter userName). The owner is the logged-in user of the same user name. */
export function ProfilePage({ renderPosts, renderSignInSettings }: ProfilePageProps) {
  const { userName = '' } = useParams();
  const { user, logout, renameUser } = useAuth();
  const isOwner = user !== null && user.userName === userName;
  const profile = useUserProfile(userName);
  const [tab, setTab] = useState(0);
  const ids = useId();

  if (profile.error instanceof ApiError && profile.error.status === 404) return <ProfileNotFound userName={userName} />;
  return (
    <div className="profile-page">
      <PageHeading title="Profile" />
      {profile.data && (
        <p className="profile-follows">
          <FollowButton
            key={userName}
            subject={{ kind: 'user', userName }}
            followers={profile.data.followers ?? 0}
            isFollowedByMe={profile.data.isFollowedByMe ?? false}
            canFollow={user !== null && !isOwner}
            label={profile.data.name}
          />
          <span className="muted"> · {profile.data.following ?? 0} following</span>
        </p>
      )}
      <div className="profile-layout">
        <div className="profile-tabs" role="tablist" aria-orientation="vertical" aria-label="Profile sections">
          {TABS.map((label, index) => (
            <button
              key={label}
              type="button"
              role="tab"
              id={`${ids}-tab-${index}`}
              aria-selected={tab === index}
              aria-controls={`${ids}-panel`}
              className={tab === index ? 'profile-tab profile-tab-active' : 'profile-tab'}
              onClick={() => setTab(index)}
            >
              {label}
            </button>
          ))}
        </div>
        <div className="profile-panel" role="tabpanel" id={`${ids}-panel`} aria-labelledby={`${ids}-tab-${tab}`}>
          {tab === 0 &&
            (profile.data ? (
              <ProfileTab profile={profile.data} isOwner={isOwner} onNameChanged={renameUser} />
            ) : (
              profile.isError && <p className="notice">{messageOf(profile.error)}</p>
            ))}
          {tab === 1 && renderPosts(userName, isOwner)}
          {tab === 2 &&
            (isOwner ? (
              <SettingsTab
                userName={userName}
                onAccountErased={() => logout(paths.home.getHref())}
                onLoggedOutEverywhere={() => logout()}
                signIn={renderSignInSettings?.(() => logout())}
              />
            ) : (
              <p className="muted">Only the owner of this profile sees its settings.</p>
            ))}
        </div>
      </div>
    </div>
  );
}
