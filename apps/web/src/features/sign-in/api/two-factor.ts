import type {
  DisableTwoFactorRequest,
  EnableTwoFactorRequest,
  RegenerateRecoveryCodesRequest,
  TwoFactorRecoveryCodes,
  TwoFactorSetup,
  TwoFactorStatus,
} from '@app/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/Account/TwoFactor (auth): whether it is on, and the recovery codes left. */
export function getTwoFactor({ signal }: { signal?: AbortSignal } = {}): Promise<TwoFactorStatus> {
  return api.get<TwoFactorStatus>('/Account/TwoFactor', { signal });
}

export const getTwoFactorQueryOptions = () =>
  queryOptions({ queryKey: ['account', 'two-factor'], queryFn: ({ signal }) => getTwoFactor({ signal }) });

export function useTwoFactor() {
  return useQuery(getTwoFactorQueryOptions());
}

/** POST /api/Account/TwoFactor/Setup (auth): a new secret and its otpauth:// URL; nothing is on yet. */
export function setUpTwoFactor(): Promise<TwoFactorSetup> {
  return api.post<TwoFactorSetup>('/Account/TwoFactor/Setup', {});
}

export function useSetUpTwoFactor() {
  return useMutation({ mutationFn: setUpTwoFactor });
}

/** POST /api/Account/TwoFactor/Enable (auth): a code of the new secret turns it on; the recovery codes come back once. */
export function enableTwoFactor(request: EnableTwoFactorRequest): Promise<TwoFactorRecoveryCodes> {
  return api.post<TwoFactorRecoveryCodes>('/Account/TwoFactor/Enable', request);
}

export function useEnableTwoFactor() {
  return useTwoFactorMutation(enableTwoFactor);
}

/** POST /api/Account/TwoFactor/Disable (auth): the password and a code turn it off. */
export function disableTwoFactor(request: DisableTwoFactorRequest): Promise<boolean> {
  return api.post<boolean>('/Account/TwoFactor/Disable', request);
}

export function useDisableTwoFactor() {
  return useTwoFactorMutation(disableTwoFactor);
}

/** POST /api/Account/TwoFactor/RecoveryCodes (auth): a code of the authenticator app replaces the recovery codes; the new ones come back once. */
export function regenerateRecoveryCodes(request: RegenerateRecoveryCodesRequest): Promise<TwoFactorRecoveryCodes> {
  return api.post<TwoFactorRecoveryCodes>('/Account/TwoFactor/RecoveryCodes', request);
}

export function useRegenerateRecoveryCodes() {
  return useTwoFactorMutation(regenerateRecoveryCodes);
}

/** A change of the two-factor setting: the status (on, codes left) is read again after it. */
function useTwoFactorMutation<TRequest, TResult>(mutationFn: (request: TRequest) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getTwoFactorQueryOptions().queryKey }),
  });
}
