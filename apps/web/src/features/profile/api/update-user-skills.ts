import type { Tag } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { getUserSkillsQueryOptions } from '@/features/profile/api/get-user-skills';

/** PUT /api/Tag/UpdateUserTags (auth): the owner's whole skill list. */
export function updateUserSkills(tags: Tag[]): Promise<boolean> {
  return api.put<boolean>('/Tag/UpdateUserTags', tags);
}

export function useUpdateUserSkills(userName: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUserSkills,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getUserSkillsQueryOptions(userName).queryKey }),
  });
}
