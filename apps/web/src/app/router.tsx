import type { ComponentType } from 'react';
import { createBrowserRouter, type NonIndexRouteObject, type RouteObject } from 'react-router';
import { PageLoading } from '../components/page-loading.tsx';
import { LandingRoute } from './landing-route.tsx';
import { RootLayout } from './root-layout.tsx';
import { RouteError } from './route-error.tsx';

/**
 * Loads a screen's code only when its route is visited, so the landing page ships without the app. zod is
 * configured first: the screens build schemas as they load, and zod must know before the first one that it may
 * not eval (zod-without-eval.ts).
 */
function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return async () => {
    await import('./zod-without-eval.ts');
    return { Component: pick(await load()) };
  };
}

const auth = () => import('../features/auth/components/auth-screens.tsx');
const payments = () => import('../features/payments/components/payment-pages.tsx');
const history = () => import('../features/history/components/history-pages.tsx');
const guides = () => import('../features/guides/components/guide-pages.tsx');
const studio = () => import('../features/studio/components/studio-page.tsx');

const publicLayout = lazyPage(() => import('./layout/public-layout.tsx'), (m) => m.PublicLayout);
/** The theme, query cache, toasts and session: every screen but the landing page (see provider.tsx). */
const appProviders = lazyPage(() => import('./provider.tsx'), (m) => m.AppProviderLayout);

/**
 * Puts every child of the root but the landing page (the index route) under the app's providers, so the
 * landing page loads without the query cache, toasts, session and their code while the other screens
 * keep being listed side by side below.
 */
function landingWithoutAppProviders([root]: [NonIndexRouteObject]): RouteObject[] {
  const children = root.children ?? [];
  const appScreens: RouteObject = { lazy: appProviders, children: children.filter((route) => !route.index) };
  return [{ ...root, children: [...children.filter((route) => route.index), appScreens] }];
}

/** Public screens that share the simple header (account screens, staging guides). */
const publicScreens: RouteObject[] = [
  { path: 'staging', lazy: lazyPage(guides, (m) => m.GuideIndexPage) },
  { path: 'staging/:slug', lazy: lazyPage(guides, (m) => m.GuideDetailPage) },
  { path: 's/:token', lazy: lazyPage(() => import('../features/branding/components/share-page.tsx'), (m) => m.SharePage) },
  { path: 'google/callback', lazy: lazyPage(() => import('../features/auth/components/google-callback-page.tsx'), (m) => m.GoogleCallbackPage) },
  // The guard sends anonymous visitors to /login, so the short forms render the same screens.
  { path: 'login', lazy: lazyPage(auth, (m) => m.LoginPage) },
  { path: 'register', lazy: lazyPage(auth, (m) => m.RegisterPage) },
  { path: 'app/login', lazy: lazyPage(auth, (m) => m.LoginPage) },
  { path: 'app/register', lazy: lazyPage(auth, (m) => m.RegisterPage) },
  { path: 'app/signup', lazy: lazyPage(auth, (m) => m.RegisterPage) },
  { path: 'app/auth/email-confirmed', lazy: lazyPage(auth, (m) => m.EmailConfirmedPage) },
  { path: 'app/auth/confirm-email/:key', lazy: lazyPage(auth, (m) => m.ConfirmEmailPage) },
  { path: 'app/auth/verify-email/:key', lazy: lazyPage(auth, (m) => m.VerifyEmailPage) },
  { path: 'app/auth/resend-confirmation', lazy: lazyPage(auth, (m) => m.ResendConfirmationPage) },
  { path: 'app/auth/forgot-password', lazy: lazyPage(auth, (m) => m.PasswordResetPage) },
  { path: 'app/auth/password-reset', lazy: lazyPage(auth, (m) => m.PasswordResetPage) },
  { path: 'app/auth/reset-password/:uid/:token', lazy: lazyPage(auth, (m) => m.ResetPasswordPage) },
];

/** Logged-in screens inside the chrome (top bar, side menu). */
const studioScreens: RouteObject[] = [
  { path: 'app', lazy: lazyPage(studio, (m) => m.StudioPage) },
  { path: 'app/ai-design', lazy: lazyPage(studio, (m) => m.StudioPage) },
  { path: 'app/roast', lazy: lazyPage(studio, (m) => m.StudioPage) },
  { path: 'app/profile', lazy: lazyPage(() => import('../features/profile/components/profile-page.tsx'), (m) => m.ProfilePage) },
  { path: 'app/pricing', lazy: lazyPage(() => import('../features/pricing/components/pricing-page.tsx'), (m) => m.PricingPage) },
  { path: 'app/payment-successful', lazy: lazyPage(payments, (m) => m.PaymentSuccessfulPage) },
  { path: 'app/payment-denied', lazy: lazyPage(payments, (m) => m.PaymentDeniedPage) },
  // Test-payment mode's stand-in for the Stripe billing portal (the billing-portal call points here).
  { path: 'app/test-billing-portal', lazy: lazyPage(payments, (m) => m.TestBillingPortalPage) },
  { path: 'app/inspiration', lazy: lazyPage(() => import('../features/inspiration/components/inspiration-page.tsx'), (m) => m.InspirationPage) },
  { path: 'app/branding', lazy: lazyPage(() => import('../features/branding/components/branding-page.tsx'), (m) => m.BrandingPage) },
  { path: 'app/history', lazy: lazyPage(history, (m) => m.HistoryPage) },
  { path: 'app/history/:sessionId', lazy: lazyPage(history, (m) => m.HistorySessionPage) },
  { path: 'app/admin/analytics', lazy: lazyPage(() => import('../features/analytics/components/analytics-page.tsx'), (m) => m.AnalyticsPage) },
  { path: 'app/admin', lazy: lazyPage(() => import('../features/admin/components/admin-page.tsx'), (m) => m.AdminPage) },
];

/** Logged-in screens that stand alone, without the studio chrome. */
const standaloneScreens: RouteObject[] = [
  { path: 'app/auth/change-password', lazy: lazyPage(() => import('../features/profile/components/change-password-page.tsx'), (m) => m.ChangePasswordPage) },
  { path: 'app/test-checkout/:sessionId', lazy: lazyPage(payments, (m) => m.TestCheckoutPage) },
];

export const routes: RouteObject[] = landingWithoutAppProviders([
  {
    Component: RootLayout,
    HydrateFallback: PageLoading,
    ErrorBoundary: RouteError,
    children: [
      { index: true, Component: LandingRoute },
      { path: 'tos', lazy: lazyPage(() => import('../features/legal/components/terms-of-service-page.tsx'), (m) => m.TermsOfServicePage) },
      {
        path: 'privacy-policy',
        lazy: lazyPage(() => import('../features/legal/components/privacy-policy-page.tsx'), (m) => m.PrivacyPolicyPage),
      },
      // A development tool, deliberately outside the guard: it answers 404 in production.
      { path: 'app/dev/mailbox', lazy: lazyPage(() => import('../features/dev-mailbox/components/dev-mailbox-page.tsx'), (m) => m.DevMailboxPage) },
      { lazy: publicLayout, children: publicScreens },
      {
        // Lazy: the session code (and zod with it) stays out of the landing page.
        lazy: lazyPage(() => import('./protected-route.tsx'), (m) => m.ProtectedRoute),
        children: [
          { lazy: lazyPage(() => import('./layout/app-chrome.tsx'), (m) => m.AppChrome), children: studioScreens },
          { lazy: publicLayout, children: standaloneScreens },
        ],
      },
      { path: '*', lazy: lazyPage(() => import('../components/not-found-page.tsx'), (m) => m.NotFoundPage) },
    ],
  },
]);

export function createAppRouter() {
  return createBrowserRouter(routes);
}
