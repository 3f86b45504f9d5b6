import type { ExternalIdentityInfo, ExternalProviderInfo } from '@app/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/Account/ExternalIdentities (auth): the provider accounts linked to the user's. */
export function getExternalIdentities({ signal }: { signal?: AbortSignal } = {}): Promise<ExternalIdentityInfo[]> {
  return api.get<ExternalIdentityInfo[]>('/Account/ExternalIdentities', { signal });
}

export const getExternalIdentitiesQueryOptions = () =>
  queryOptions({ queryKey: ['account', 'external-identities'], queryFn: ({ signal }) => getExternalIdentities({ signal }) });

export function useExternalIdentities() {
  return useQuery(getExternalIdentitiesQueryOptions());
}

/** GET /api/Account/External/Providers: the configured providers one may link. */
export function useLinkableProviders() {
  return useQuery({
    queryKey: ['account', 'external-providers'],
    queryFn: ({ signal }) => api.get<ExternalProviderInfo[]>('/Account/External/Providers', { signal, auth: false }),
    staleTime: Infinity,
  });
}

/** POST /api/Account/External/{provider}/Link (auth): the provider's URL; the browser goes there, and comes back linked. */
export function startLink(providerId: string): Promise<{ url: string }> {
  return api.post<{ url: string }>(`/Account/External/${encodeURIComponent(providerId)}/Link`, {});
}

export function useStartLink() {
  return useMutation({
    mutationFn: startLink,
    onSuccess: ({ url }) => window.location.assign(url),
  });
}

/** DELETE /api/Account/ExternalIdentities/{id} (auth): unlinks (never the last way to sign in). */
export function unlinkExternalIdentity(id: string): Promise<boolean> {
  return api.delete<boolean>(`/Account/ExternalIdentities/${encodeURIComponent(id)}`);
}

export function useUnlinkExternalIdentity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unlinkExternalIdentity,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getExternalIdentitiesQueryOptions().queryKey }),
  });
}
