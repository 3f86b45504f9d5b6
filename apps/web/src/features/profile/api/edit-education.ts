import type { EditEducationRequest } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { getEducationsQueryOptions } from '@/features/profile/api/get-educations';

/** PUT /api/User/Educations (auth): saves an item of the owner's education history. */
export function editEducation(body: EditEducationRequest): Promise<boolean> {
  return api.put<boolean>('/User/Educations', body);
}

/** Saves, then re-fetches the list (SPEC §4). */
export function useEditEducation(userName: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editEducation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getEducationsQueryOptions(userName).queryKey }),
  });
}
