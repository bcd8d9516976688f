/** Spec 000 section 2: the verification banner stays off the landing, login, register and /app/auth pages. */
const HIDDEN_EXACT = new Set(['/', '/app/login', '/app/register', '/app/signup', '/login', '/register']);

export function showsVerificationBanner(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return !HIDDEN_EXACT.has(path) && !path.startsWith('/app/auth/');
}
