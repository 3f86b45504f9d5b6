import { ProfilePage } from '@/features/profile/profile-page';
import { searchPosts } from '@/features/search/api/search-posts';
import { searchUserPosts } from '@/features/search/api/search-user-posts';
import { SearchScreen } from '@/features/search/components/search-screen';
import { SignInSettings } from '@/features/sign-in/sign-in-settings';

/**
 * The profile screen with its Posts tab: the search screen kept to the user's posts (SPEC §2). The
 * owner's tab uses the user-posts call (their drafts and unapproved posts too); anyone else's,
 * the public call filtered by the user name.
 */
export function ProfileRoute() {
  return (
    <ProfilePage
      renderPosts={(userName, isOwner) => (
        <SearchScreen
          key={`${userName}-${isOwner}`}
          label="Posts"
          headingLevel={2}
          searchCall={isOwner ? searchUserPosts : searchPosts}
          userName={userName}
        />
      )}
      renderSignInSettings={(onLoggedOut) => <SignInSettings onLoggedOut={onLoggedOut} />}
    />
  );
}
