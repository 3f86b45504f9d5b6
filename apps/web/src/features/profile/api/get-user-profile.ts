import type { UserProfile } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/User/{userName}: basic information and summary (with the token, so the owner sees their private fields). */
export function getUserProfile(userName: string, { signal }: { signal?: AbortSignal } = {}): Promise<UserProfile> {
  return api.get<UserProfile>(`/User/${encodeURIComponent(userName)}`, { signal });
}

export const getUserProfileQueryOptions = (userName: string) =>
  queryOptions({ queryKey: ['profile', userName, 'basic-info'], queryFn: ({ signal }) => getUserProfile(userName, { signal }) });

export function useUserProfile(userName: string) {
  return useQuery(getUserProfileQueryOptions(userName));
}
