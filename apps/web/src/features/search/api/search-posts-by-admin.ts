import { defineSearchCall } from '@/features/search/api/search-call';

/** POST /api/Search/ByAdmin (auth, admins only): every post that is not deleted. */
export const searchPostsByAdmin = defineSearchCall('admin', 'admin', '/Search/ByAdmin', true);
