import type { ExternalExchangeRequest, ExternalProviderInfo, LoginResult, TwoFactorRequired } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/Account/External/Providers: the sites one may sign in with; empty when none is configured. */
export function getExternalProviders({ signal }: { signal?: AbortSignal } = {}): Promise<ExternalProviderInfo[]> {
  return api.get<ExternalProviderInfo[]>('/Account/External/Providers', { signal, auth: false });
}

export const getExternalProvidersQueryOptions = () =>
  queryOptions({
    queryKey: ['account', 'external-providers'],
    queryFn: ({ signal }) => getExternalProviders({ signal }),
    staleTime: Infinity,
  });

export function useExternalProviders() {
  return useQuery(getExternalProvidersQueryOptions());
}

/** Where the browser goes to sign in with a provider (a full navigation: the provider's pages are not ours). */
export const externalStartHref = (providerId: string) => `/api/Account/External/${encodeURIComponent(providerId)}/Start`;

/** POST /api/Account/External/Exchange: the one-time code of the provider's callback for the login (or the two-factor step). */
export function exchangeExternalSignIn(request: ExternalExchangeRequest): Promise<LoginResult | TwoFactorRequired> {
  return api.post<LoginResult | TwoFactorRequired>('/Account/External/Exchange', request, { auth: false });
}
