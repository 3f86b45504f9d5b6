import type { Login2faRequest, LoginResult } from '@app/contracts';
import { api } from '@/lib/api-client';

/** POST /api/Account/Login2fa: the second step of a login with two-factor on (a code of the authenticator or a recovery code). */
export function login2fa(request: Login2faRequest): Promise<LoginResult> {
  return api.post<LoginResult>('/Account/Login2fa', request, { auth: false });
}
