import MenuRoundedIcon from '@mui/icons-material/MenuRounded';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { Logo } from '../../../components/logo.tsx';
import { GET_STARTED_PATH, MOBILE_MENU_ID, SECTION_LINKS, SIGN_IN_PATH, sectionLinkSx } from './landing-links.ts';

/**
 * The drawer (MUI's modal, focus trap, backdrop and slide: about 20 KB) loads when a phone visitor first opens
 * the menu, not with every landing page.
 */
const LandingMobileMenu = lazy(async () => ({ default: (await import('./landing-mobile-menu.tsx')).LandingMobileMenu }));

export function LandingNavbar() {
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuRequested, setMenuRequested] = useState(false);

  return (
    <AppBar
      component="header"
      position="sticky"
      color="inherit"
      elevation={0}
      sx={{ borderBottom: 1, borderColor: 'divider', bgcolor: 'rgba(255, 255, 255, 0.9)', backdropFilter: 'saturate(180%) blur(10px)' }}
    >
      <Container maxWidth="lg">
        <Box component="nav" aria-label="Main" sx={{ display: 'flex', alignItems: 'center', height: { xs: 64, md: 72 }, gap: 2 }}>
          <Box component={RouterLink} to="/" aria-label="Stagecraft home" sx={{ display: 'inline-flex', borderRadius: 1, mr: 'auto' }}>
            <Logo height={30} />
          </Box>

          <Stack direction="row" spacing={0.5} sx={{ display: { xs: 'none', md: 'flex' } }}>
            {SECTION_LINKS.map((link) => (
              <Box key={link.href} component="a" href={link.href} sx={sectionLinkSx}>
                {link.label}
              </Box>
            ))}
          </Stack>

          <Stack direction="row" spacing={1} alignItems="center" sx={{ display: { xs: 'none', md: 'flex' }, ml: 2 }}>
            <Button component={RouterLink} to={SIGN_IN_PATH} color="inherit" sx={{ fontWeight: 600 }}>
              Sign In
            </Button>
            <Button component={RouterLink} to={GET_STARTED_PATH} variant="contained">
              Get Started
            </Button>
          </Stack>

          <IconButton
            aria-label="Open menu"
            aria-controls={MOBILE_MENU_ID}
            aria-expanded={menuOpen}
            onClick={() => {
              setMenuRequested(true);
              setMenuOpen(true);
            }}
            sx={{ display: { md: 'none' } }}
          >
            <MenuRoundedIcon />
          </IconButton>
        </Box>
      </Container>

      {/* Mounted from the first opening on, so it can also play its closing transition. */}
      {menuRequested && (
        <Suspense fallback={null}>
          <LandingMobileMenu open={menuOpen} onClose={() => setMenuOpen(false)} />
        </Suspense>
      )}
    </AppBar>
  );
}
