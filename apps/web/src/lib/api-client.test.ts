// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiClient, apiErrorMessage } from './api-client.ts';

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('apiClient', () => {
  it('sends JSON with the stored access token', async () => {
    localStorage.setItem('authTokens', JSON.stringify({ access: 'the-access', refresh: 'the-refresh' }));
    const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(jsonResponse(200, { ok: true }));
    vi.stubGlobal('fetch', fetchMock);

    await expect(apiClient.post('/api/track-action/', { action: 'LAYOUT_CREATED' })).resolves.toEqual({ ok: true });
    const [path, init] = fetchMock.mock.calls[0] ?? [];
    const headers = new Headers(init?.headers);
    expect(path).toBe('/api/track-action/');
    expect(headers.get('Authorization')).toBe('Bearer the-access');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(init?.body).toBe(JSON.stringify({ action: 'LAYOUT_CREATED' }));
  });

  it('leaves the token off calls marked public', async () => {
    localStorage.setItem('authTokens', JSON.stringify({ access: 'the-access', refresh: 'the-refresh' }));
    const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(jsonResponse(200, {}));
    vi.stubGlobal('fetch', fetchMock);
    await apiClient.post('/api/token/refresh/', { refresh: 'the-refresh' }, { auth: false });
    expect(new Headers(fetchMock.mock.calls[0]?.[1]?.headers).has('Authorization')).toBe(false);
  });

  it('throws an ApiError carrying the status and the field errors', async () => {
    vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockResolvedValue(jsonResponse(400, { detail: 'Invalid input.', email: ['Enter a valid email address.'] })));
    const error = await apiClient.post('/api/register/', {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(400);
    expect((error as ApiError).fieldErrors('email')).toEqual(['Enter a valid email address.']);
  });

  it('reports a network failure as status 0', async () => {
    vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockRejectedValue(new TypeError('Failed to fetch')));
    const error = await apiClient.get('/api/user-credits/').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).isNetworkError).toBe(true);
  });
});

describe('apiErrorMessage', () => {
  it('prefers the detail, then the first non-field error, then the fallback', () => {
    expect(apiErrorMessage(new ApiError(401, { detail: 'No active account' }), 'Login failed')).toBe('No active account');
    expect(apiErrorMessage(new ApiError(400, { non_field_errors: ['Unable to log in.'] }), 'Login failed')).toBe('Unable to log in.');
    expect(apiErrorMessage(new Error('boom'), 'Login failed')).toBe('Login failed');
  });
});
