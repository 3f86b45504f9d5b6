import type { LikedUser } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { LikeTarget } from '@/lib/like-target';

/** GET /api/{resource}/Likes/Users/{id}: who liked the item, newest first (no token: likes are public, SPEC §6). */
export function getLikers(target: Pick<LikeTarget, 'resource' | 'id'>, { signal }: { signal?: AbortSignal } = {}): Promise<LikedUser[]> {
  return api.get<LikedUser[]>(`/${target.resource}/Likes/Users/${target.id}`, { auth: false, silent: true, signal });
}

export const getLikersQueryOptions = (target: Pick<LikeTarget, 'resource' | 'id'>) =>
  queryOptions({
    queryKey: ['likers', target.resource, target.id],
    queryFn: ({ signal }) => getLikers(target, { signal }),
    staleTime: 0,
  });

/** The likers of the item the likes modal is open for. */
export function useLikers(target: LikeTarget) {
  return useQuery(getLikersQueryOptions(target));
}
