import { defineSearchCall } from '@/features/search/api/search-call';

/** POST /api/Search (no auth): the posts everyone may see; a `uName` in the request keeps one author's. */
export const searchPosts = defineSearchCall('public', 'user', '/Search', false);
