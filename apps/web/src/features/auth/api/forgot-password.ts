import type { ForgotPasswordRequest } from '@app/contracts';
import { api } from '@/lib/api-client';

/** POST /api/Account/ForgotPassword: answers the same message whether or not the e-mail is registered. Sends no bearer token (SPEC §7). */
export function forgotPassword(request: ForgotPasswordRequest): Promise<string> {
  return api.post<string>('/Account/ForgotPassword', request, { auth: false });
}
