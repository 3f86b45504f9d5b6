import type { LoginResult, TokenValidationResult } from '@app/contracts';

/** Authorization info as kept in local storage (SPEC §3), one key per field. */
export interface AuthInfo {
  userName: string;
  name: string;
  token: string;
  isLoggedIn: boolean;
  roleId: number;
}

export const AUTH_STORAGE_KEYS = ['userName', 'name', 'token', 'isLoggedIn', 'roleId'] as const;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null; // storage disabled (privacy mode): behave as logged out
  }
}

export function readAuthInfo(): AuthInfo {
  const store = storage();
  const roleId = Number(store?.getItem('roleId') ?? 0);
  return {
    userName: store?.getItem('userName') ?? '',
    name: store?.getItem('name') ?? '',
    token: store?.getItem('token') ?? '',
    isLoggedIn: store?.getItem('isLoggedIn') === 'true',
    roleId: Number.isFinite(roleId) ? roleId : 0,
  };
}

/** Sign-in: stores the user and the token and marks the session logged in. */
export function saveLogin(result: LoginResult): void {
  saveUser(result);
  saveToken(result.token);
}

/** The variant that keeps the current token (e.g. after the token was validated). */
export function saveUser(user: TokenValidationResult): void {
  const store = storage();
  if (!store) return;
  store.setItem('userName', user.userName);
  store.setItem('name', user.name);
  store.setItem('roleId', String(user.roleId));
  store.setItem('isLoggedIn', 'true');
}

export function saveName(name: string): void {
  storage()?.setItem('name', name);
}

export function saveToken(token: string): void {
  storage()?.setItem('token', token);
}

export function readToken(): string {
  return storage()?.getItem('token') ?? '';
}

export function clearAuthInfo(): void {
  const store = storage();
  for (const key of AUTH_STORAGE_KEYS) store?.removeItem(key);
}
