import { api } from '@/lib/api-client';
import type { HomeResult } from '@app/contracts';

/** GET /api/Home/: the latest articles and questions (SPEC §7). */
export function getHome(signal?: AbortSignal): Promise<HomeResult> {
  return api.get<HomeResult>('/Home/', { auth: false, signal });
}
