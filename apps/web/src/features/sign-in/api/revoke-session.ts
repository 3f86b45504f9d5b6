import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { getSessionsQueryOptions } from '@/features/sign-in/api/get-sessions';

/** DELETE /api/Account/Sessions/{id} (auth): ends one session; its token is refused from then on. */
export function revokeSession(id: string): Promise<boolean> {
  return api.delete<boolean>(`/Account/Sessions/${encodeURIComponent(id)}`);
}

export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeSession,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getSessionsQueryOptions().queryKey }),
  });
}
