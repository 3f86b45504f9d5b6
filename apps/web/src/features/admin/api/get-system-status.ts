import type { SystemStatus } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** How often the System card refreshes its figures while the Admin Panel is open. */
export const SYSTEM_STATUS_REFRESH_MS = 5_000;

/** GET /api/Admin/System (admin): each projection's state and lag, and the job queue; in the background (no overlay). */
export function getSystemStatus({ signal }: { signal?: AbortSignal } = {}): Promise<SystemStatus> {
  return api.get<SystemStatus>('/Admin/System', { signal, silent: true });
}

export const getSystemStatusQueryOptions = () => queryOptions({ queryKey: ['system-status'], queryFn: getSystemStatus });

export function useSystemStatus() {
  return useQuery({ ...getSystemStatusQueryOptions(), refetchInterval: SYSTEM_STATUS_REFRESH_MS });
}
