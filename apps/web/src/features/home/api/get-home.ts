import { api } from '../../../lib/api-client';
import type { HomeResult } from '../../../types/api';

/** GET /api/Home/: the latest articles and questions (SPEC §7). */
export function getHome(signal?: AbortSignal): Promise<HomeResult> {
  return api.get<HomeResult>('/Home/', { auth: false, signal });
}
