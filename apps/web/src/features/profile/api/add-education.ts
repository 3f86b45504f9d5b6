import type { AddEducationRequest } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { getEducationsQueryOptions } from '@/features/profile/api/get-educations';

/** POST /api/User/Educations (auth): adds an item to the owner's education history. */
export function addEducation(body: AddEducationRequest): Promise<boolean> {
  return api.post<boolean>('/User/Educations', body);
}

/** Saves, then re-fetches the list (SPEC §4). */
export function useAddEducation(userName: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addEducation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getEducationsQueryOptions(userName).queryKey }),
  });
}
