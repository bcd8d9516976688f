import { alpha, createTheme } from '@mui/material/styles';

// No web-font download: the app must work offline, so Inter is used only when it is installed locally.
const systemFontStack = [
  'Inter',
  'system-ui',
  '-apple-system',
  '"Segoe UI"',
  'Roboto',
  '"Helvetica Neue"',
  'Arial',
  'sans-serif',
  '"Apple Color Emoji"',
  '"Segoe UI Emoji"',
].join(',');

const ink = '#0f172a';
const focusRing = '#6366f1';

/**
 * The state colours carry meaning in the chrome (the floating upgrade button): error for Get Credits,
 * warning for Top Up Credits, success for Unlock Branding, primary for Go Unlimited.
 */
export const theme = createTheme({
  palette: {
    mode: 'light',
    primary: { main: '#4338ca', dark: '#312e81', light: '#6366f1', contrastText: '#ffffff' },
    secondary: { main: '#0f766e', dark: '#115e59', light: '#14b8a6', contrastText: '#ffffff' },
    success: { main: '#15803d', dark: '#166534', light: '#22c55e', contrastText: '#ffffff' },
    warning: { main: '#b45309', dark: '#92400e', light: '#f59e0b', contrastText: '#ffffff' },
    error: { main: '#dc2626', dark: '#b91c1c', light: '#f87171', contrastText: '#ffffff' },
    info: { main: '#0369a1', contrastText: '#ffffff' },
    background: { default: '#f8fafc', paper: '#ffffff' },
    text: { primary: ink, secondary: '#475569' },
    divider: '#e2e8f0',
  },
  shape: { borderRadius: 10 },
  typography: {
    fontFamily: systemFontStack,
    h1: { fontWeight: 800, letterSpacing: '-0.025em', lineHeight: 1.08 },
    h2: { fontWeight: 800, letterSpacing: '-0.02em', lineHeight: 1.15 },
    h3: { fontWeight: 700, letterSpacing: '-0.015em' },
    h4: { fontWeight: 700, letterSpacing: '-0.01em' },
    h5: { fontWeight: 700 },
    h6: { fontWeight: 700 },
    button: { fontWeight: 600, textTransform: 'none', letterSpacing: 0 },
    overline: { fontWeight: 700, letterSpacing: '0.12em' },
  },
  components: {
    MuiCssBaseline: {
      styleOverrides: {
        html: {
          WebkitFontSmoothing: 'antialiased',
          '@media (prefers-reduced-motion: no-preference)': { scrollBehavior: 'smooth' },
        },
        body: { overflowX: 'hidden' },
        // Keyboard users must always see where they are; mouse clicks do not draw the ring.
        ':focus-visible': { outline: `3px solid ${focusRing}`, outlineOffset: 2 },
        'a:focus-visible, input:focus-visible, summary:focus-visible': {
          outline: `3px solid ${focusRing}`,
          outlineOffset: 2,
          borderRadius: 2,
        },
        img: { maxWidth: '100%' },
      },
    },
    MuiButtonBase: {
      styleOverrides: {
        root: {
          '&.Mui-focusVisible': { outline: `3px solid ${focusRing}`, outlineOffset: 2 },
        },
      },
    },
    MuiButton: {
      defaultProps: { disableElevation: true },
      styleOverrides: {
        root: { borderRadius: 10, paddingInline: 18 },
        sizeLarge: { paddingBlock: 12, paddingInline: 24, fontSize: '1rem' },
      },
    },
    MuiLink: {
      defaultProps: { underline: 'hover' },
    },
    MuiPaper: {
      styleOverrides: {
        outlined: { borderColor: '#e2e8f0' },
      },
    },
    MuiChip: {
      styleOverrides: { root: { fontWeight: 600 } },
    },
    MuiTooltip: {
      styleOverrides: { tooltip: { backgroundColor: alpha(ink, 0.92), fontSize: '0.8rem' } },
    },
  },
});
