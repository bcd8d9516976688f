import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Outlet, Link as RouterLink } from 'react-router';
import { Logo } from '../../components/logo.tsx';

/** Frame for public screens outside the landing page: account screens and staging guides. */
export function PublicLayout() {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <Box component="header" sx={{ borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }}>
        <Container maxWidth="lg" sx={{ py: 1.75, display: 'flex', alignItems: 'center' }}>
          <Box component={RouterLink} to="/" aria-label="Stagecraft home" sx={{ display: 'inline-flex', borderRadius: 1 }}>
            <Logo height={30} />
          </Box>
        </Container>
      </Box>
      <Box component="main" sx={{ flex: 1 }}>
        <Outlet />
      </Box>
      <Box component="footer" sx={{ py: 3, textAlign: 'center' }}>
        <Typography variant="body2" color="text.secondary">
          <Link component={RouterLink} to="/tos" color="inherit">
            Terms of Service
          </Link>
          {' · '}
          <Link component={RouterLink} to="/privacy-policy" color="inherit">
            Privacy Policy
          </Link>
        </Typography>
      </Box>
    </Box>
  );
}
