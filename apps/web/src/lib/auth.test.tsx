// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider, refreshSession, useAuth, useUser } from './auth.tsx';

function tokenFor(userId: number): string {
  const encode = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '');
  return `${encode({ alg: 'HS256' })}.${encode({ user_id: userId })}.sig`;
}

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function WhoIsThere() {
  const user = useUser();
  return <p>{user ? `user ${user.userId} ${user.username ?? ''}`.trim() : 'anonymous'}</p>;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('refreshSession', () => {
  it('falls back to authTokens when the authToken refresh token is refused', async () => {
    localStorage.setItem('authToken', JSON.stringify({ access: 'old-g', refresh: 'dead' }));
    localStorage.setItem('authTokens', JSON.stringify({ access: 'old-p', refresh: 'alive' }));
    const fetchMock = vi.fn<typeof fetch>(async (_path, init) => {
      const { refresh } = JSON.parse(String(init?.body)) as { refresh: string };
      return refresh === 'alive' ? jsonResponse(200, { access: tokenFor(3), refresh: 'rotated' }) : jsonResponse(401, { detail: 'Token is invalid or expired' });
    });
    vi.stubGlobal('fetch', fetchMock);

    await expect(refreshSession()).resolves.toEqual({ access: tokenFor(3), refresh: 'rotated' });
    expect(JSON.parse(localStorage.getItem('authToken') ?? '').refresh).toBe('rotated');
  });

  it('sends one request when asked twice at once, because refresh tokens rotate', async () => {
    localStorage.setItem('authTokens', JSON.stringify({ access: 'a', refresh: 'r' }));
    const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(jsonResponse(200, { access: tokenFor(1), refresh: 'r2' }));
    vi.stubGlobal('fetch', fetchMock);
    await Promise.all([refreshSession(), refreshSession()]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('AuthProvider', () => {
  it('renders at once for a visitor with no stored session', () => {
    const fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchMock);
    render(
      <MemoryRouter>
        <AuthProvider>
          <WhoIsThere />
        </AuthProvider>
      </MemoryRouter>,
    );
    expect(screen.getByText('anonymous')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('restores the user from a renewed token before rendering', async () => {
    localStorage.setItem('authTokens', JSON.stringify({ access: 'a', refresh: 'r' }));
    localStorage.setItem('user', JSON.stringify({ pk: 9, username: 'claire' }));
    vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockResolvedValue(jsonResponse(200, { access: tokenFor(9), refresh: 'r2' })));
    render(
      <MemoryRouter>
        <AuthProvider>
          <WhoIsThere />
        </AuthProvider>
      </MemoryRouter>,
    );
    expect(screen.queryByText(/anonymous|user/)).toBeNull();
    expect(await screen.findByText('user 9 claire')).toBeTruthy();
  });

  it('ends a session that cannot be renewed quietly, without console errors', async () => {
    localStorage.setItem('authTokens', JSON.stringify({ access: 'a', refresh: 'r' }));
    localStorage.setItem('user', JSON.stringify({ username: 'claire' }));
    const consoleError = vi.spyOn(console, 'error');
    vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockResolvedValue(jsonResponse(404, { detail: 'Not found.' })));
    await act(async () => {
      render(
        <MemoryRouter>
          <AuthProvider>
            <WhoIsThere />
          </AuthProvider>
        </MemoryRouter>,
      );
    });
    expect(await screen.findByText('anonymous')).toBeTruthy();
    expect(localStorage.getItem('authTokens')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('revokes the refresh token on the server when logging out', async () => {
    localStorage.setItem('authTokens', JSON.stringify({ access: 'a', refresh: 'r' }));
    const fetchMock = vi.fn<typeof fetch>(async (path) =>
      String(path) === '/auth/logout/' ? jsonResponse(200, { detail: 'Successfully logged out.' }) : jsonResponse(200, { access: tokenFor(4), refresh: 'r2' }),
    );
    vi.stubGlobal('fetch', fetchMock);
    function LogoutButton() {
      const { logout } = useAuth();
      return <button onClick={logout}>Logout</button>;
    }
    render(
      <MemoryRouter initialEntries={['/app/login']}>
        <AuthProvider>
          <WhoIsThere />
          <LogoutButton />
        </AuthProvider>
      </MemoryRouter>,
    );
    await screen.findByText('user 4');
    act(() => screen.getByRole('button', { name: 'Logout' }).click());
    expect(await screen.findByText('anonymous')).toBeTruthy();
    const logoutCall = fetchMock.mock.calls.find(([path]) => String(path) === '/auth/logout/');
    expect(JSON.parse(String(logoutCall?.[1]?.body))).toEqual({ refresh: 'r2' });
    expect(localStorage.getItem('authTokens')).toBeNull();
  });
});
