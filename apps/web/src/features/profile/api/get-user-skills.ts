import type { Tag } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/Tag/{userName}: the user's skills. */
export function getUserSkills(userName: string, { signal }: { signal?: AbortSignal } = {}): Promise<Tag[]> {
  return api.get<Tag[]>(`/Tag/${encodeURIComponent(userName)}`, { signal });
}

export const getUserSkillsQueryOptions = (userName: string) =>
  queryOptions({ queryKey: ['profile', userName, 'skills'], queryFn: ({ signal }) => getUserSkills(userName, { signal }) });

export function useUserSkills(userName: string) {
  return useQuery(getUserSkillsQueryOptions(userName));
}
