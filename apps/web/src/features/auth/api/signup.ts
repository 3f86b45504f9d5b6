import type { LoginResult, SignupRequest } from '@app/contracts';
import { api } from '@/lib/api-client';

/** POST /api/Account/Signup: creates the account and logs it in (SPEC §4). Sends no bearer token (SPEC §7). */
export function signup(request: SignupRequest): Promise<LoginResult> {
  return api.post<LoginResult>('/Account/Signup', request, { auth: false });
}
