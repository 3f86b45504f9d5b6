import { AdminPage } from '@/features/admin/admin-page';
import { searchPostsByAdmin } from '@/features/search/api/search-posts-by-admin';
import { SearchScreen } from '@/features/search/components/search-screen';

/** The Admin Panel: the admin feature's page around the search screen with the admin call and no URL state (SPEC §2). */
export function AdminRoute() {
  return (
    <AdminPage
      renderSearch={(onPostChanged) => <SearchScreen label="Admin Panel" searchCall={searchPostsByAdmin} onPostChanged={onPostChanged} />}
    />
  );
}
