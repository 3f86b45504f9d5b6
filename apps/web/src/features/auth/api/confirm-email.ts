import type { ConfirmEmailRequest } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { CredentialLink } from '@/features/auth/lib/credential-link';

/** POST /api/Account/ConfirmEmail: confirms the e-mail of a confirmation link. Sends no bearer token (SPEC §7). */
export function confirmEmail(request: ConfirmEmailRequest): Promise<boolean> {
  return api.post<boolean>('/Account/ConfirmEmail', request, { auth: false });
}

/**
 * Held as a query keyed by the link, never stale and never retried: the page posts each link once,
 * however often it renders or React runs its effects (a second call would report the e-mail as
 * already confirmed).
 */
export const confirmEmailQueryOptions = (link: CredentialLink) =>
  queryOptions({ queryKey: ['confirm-email', link], queryFn: () => confirmEmail(link), staleTime: Infinity, gcTime: Infinity });

export function useConfirmEmail(link: CredentialLink) {
  return useQuery(confirmEmailQueryOptions(link));
}
