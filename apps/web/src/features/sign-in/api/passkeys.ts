import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import type { PasskeySummary } from '@app/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { promptForNewPasskey } from '@/lib/passkey-prompt';

/** GET /api/Account/Passkeys (auth): the user's passkeys. */
export function getPasskeys({ signal }: { signal?: AbortSignal } = {}): Promise<PasskeySummary[]> {
  return api.get<PasskeySummary[]>('/Account/Passkeys', { signal });
}

export const getPasskeysQueryOptions = () =>
  queryOptions({ queryKey: ['account', 'passkeys'], queryFn: ({ signal }) => getPasskeys({ signal }) });

export function usePasskeys() {
  return useQuery(getPasskeysQueryOptions());
}

/** Adds a passkey: POST /api/Account/Passkeys/Options, the browser makes it, POST /api/Account/Passkeys keeps it. */
export async function addPasskey({ name }: { name: string }): Promise<PasskeySummary> {
  const options = await api.post<PublicKeyCredentialCreationOptionsJSON>('/Account/Passkeys/Options', {});
  const response = await promptForNewPasskey(options);
  return api.post<PasskeySummary>('/Account/Passkeys', { ...(name.trim() ? { name: name.trim() } : {}), response });
}

/** PUT /api/Account/Passkeys/{id} (auth). */
export function renamePasskey({ id, name }: { id: string; name: string }): Promise<boolean> {
  return api.put<boolean>(`/Account/Passkeys/${encodeURIComponent(id)}`, { name });
}

/** DELETE /api/Account/Passkeys/{id} (auth): never the last way to sign in. */
export function removePasskey(id: string): Promise<boolean> {
  return api.delete<boolean>(`/Account/Passkeys/${encodeURIComponent(id)}`);
}

function usePasskeyChange<Args>(mutationFn: (args: Args) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    // A passkey changes what else may be removed (the last way in), so linked accounts are read again too.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['account'] }),
  });
}

export const useAddPasskey = () => usePasskeyChange(addPasskey);
export const useRenamePasskey = () => usePasskeyChange(renamePasskey);
export const useRemovePasskey = () => usePasskeyChange(removePasskey);
