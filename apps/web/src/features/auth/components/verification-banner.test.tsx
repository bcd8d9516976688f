// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { USER_PROFILE_QUERY_KEY } from '../../../lib/account.ts';
import { AuthProvider } from '../../../lib/auth.tsx';
import { VerificationBanner } from './verification-banner.tsx';

function tokenFor(userId: number): string {
  const encode = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '');
  return `${encode({ alg: 'HS256' })}.${encode({ user_id: userId })}.sig`;
}

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const profile = (isVerified: boolean) => ({
  pk: 5,
  user_id: 5,
  username: 'claire',
  email: 'claire@example.com',
  first_name: '',
  last_name: '',
  date_joined: '2026-01-02T00:00:00.000Z',
  last_login: null,
  is_staff: false,
  is_superuser: false,
  is_active: true,
  is_verified: isVerified,
  plan: 'free',
});

/** A logged-in session against a fake server that answers the calls the banner makes. */
function renderBanner(path: string, isVerified: boolean) {
  localStorage.setItem('authTokens', JSON.stringify({ access: 'a', refresh: 'r' }));
  const fetchMock = vi.fn<typeof fetch>(async (input) => {
    const url = String(input);
    if (url === '/api/token/refresh/') return jsonResponse(200, { access: tokenFor(5), refresh: 'r2' });
    if (url === '/api/auth/user/') return jsonResponse(200, profile(isVerified));
    if (url === '/api/auth/email/resend/') return jsonResponse(200, { detail: 'Verification e-mail sent.' });
    return jsonResponse(404, { detail: 'Not found.' });
  });
  vi.stubGlobal('fetch', fetchMock);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <AuthProvider>
          <VerificationBanner />
        </AuthProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  /** Resolves once the banner has the profile in hand, so a missing banner is a decision, not a wait. */
  const profileLoaded = () => waitFor(() => expect(queryClient.getQueryCache().find({ queryKey: USER_PROFILE_QUERY_KEY, exact: false })?.state.status).toBe('success'));
  return { fetchMock, profileLoaded };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('VerificationBanner', () => {
  it('asks an unverified user to verify and resends the e-mail with the bearer token', async () => {
    const { fetchMock } = renderBanner('/app/profile', false);
    expect(await screen.findByText(/Please verify your email address \(claire@example\.com\)/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Resend' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/auth/email/resend/')).toBe(true));
    const [, init] = fetchMock.mock.calls.find(([url]) => String(url) === '/api/auth/email/resend/') ?? [];
    expect(new Headers(init?.headers).get('Authorization')).toBe(`Bearer ${tokenFor(5)}`);
  });

  it('says nothing to a verified user', async () => {
    await renderBanner('/app', true).profileLoaded();
    expect(screen.queryByText(/Please verify your email address/)).toBeNull();
  });

  it('stays off the /app/auth pages', async () => {
    await renderBanner('/app/auth/change-password', false).profileLoaded();
    expect(screen.queryByText(/Please verify your email address/)).toBeNull();
  });
});
