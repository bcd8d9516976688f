import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { AUTH_ROUTES } from '@stagecraft/contracts';
import { z } from 'zod';
import { apiClient } from './api-client.ts';
import {
  clearStoredSession,
  decodeAccessToken,
  readStoredTokenPairs,
  readStoredUser,
  storeTokens,
  storeUser,
  type AuthTokens,
  type StoredUser,
} from './auth-storage.ts';

/** Spec 000 section 9: the access token lives 5 minutes, so it is renewed every 4. */
export const TOKEN_REFRESH_INTERVAL_MS = 240_000;
export const TOKEN_REFRESH_PATH = '/api/token/refresh/';

/** Paths where logging out must not redirect to the login page (the user is already on an auth screen). */
const AUTH_PATH_PREFIXES = ['/app/login', '/app/register', '/app/signup', '/app/auth/', '/login', '/register', '/google/callback'];

export function isAuthPath(pathname: string): boolean {
  return AUTH_PATH_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`));
}

export interface SessionUser {
  userId: number;
  username: string | null;
  email: string | null;
  isStaff: boolean;
}

/** What a login or Google sign-in answer gives the client to start a session with. */
export interface SignInResult extends AuthTokens {
  user?: StoredUser;
}

const refreshAnswerSchema = z.object({ access: z.string().min(1), refresh: z.string().min(1).optional() });

function toSessionUser(access: string): SessionUser | null {
  const payload = decodeAccessToken(access);
  if (!payload) return null;
  const stored = readStoredUser();
  // A `user` entry left by another account must not lend its name to this one.
  const matches = stored && (stored.pk === undefined || stored.pk === payload.user_id);
  return {
    userId: payload.user_id,
    username: matches ? (stored.username ?? null) : null,
    email: matches ? (stored.email ?? null) : null,
    isStaff: matches ? (stored.is_staff ?? false) : false,
  };
}

let refreshInFlight: Promise<AuthTokens | null> | null = null;

/**
 * Exchanges the stored refresh token for a new pair, trying `authToken` then `authTokens`. Single-flight:
 * refresh tokens rotate, so two concurrent refreshes (StrictMode, the interval meeting a page load) would
 * make the second one fail and end a valid session.
 */
export function refreshSession(): Promise<AuthTokens | null> {
  refreshInFlight ??= (async () => {
    for (const { refresh } of readStoredTokenPairs()) {
      try {
        const answer = await apiClient.post(TOKEN_REFRESH_PATH, { refresh }, { auth: false, schema: refreshAnswerSchema });
        const tokens = { access: answer.access, refresh: answer.refresh ?? refresh };
        storeTokens(tokens);
        return tokens;
      } catch {
        // Expected when the token expired or the server has no accounts yet (404): try the next entry.
      }
    }
    return null;
  })().finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}

/**
 * Best effort: asks the server to revoke the stored refresh tokens so a copied token dies with the session.
 * Not awaited: logging out must work offline too, and the local session is cleared either way.
 */
function revokeStoredRefreshTokens(): void {
  for (const { refresh } of readStoredTokenPairs()) {
    apiClient.post(AUTH_ROUTES.logout, { refresh }, { auth: false }).catch(() => {
      // The token may already be expired or revoked; nothing left to do.
    });
  }
}

interface AuthContextValue {
  user: SessionUser | null;
  /** True between logout() and arriving on /app/login: guards must wait instead of redirecting elsewhere. */
  isLeaving: boolean;
  /** Starts a session from a login or Google sign-in answer. */
  signIn: (result: SignInResult) => SessionUser | null;
  /** Clears the session and goes to /app/login, unless already on an auth page. */
  logout: () => void;
  /** Renews the access token now; ends the session when no refresh token works. */
  refresh: () => Promise<boolean>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

type SessionState = { status: 'checking' } | { status: 'ready'; user: SessionUser | null; leaving?: boolean };

/**
 * Owns the session: renews the tokens on load and every 4 minutes, and renders nothing until the first
 * renewal has answered (spec 000 section 4) so that no page flashes as anonymous for a logged-in user.
 * Lives inside the router because logging out navigates.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [state, setState] = useState<SessionState>(() =>
    readStoredTokenPairs().length > 0 ? { status: 'checking' } : { status: 'ready', user: null },
  );
  const hasSession = state.status === 'ready' && state.user !== null;

  const refresh = useCallback(async () => {
    const tokens = await refreshSession();
    const user = tokens ? toSessionUser(tokens.access) : null;
    if (!user) clearStoredSession();
    setState({ status: 'ready', user });
    return user !== null;
  }, []);

  useEffect(() => {
    if (state.status !== 'checking') return;
    void refresh();
  }, [state.status, refresh]);

  useEffect(() => {
    if (!hasSession) return;
    const timer = window.setInterval(() => void refresh(), TOKEN_REFRESH_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [hasSession, refresh]);

  const leaving = state.status === 'ready' && state.leaving === true;
  useEffect(() => {
    // The location only changes here once the new page has rendered, so the guard is gone by now.
    if (leaving && isAuthPath(pathname)) setState({ status: 'ready', user: null });
  }, [leaving, pathname]);

  const signIn = useCallback((result: SignInResult) => {
    storeTokens({ access: result.access, refresh: result.refresh });
    if (result.user) storeUser(result.user);
    const user = toSessionUser(result.access);
    setState({ status: 'ready', user });
    return user;
  }, []);

  const logout = useCallback(() => {
    revokeStoredRefreshTokens();
    clearStoredSession();
    if (isAuthPath(pathname)) {
      setState({ status: 'ready', user: null });
      return;
    }
    // Until /app/login has rendered (its code loads lazily, in a transition), the route guard would see no
    // user and send the visitor to /login instead; `leaving` tells it to wait.
    setState({ status: 'ready', user: null, leaving: true });
    void navigate('/app/login');
  }, [navigate, pathname]);

  const value = useMemo<AuthContextValue>(
    () => ({
      user: state.status === 'ready' ? state.user : null,
      isLeaving: leaving,
      signIn,
      logout,
      refresh,
    }),
    [state, leaving, signIn, logout, refresh],
  );

  if (state.status === 'checking') return null;
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const context = useContext(AuthContext);
  if (!context) throw new Error('useAuth must be used inside <AuthProvider>');
  return context;
}

export function useUser(): SessionUser | null {
  return useAuth().user;
}
