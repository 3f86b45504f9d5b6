import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResolveFlagsRequest, ResolveFlagsResult } from '@app/contracts';
import { api } from '@/lib/api-client';
import { getRecentModerationQueryOptions } from '@/features/admin/api/get-recent-moderation';

/** PUT /api/Moderation/Flags/Resolve (admin): dismiss the flags, or hide or delete the item. */
export function resolveFlags(request: ResolveFlagsRequest): Promise<ResolveFlagsResult> {
  return api.put<ResolveFlagsResult>('/Moderation/Flags/Resolve', request);
}

/** Both queue lists and the recent activity change with a resolution. */
export function useResolveFlags() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resolveFlags,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['moderation-flags'] });
      await queryClient.invalidateQueries({ queryKey: getRecentModerationQueryOptions().queryKey });
    },
  });
}
