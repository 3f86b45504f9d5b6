import type { UserDataExport } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/User/Export (auth): everything the site holds about the caller. */
export function exportUserData(): Promise<UserDataExport> {
  return api.get<UserDataExport>('/User/Export');
}

/** A download the user asks for, so a mutation rather than a query: nothing is cached. */
export function useExportUserData() {
  return useMutation({ mutationFn: exportUserData });
}
