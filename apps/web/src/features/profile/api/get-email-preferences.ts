import type { EmailPreferences } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/Account/EmailPreferences (auth): which notification kinds the caller gets e-mails of. */
export function getEmailPreferences({ signal }: { signal?: AbortSignal } = {}): Promise<EmailPreferences> {
  return api.get<EmailPreferences>('/Account/EmailPreferences', { signal });
}

/** The viewer is part of the key: the preferences are the logged-in user's own. */
export const getEmailPreferencesQueryOptions = (userName: string) =>
  queryOptions({
    queryKey: ['account', userName, 'email-preferences'],
    queryFn: ({ signal }) => getEmailPreferences({ signal }),
  });

export function useEmailPreferences(userName: string) {
  return useQuery(getEmailPreferencesQueryOptions(userName));
}
