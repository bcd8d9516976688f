// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfirmEmailPage } from './confirm-email-page.tsx';

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function Landed() {
  const location = useLocation();
  return <p data-testid="landed">{`${location.pathname}${location.search}`}</p>;
}

/** The link page under StrictMode (effects run twice) against a fake server that uses each key up once. */
function renderLink(key: string, answer: () => Response) {
  const fetchMock = vi.fn<typeof fetch>(async () => answer());
  vi.stubGlobal('fetch', fetchMock);
  render(
    <StrictMode>
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter initialEntries={[`/app/auth/confirm-email/${key}`]}>
          <Routes>
            <Route path="/app/auth/confirm-email/:key" element={<ConfirmEmailPage />} />
            <Route path="/app/auth/email-confirmed" element={<Landed />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </StrictMode>,
  );
  return fetchMock;
}

describe('ConfirmEmailPage', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('calls the server once and shows success, even though StrictMode runs the effect twice', async () => {
    let calls = 0;
    const fetchMock = renderLink('k1', () =>
      ++calls === 1
        ? jsonResponse(200, { detail: 'E-mail confirmed.', already_confirmed: false })
        : jsonResponse(404, { detail: 'This confirmation link is invalid.' }),
    );
    expect((await screen.findByTestId('landed')).textContent).toContain('/app/auth/email-confirmed?status=success');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/auth/confirm-email/k1/');
  });

  it('says already confirmed for a used link, and maps 404 and 410 as the spec does', async () => {
    renderLink('used', () => jsonResponse(200, { detail: 'E-mail already confirmed.', already_confirmed: true }));
    expect((await screen.findByTestId('landed')).textContent).toContain('status=success&already=true');
    cleanup();
    renderLink('gone', () => jsonResponse(410, { detail: 'This confirmation link has expired.' }));
    expect((await screen.findByTestId('landed')).textContent).toContain('status=error&message=expired_link');
    cleanup();
    renderLink('nope', () => jsonResponse(404, { detail: 'This confirmation link is invalid.' }));
    await waitFor(() => expect(screen.getByTestId('landed').textContent).toContain('status=error&message=invalid_link'));
  });
});
