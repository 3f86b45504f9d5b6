import type { HomeResult } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/Home/: the latest articles and questions (SPEC §7). */
export function getHome({ signal }: { signal?: AbortSignal } = {}): Promise<HomeResult> {
  return api.get<HomeResult>('/Home/', { auth: false, signal });
}

export const getHomeQueryOptions = () => queryOptions({ queryKey: ['home'], queryFn: getHome });

export function useHome() {
  return useQuery(getHomeQueryOptions());
}
