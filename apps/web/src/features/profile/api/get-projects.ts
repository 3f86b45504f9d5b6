import type { Project } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/User/{userName}/Projects: the user's project history, newest first. */
export function getProjects(userName: string, { signal }: { signal?: AbortSignal } = {}): Promise<Project[]> {
  return api.get<Project[]>(`/User/${encodeURIComponent(userName)}/Projects`, { signal });
}

export const getProjectsQueryOptions = (userName: string) =>
  queryOptions({ queryKey: ['profile', userName, 'projects'], queryFn: ({ signal }) => getProjects(userName, { signal }) });

export function useProjects(userName: string) {
  return useQuery(getProjectsQueryOptions(userName));
}
