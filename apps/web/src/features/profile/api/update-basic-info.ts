import type { BasicInfoUpdateRequest } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { getUserProfileQueryOptions } from '@/features/profile/api/get-user-profile';

/** PUT /api/User/ (auth): the owner's basic information, without the read-only e-mail. */
export function updateBasicInfo(body: BasicInfoUpdateRequest): Promise<boolean> {
  return api.put<boolean>('/User/', body);
}

/** Saves and re-reads the profile, so the view shows the names the server resolved. */
export function useUpdateBasicInfo(userName: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBasicInfo,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getUserProfileQueryOptions(userName).queryKey }),
  });
}
