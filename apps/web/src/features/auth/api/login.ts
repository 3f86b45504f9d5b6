import type { LoginRequest, LoginResult } from '@app/contracts';
import { api } from '@/lib/api-client';

/** POST /api/Account/Login: the session for a user name and password (SPEC §4). Sends no bearer token (SPEC §7). */
export function login(request: LoginRequest): Promise<LoginResult> {
  return api.post<LoginResult>('/Account/Login', request, { auth: false });
}
