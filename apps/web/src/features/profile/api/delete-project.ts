import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { getProjectsQueryOptions } from '@/features/profile/api/get-projects';

/** DELETE /api/User/Projects/{id} (auth): removes an item of the owner's project history. */
export function deleteProject(id: number): Promise<boolean> {
  return api.delete<boolean>(`/User/Projects/${id}`);
}

export function useDeleteProject(userName: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProject,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getProjectsQueryOptions(userName).queryKey }),
  });
}
