import { z } from 'zod';

/**
 * The browser-side session, kept under the original product's localStorage names so that a session written
 * by one part of the app (password login writes `authTokens`, Google sign-in writes `authToken`) is read by
 * every other part.
 */
export const AUTH_STORAGE_KEYS = {
  googleTokens: 'authToken',
  tokens: 'authTokens',
  user: 'user',
} as const;

const authTokensSchema = z.object({ access: z.string().min(1), refresh: z.string().min(1) });
export type AuthTokens = z.infer<typeof authTokensSchema>;

/** The user object the login and Google sign-in answers carry. */
export const storedUserSchema = z.object({
  pk: z.number().optional(),
  username: z.string().optional(),
  email: z.string().optional(),
  is_staff: z.boolean().optional(),
});
export type StoredUser = z.infer<typeof storedUserSchema>;

const accessTokenPayloadSchema = z.object({
  user_id: z.coerce.number().int(),
  exp: z.number().optional(),
});
export type AccessTokenPayload = z.infer<typeof accessTokenPayloadSchema>;

function readJson<T>(key: string, schema: z.ZodType<T>): T | null {
  let raw: string | null;
  try {
    raw = window.localStorage.getItem(key);
  } catch {
    // Storage can be disabled (private modes, strict cookie settings): behave as signed out.
    return null;
  }
  if (!raw) return null;
  try {
    const parsed = schema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function writeJson(key: string, value: unknown): void {
  try {
    window.localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Quota or disabled storage: the session then lasts only as long as the page.
  }
}

/** The stored token pairs in the order the spec tries them: `authToken` first, then `authTokens`. */
export function readStoredTokenPairs(): AuthTokens[] {
  const pairs = [
    readJson(AUTH_STORAGE_KEYS.googleTokens, authTokensSchema),
    readJson(AUTH_STORAGE_KEYS.tokens, authTokensSchema),
  ].filter((pair): pair is AuthTokens => pair !== null);
  return pairs.filter((pair, index) => pairs.findIndex((other) => other.refresh === pair.refresh) === index);
}

export function readAccessToken(): string | null {
  return readStoredTokenPairs()[0]?.access ?? null;
}

/**
 * Refresh tokens rotate (the old one stops working), so the new pair goes into both entries: otherwise the
 * next page load would try a dead token first.
 */
export function storeTokens(tokens: AuthTokens): void {
  writeJson(AUTH_STORAGE_KEYS.googleTokens, tokens);
  writeJson(AUTH_STORAGE_KEYS.tokens, tokens);
}

export function readStoredUser(): StoredUser | null {
  return readJson(AUTH_STORAGE_KEYS.user, storedUserSchema);
}

export function storeUser(user: StoredUser): void {
  writeJson(AUTH_STORAGE_KEYS.user, user);
}

export function clearStoredSession(): void {
  try {
    for (const key of Object.values(AUTH_STORAGE_KEYS)) window.localStorage.removeItem(key);
  } catch {
    // Nothing stored if storage is unavailable.
  }
}

/** Reads the JWT payload without verifying it: the server verifies; the client only needs `user_id`. */
export function decodeAccessToken(access: string): AccessTokenPayload | null {
  const payload = access.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(payload.length / 4) * 4, '=');
    const json = new TextDecoder().decode(Uint8Array.from(atob(base64), (char) => char.charCodeAt(0)));
    const parsed = accessTokenPayloadSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
