import { lazy, Suspense } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { PageLoading } from '../components/page-loading.tsx';

/** The 404 screen is an MUI screen: it loads with the theme, as any other screen after the landing page. */
const ThemedNotFoundPage = lazy(async () => {
  const [{ AppProvider }, { NotFoundPage }] = await Promise.all([
    import('./provider.tsx'),
    import('../components/not-found-page.tsx'),
  ]);
  return {
    default: () => (
      <AppProvider>
        <NotFoundPage />
      </AppProvider>
    ),
  };
});

/**
 * True when a screen's code file could not be loaded: after a new release the old file names are gone from
 * the server (Chromium: "Failed to fetch dynamically imported module", Firefox: "error loading dynamically
 * imported module", Safari: "Importing a module script failed"; Vite's preload helper: "Unable to preload").
 */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return /dynamically imported module|Importing a module script failed|Unable to preload|error loading dynamically/i.test(
    error.message,
  );
}

/**
 * Catches what a screen throws while loading or rendering. Plain markup and CSS (app/base.css): it must
 * show even when the code that failed to load is the theme's.
 */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <Suspense fallback={<PageLoading />}>
        <ThemedNotFoundPage />
      </Suspense>
    );
  }
  const newVersion = isChunkLoadError(error);
  return (
    <main className="sc-route-error" role="alert">
      <div>
        <h1>{newVersion ? 'A new version is available' : 'Something went wrong'}</h1>
        <p>
          {newVersion
            ? 'Stagecraft was updated while this page was open. Reload to get the new version; your designs and credits are safe.'
            : 'This page could not be shown. Reloading usually fixes it; your designs and credits are safe.'}
        </p>
        <button type="button" className="sc-button" onClick={() => window.location.reload()}>
          {newVersion ? 'Reload' : 'Reload the page'}
        </button>
      </div>
    </main>
  );
}
