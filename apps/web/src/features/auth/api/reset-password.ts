import type { ResetPasswordRequest } from '@app/contracts';
import { api } from '@/lib/api-client';

/** POST /api/Account/ResetPassword: sets a new password through a reset link. Sends no bearer token (SPEC §7). */
export function resetPassword(request: ResetPasswordRequest): Promise<string> {
  return api.post<string>('/Account/ResetPassword', request, { auth: false });
}
