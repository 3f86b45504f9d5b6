import type { EmailPreferenceRequest, EmailPreferences } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { getEmailPreferencesQueryOptions } from '@/features/profile/api/get-email-preferences';

/** PUT /api/Account/EmailPreferences (auth): one kind's e-mails on or off; answers every kind's setting. */
export function setEmailPreference(request: EmailPreferenceRequest): Promise<EmailPreferences> {
  return api.put<EmailPreferences>('/Account/EmailPreferences', request);
}

export function useSetEmailPreference(userName: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setEmailPreference,
    onSuccess: (preferences) => queryClient.setQueryData(getEmailPreferencesQueryOptions(userName).queryKey, preferences),
  });
}
