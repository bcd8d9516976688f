import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { NotFoundPage } from '../components/not-found-page.tsx';

/**
 * Catches what a screen throws while loading or rendering. The usual cause after a release is a screen's
 * code file that no longer exists on the server, which a reload fixes.
 */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return (
    <Box component="main" role="alert" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 3, textAlign: 'center' }}>
      <Box sx={{ maxWidth: 440 }}>
        <Typography variant="h1" sx={{ fontSize: '1.75rem', mb: 1.5 }}>
          Something went wrong
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          This page could not be shown. Reloading usually fixes it; your designs and credits are safe.
        </Typography>
        <Button variant="contained" onClick={() => window.location.reload()}>
          Reload the page
        </Button>
      </Box>
    </Box>
  );
}
