import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { LandingPage } from '../features/landing/components/landing-page.tsx';
import { theme } from './theme.ts';

/**
 * The landing page with the app's theme, and nothing else: the query cache, toasts, the session and the
 * other screens' MUI components load with the first screen that needs them (provider.tsx).
 */
export function LandingRoute() {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <LandingPage />
    </ThemeProvider>
  );
}
