import type { Education } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/User/{userName}/Educations: the user's education history, newest first. */
export function getEducations(userName: string, { signal }: { signal?: AbortSignal } = {}): Promise<Education[]> {
  return api.get<Education[]>(`/User/${encodeURIComponent(userName)}/Educations`, { signal });
}

export const getEducationsQueryOptions = (userName: string) =>
  queryOptions({ queryKey: ['profile', userName, 'educations'], queryFn: ({ signal }) => getEducations(userName, { signal }) });

export function useEducations(userName: string) {
  return useQuery(getEducationsQueryOptions(userName));
}
