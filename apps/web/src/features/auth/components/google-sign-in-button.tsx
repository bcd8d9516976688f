import GoogleIcon from '@mui/icons-material/Google';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import { useState } from 'react';
import { useAppConfig } from '../api/get-app-config.ts';
import { googleAuthorizationUrl } from '../utils/google-sign-in-state.ts';

/**
 * "Continue with Google", shown only when the server has Google sign-in configured. The browser leaves for
 * the provider's page and comes back to /google/callback.
 */
export function GoogleSignInButton() {
  const { data: config } = useAppConfig();
  const [leaving, setLeaving] = useState(false);
  const authorizationUrl = config?.google_sign_in.enabled ? config.google_sign_in.authorization_url : null;
  if (!authorizationUrl) return null;

  return (
    <Box>
      <Divider sx={{ my: 3, color: 'text.secondary', fontSize: '0.875rem' }}>or</Divider>
      <Button
        fullWidth
        size="large"
        variant="outlined"
        color="inherit"
        startIcon={<GoogleIcon />}
        disabled={leaving}
        onClick={() => {
          setLeaving(true);
          window.location.assign(googleAuthorizationUrl(authorizationUrl));
        }}
        sx={{ borderColor: 'divider', bgcolor: 'background.paper' }}
      >
        Continue with Google
      </Button>
    </Box>
  );
}
