import { defineSearchCall } from '@/features/search/api/search-call';

/**
 * POST /api/Search: the posts everyone may see; a `uName` in the request keeps one author's. Auth is
 * optional there: a logged-in reader sends the token to get `isSavedByMe` on the rows (issue 26), a
 * visitor sends none (and is answered from the public cache).
 */
export const searchPosts = defineSearchCall('public', 'user', '/Search', true);
