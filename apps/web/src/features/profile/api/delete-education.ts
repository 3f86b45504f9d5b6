import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { getEducationsQueryOptions } from '@/features/profile/api/get-educations';

/** DELETE /api/User/Educations/{id} (auth): removes an item of the owner's education history. */
export function deleteEducation(id: number): Promise<boolean> {
  return api.delete<boolean>(`/User/Educations/${id}`);
}

export function useDeleteEducation(userName: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteEducation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getEducationsQueryOptions(userName).queryKey }),
  });
}
