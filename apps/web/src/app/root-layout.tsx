import { useEffect } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router';

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

/** A thin bar while the next screen's code loads, so a click never seems ignored (plain CSS: see base.css). */
function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state !== 'loading') return null;
  return <div className="sc-navigation-progress" role="progressbar" aria-label="Loading page" />;
}

/**
 * The root of every page, the landing page included: nothing here may pull in MUI, the query cache or the
 * session. The landing page brings only MUI's theme (landing-route.tsx); the other screens load the rest
 * with their layout route (provider.tsx).
 */
export function RootLayout() {
  return (
    <>
      <ScrollOnPageChange />
      <NavigationProgress />
      <Outlet />
    </>
  );
}
