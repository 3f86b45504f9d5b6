import { stripSearchText } from '@app/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { LinkButton } from '@/components/link-button';
import { PageHeading } from '@/components/page-heading';
import { SearchForm } from '@/components/search-form';
import { getSearchResultsQueryOptions, useSearchResults } from '@/features/search/api/get-search-results';
import { requireSearchCall, type SearchCall } from '@/features/search/api/search-call';
import { SearchFilterPanel } from '@/features/search/components/search-filter-panel';
import { SearchResults } from '@/features/search/components/search-results';
import { useSearchFilters } from '@/features/search/hooks/use-search-filters';
import { normalizeFilters } from '@/features/search/lib/search-filters';
import '@/features/search/search.css';

export interface SearchScreenProps {
  /** The screen's heading ('Search', 'Admin Panel', ...). */
  label: string;
  /** searchPosts, searchUserPosts or searchPostsByAdmin; required (SPEC §8 names the error without it). */
  searchCall?: SearchCall;
  /** Keep one author's posts (the profile Posts tab). */
  userName?: string;
  /** Keep the posts with these tags (the tag page). */
  tagIds?: readonly number[];
  /** Filters in the URL's query (the public search page); off, they live in the screen. */
  urlHistory?: boolean;
  /** 1: the label is the page's heading; 2: the screen is a part of a page (a profile tab). */
  headingLevel?: 1 | 2;
  /** A post was approved, unapproved or deleted from the results (e.g. to refresh a moderation feed). */
  onPostChanged?: () => void;
}

/** The reusable search screen (SPEC §2): text box, Filter panel, the post grid and 'More results'. */
export function SearchScreen({
  label,
  searchCall,
  userName,
  tagIds,
  urlHistory = false,
  headingLevel = 1,
  onPostChanged,
}: SearchScreenProps) {
  const call = requireSearchCall(searchCall);
  const queryClient = useQueryClient();
  const { filters, change } = useSearchFilters(urlHistory);
  const query = { filters: normalizeFilters(filters), userName, tagIds };
  const results = useSearchResults(call, query);

  const search = (text: string) => {
    const searchString = stripSearchText(text);
    // The same search again is still a new search (SPEC §4): it starts over from the first page.
    if (searchString === query.filters.searchString) {
      void queryClient.resetQueries({ queryKey: getSearchResultsQueryOptions(call, query).queryKey, exact: true });
    }
    change({ searchString });
  };

  return (
    <section className="search-screen" aria-label={label}>
      {headingLevel === 1 ? <PageHeading title={label} /> : <h2>{label}</h2>}
      <div className="search-layout">
        <div className="card search-main">
          {/* Keyed by the searched text, so a navigation to another search (the navbar) shows its text. */}
          <SearchForm
            key={filters.searchString}
            className="search-box"
            label="Search posts"
            inputLabel="Search text"
            buttonClassName="button button-primary"
            initialText={filters.searchString}
            onSearch={search}
          />
          <SearchResults posts={results.posts} isPending={results.isPending} view={call.view} onPostChanged={onPostChanged} />
          {results.hasMore && !results.isFetching && (
            <p className="search-more">
              <LinkButton onClick={results.loadMore}>More results</LinkButton>
            </p>
          )}
        </div>
        <SearchFilterPanel filters={filters} onChange={change} />
      </div>
    </section>
  );
}
