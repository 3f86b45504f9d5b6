import { MISSING_SEARCH_CALL, requireSearchCall } from '@/features/search/api/search-call';
import { searchPosts } from '@/features/search/api/search-posts';
import { searchPostsByAdmin } from '@/features/search/api/search-posts-by-admin';
import { searchUserPosts } from '@/features/search/api/search-user-posts';

describe('the search calls (SPEC §2, §7, §8)', () => {
  it('raises the SPEC message when the search screen has no search call', () => {
    expect(() => requireSearchCall(undefined)).toThrow(MISSING_SEARCH_CALL);
    expect(MISSING_SEARCH_CALL).toBe('getSearchApi input is required for SearchComponent');
    expect(requireSearchCall(searchPosts)).toBe(searchPosts);
  });

  it('names each call apart and shows only the admin call in the admin view', () => {
    expect([searchPosts, searchUserPosts, searchPostsByAdmin].map((call) => [call.callName, call.view])).toEqual([
      ['public', 'user'],
      ['user-posts', 'user'],
      ['admin', 'admin'],
    ]);
  });
});
