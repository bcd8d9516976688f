import LinearProgress from '@mui/material/LinearProgress';
import { useEffect } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { AuthProvider } from '../lib/auth.tsx';

/**
 * Scrolls to the top on a new page, or to the `#section` the link points to. Keyed on the pathname only:
 * same-page anchor links are left to the browser, which scrolls smoothly and honours scroll-margin-top.
 */
function ScrollOnPageChange() {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
    // The hash is read only when the page changes; anchor clicks on the same page must not jump.
  }, [pathname]);
  return null;
}

/** A thin bar while the next screen's code loads, so a click never seems ignored. */
function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state !== 'loading') return null;
  return <LinearProgress aria-label="Loading page" sx={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: 2000, height: 3 }} />;
}

export function RootLayout() {
  return (
    <AuthProvider>
      <ScrollOnPageChange />
      <NavigationProgress />
      <Outlet />
    </AuthProvider>
  );
}
