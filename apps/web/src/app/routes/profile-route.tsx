import { ProfilePage } from '@/features/profile/profile-page';
import { UserPostsList } from '@/app/routes/user-posts-list';

/**
 * The profile screen, given its Posts tab. TODO(i10-spa): render the shared search screen there
 * (`<SearchScreen label=... userName=... searchCall=... />`) once branch i10-spa has it, and drop
 * user-posts-list.tsx.
 */
export function ProfileRoute() {
  return <ProfilePage renderPosts={(userName) => <UserPostsList userName={userName} />} />;
}
