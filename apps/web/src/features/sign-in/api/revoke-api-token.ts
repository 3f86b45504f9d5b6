import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { getApiTokensQueryOptions } from '@/features/sign-in/api/get-api-tokens';

/** DELETE /api/Account/ApiTokens/{id} (auth): the token is refused from then on. */
export function revokeApiToken(id: string): Promise<boolean> {
  return api.delete<boolean>(`/Account/ApiTokens/${encodeURIComponent(id)}`);
}

export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiToken,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getApiTokensQueryOptions().queryKey }),
  });
}
