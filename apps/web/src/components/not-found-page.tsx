import HomeRoundedIcon from '@mui/icons-material/HomeRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useDocumentTitle } from '../lib/document-title.ts';
import { Logo } from './logo.tsx';

export function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <Box component="header" sx={{ px: { xs: 2, sm: 4 }, py: 2 }}>
        <Box component={RouterLink} to="/" aria-label="Stagecraft home" sx={{ display: 'inline-block' }}>
          <Logo height={30} />
        </Box>
      </Box>
      <Container component="main" maxWidth="sm" sx={{ flex: 1, display: 'flex', alignItems: 'center', py: 8 }}>
        <Box sx={{ textAlign: 'center', width: '100%' }}>
          <Typography
            aria-hidden
            sx={{
              fontSize: { xs: 88, sm: 120 },
              fontWeight: 800,
              lineHeight: 1,
              letterSpacing: '-0.05em',
              background: 'linear-gradient(135deg, #4338ca, #0f766e)',
              backgroundClip: 'text',
              color: 'transparent',
              mb: 2,
            }}
          >
            404
          </Typography>
          <Typography variant="h1" sx={{ fontSize: { xs: '1.75rem', sm: '2.25rem' }, mb: 2 }}>
            404 - Page Not Found
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 4, maxWidth: 420, mx: 'auto' }}>
            This room is empty: the page you asked for does not exist or has moved. Check the address, or head back to
            the home page.
          </Typography>
          <Button component={RouterLink} to="/" variant="contained" size="large" startIcon={<HomeRoundedIcon />}>
            Go Home
          </Button>
        </Box>
      </Container>
    </Box>
  );
}
