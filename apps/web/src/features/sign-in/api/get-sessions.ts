import type { ActiveSession } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/Account/Sessions (auth): the caller's active sessions, this one marked `current`. */
export function getSessions({ signal }: { signal?: AbortSignal } = {}): Promise<ActiveSession[]> {
  return api.get<ActiveSession[]>('/Account/Sessions', { signal });
}

export const getSessionsQueryOptions = () =>
  queryOptions({ queryKey: ['account', 'sessions'], queryFn: ({ signal }) => getSessions({ signal }) });

export function useSessions() {
  return useQuery(getSessionsQueryOptions());
}
