import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminUserRow, SuspendRequest, SuspensionResult } from '@app/contracts';
import { api } from '@/lib/api-client';

/** GET /api/Admin/Users (admin): people by user name, 20 at a time, with their suspension (issue 27). */
export function getAdminUsers(startsWith: string, after: string, { signal }: { signal?: AbortSignal } = {}): Promise<AdminUserRow[]> {
  const query = new URLSearchParams({ startsWith, after });
  return api.get<AdminUserRow[]>(`/Admin/Users?${query.toString()}`, { signal, silent: true });
}

export const getAdminUsersQueryOptions = (startsWith: string, after: string) =>
  queryOptions({
    queryKey: ['admin-users', startsWith, after],
    queryFn: ({ signal }) => getAdminUsers(startsWith, after, { signal }),
  });

export function useAdminUsers(startsWith: string, after: string) {
  return useQuery(getAdminUsersQueryOptions(startsWith, after));
}

/** PUT /api/Admin/Suspend: ends their sessions; login is refused until `until` (null: until unsuspended). */
export const suspendUser = (request: SuspendRequest) => api.put<SuspensionResult>('/Admin/Suspend', request);

/** PUT /api/Admin/Unsuspend. */
export const unsuspendUser = (userName: string) => api.put<SuspensionResult>('/Admin/Unsuspend', { userName });
