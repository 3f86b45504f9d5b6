import { searchPosts } from '@/features/search/api/search-posts';
import { SearchScreen } from '@/features/search/components/search-screen';
import { TagPage } from '@/features/tags/tag-page';

/** The tag page with its posts: the search screen kept to the tag (the exact `Tags: [id]` filter). */
export function TagRoute() {
  return (
    <TagPage
      renderPosts={(tagId) => <SearchScreen key={tagId} label="Posts" headingLevel={2} searchCall={searchPosts} tagIds={[tagId]} />}
    />
  );
}
