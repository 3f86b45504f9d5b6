import type { EditProjectRequest } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { getProjectsQueryOptions } from '@/features/profile/api/get-projects';

/** PUT /api/User/Projects (auth): saves an item of the owner's project history. */
export function editProject(body: EditProjectRequest): Promise<boolean> {
  return api.put<boolean>('/User/Projects', body);
}

/** Saves, then re-fetches the list (SPEC §4). */
export function useEditProject(userName: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editProject,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getProjectsQueryOptions(userName).queryKey }),
  });
}
