import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { ApiError } from '../lib/api-client.ts';
import { AuthProvider } from '../lib/auth.tsx';
import { theme } from './theme.ts';
import { AppToaster } from './toaster.tsx';

function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // A 4xx answer will not change on retry (and a 404 can be meaningful, e.g. the dev mailbox in production).
        retry: (failureCount, error) =>
          !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 2,
      },
      mutations: { retry: false },
    },
  });
}

/**
 * One cache for the whole visit: the layout below unmounts when the visitor goes back to the landing page,
 * and coming back to the app must not refetch everything.
 */
const queryClient = createQueryClient();

/** Everything the app's screens share besides the router: theme, server-state cache, toasts. */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <QueryClientProvider client={queryClient}>
        {children}
        <AppToaster />
      </QueryClientProvider>
    </ThemeProvider>
  );
}

/**
 * The layout route around every screen but the landing page, loaded with the first of them: the query
 * cache, toasts, the session (and zod) cost more than the landing page itself, which needs none of them.
 */
export function AppProviderLayout() {
  return (
    <AppProvider>
      <AuthProvider>
        <Outlet />
      </AuthProvider>
    </AppProvider>
  );
}
