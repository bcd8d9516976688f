import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useAuth } from '../../../lib/auth.tsx';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { useGoogleLogin } from '../api/google-login.ts';
import { consumeGoogleState } from '../utils/google-sign-in-state.ts';

/** DECISIONS.md: the original said "GitHub" here. */
const GOOGLE_LOGIN_FAILED = 'Failed to log in with Google';

/** /google/callback?code=...&state=...: the provider sends the browser back here to finish signing in. */
export function GoogleCallbackPage() {
  useDocumentTitle('Logging in with Google');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { signIn } = useAuth();
  const { mutateAsync: exchangeCode } = useGoogleLogin();
  // The code works once; a second exchange (StrictMode runs effects twice) would fail and undo the first.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const fail = () => {
      console.error(GOOGLE_LOGIN_FAILED);
      void navigate('/app/login', { replace: true, state: { message: GOOGLE_LOGIN_FAILED, severity: 'error' } });
    };
    const code = params.get('code');
    const stateMatches = consumeGoogleState(params.get('state'));
    if (!code || !stateMatches) {
      fail();
      return;
    }
    exchangeCode(code).then((answer) => {
      signIn(answer);
      void navigate('/app', { replace: true });
    }, fail);
  }, [params, navigate, signIn, exchangeCode]);

  return (
    <Box role="status" sx={{ minHeight: '50vh', display: 'grid', placeItems: 'center', px: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        <CircularProgress size={28} aria-hidden />
        <Typography variant="h6" component="h1">
          Logging in with Google...
        </Typography>
      </Box>
    </Box>
  );
}
