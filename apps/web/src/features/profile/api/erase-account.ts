import type { EraseAccountRequest } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';

/** DELETE /api/User/ (auth) with the password: erases the caller's account. */
export function eraseAccount(body: EraseAccountRequest): Promise<boolean> {
  return apiCall<boolean>('/User/', { method: 'DELETE', body });
}

export function useEraseAccount() {
  return useMutation({ mutationFn: eraseAccount });
}
