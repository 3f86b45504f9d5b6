import type { AddProjectRequest } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { getProjectsQueryOptions } from '@/features/profile/api/get-projects';

/** POST /api/User/Projects (auth): adds an item to the owner's project history. */
export function addProject(body: AddProjectRequest): Promise<boolean> {
  return api.post<boolean>('/User/Projects', body);
}

/** Saves, then re-fetches the list (SPEC §4). */
export function useAddProject(userName: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addProject,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getProjectsQueryOptions(userName).queryKey }),
  });
}
