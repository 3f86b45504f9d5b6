import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/Account/LogoutEverywhere (auth): ends every session of the user, on every device, this one included. */
export function logoutEverywhere(): Promise<boolean> {
  return api.post<boolean>('/Account/LogoutEverywhere', {});
}

export function useLogoutEverywhere() {
  return useMutation({ mutationFn: logoutEverywhere });
}
