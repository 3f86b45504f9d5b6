import type { CreateApiTokenRequest, CreatedApiToken } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { getApiTokensQueryOptions } from '@/features/sign-in/api/get-api-tokens';

/** POST /api/Account/ApiTokens (auth): a new token, in the answer only. */
export function createApiToken(request: CreateApiTokenRequest): Promise<CreatedApiToken> {
  return api.post<CreatedApiToken>('/Account/ApiTokens', request);
}

export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiToken,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getApiTokensQueryOptions().queryKey }),
  });
}
