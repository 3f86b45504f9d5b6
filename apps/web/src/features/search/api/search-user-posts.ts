import { defineSearchCall } from '@/features/search/api/search-call';

/** POST /api/Search/UserPosts (auth): the caller's own posts, drafts and unapproved ones included. */
export const searchUserPosts = defineSearchCall('user-posts', 'user', '/Search/UserPosts', true);
