import { searchPosts } from '@/features/search/api/search-posts';
import { SearchScreen } from '@/features/search/components/search-screen';

/** The public search page (SPEC §2): the public search call, filters in the URL. */
export function SearchPage() {
  return <SearchScreen label="Search" searchCall={searchPosts} urlHistory />;
}
