import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { RoleId, type LoginResult, type TokenValidationResult } from '@app/contracts';
import { api, ApiError } from '@/lib/api-client';
import { clearAuthInfo, readAuthInfo, saveLogin, saveName, saveUser } from '@/lib/auth-storage';
import { paths } from '@/config/paths';

export interface SessionUser {
  userName: string;
  name: string;
  roleId: number;
}

export interface AuthContextValue {
  /** The signed-in user, or null when logged out. */
  user: SessionUser | null;
  isAdmin: boolean;
  /** Stores a login result (SPEC §4 sign-in) and shows the logged-in UI. */
  login: (result: LoginResult) => void;
  /** Clears the session and goes to /login, or to `to` (e.g. home after erasing the account). */
  logout: (to?: string) => void;
  /** Shows a changed display name at once (the profile's name edit), in the navbar and in storage. */
  renameUser: (name: string) => void;
}

const AuthContext = createContext<AuthContextValue | null>(null);

function storedUser(): SessionUser | null {
  const info = readAuthInfo();
  if (!info.isLoggedIn || !info.token) return null;
  return { userName: info.userName, name: info.name, roleId: info.roleId };
}

/**
 * Session state for the SPA. Must sit inside the router (logout navigates). The stored session is
 * shown at once and checked against the server on startup; a rejected or unverifiable token is
 * cleared silently (SPEC §4).
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const [user, setUser] = useState<SessionUser | null>(storedUser);

  useEffect(() => {
    const info = readAuthInfo();
    // No full session: the initial state (storedUser) is already logged out; drop any half of one.
    if (!info.token || !info.isLoggedIn) {
      if (info.token || info.isLoggedIn) clearAuthInfo();
      return;
    }
    let cancelled = false;
    api
      .get<TokenValidationResult | null>('/Account/IsTokenValid', { silent: true })
      .then((validated) => {
        if (cancelled) return;
        if (!validated?.userName) throw new Error('token not valid');
        saveUser(validated);
        setUser({ userName: validated.userName, name: validated.name, roleId: Number(validated.roleId) || 0 });
      })
      .catch((error: unknown) => {
        // Only the server's word ends the stored session: a request cut short (the reader leaving
        // the page while it was on the wire) or an unreachable server leaves it for the next check.
        if (cancelled || (error instanceof ApiError && (error.status === 0 || error.status >= 500))) return;
        clearAuthInfo();
        setUser(null);
      });
    return () => {
      cancelled = true;
    };
  }, []);

  // Another tab logging in or out changes local storage: follow it.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || event.key === 'isLoggedIn' || event.key === 'token' || event.key === 'userName') setUser(storedUser());
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const login = useCallback((result: LoginResult) => {
    saveLogin(result);
    setUser({ userName: result.userName, name: result.name, roleId: Number(result.roleId) || 0 });
  }, []);

  const logout = useCallback(
    (to: string = paths.auth.login.getHref()) => {
      clearAuthInfo();
      setUser(null);
      void navigate(to);
    },
    [navigate],
  );

  const renameUser = useCallback((name: string) => {
    saveName(name);
    setUser((current) => (current ? { ...current, name } : current));
  }, []);

  const value = useMemo<AuthContextValue>(
    () => ({ user, isAdmin: user?.roleId === RoleId.Admin, login, logout, renameUser }),
    [user, login, logout, renameUser],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const context = useContext(AuthContext);
  if (!context) throw new Error('useAuth must be used inside <AuthProvider>');
  return context;
}
