import type { LoginRequest, LoginResult, TwoFactorRequired } from '@app/contracts';
import { api } from '@/lib/api-client';

/**
 * POST /api/Account/Login: the session for a user name and password (SPEC §4), or, with two-factor
 * on, a challenge for the second step. Sends no bearer token (SPEC §7).
 */
export function login(request: LoginRequest): Promise<LoginResult | TwoFactorRequired> {
  return api.post<LoginResult | TwoFactorRequired>('/Account/Login', request, { auth: false });
}
