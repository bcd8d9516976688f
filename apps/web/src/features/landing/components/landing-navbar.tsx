import CloseRoundedIcon from '@mui/icons-material/CloseRounded';
import MenuRoundedIcon from '@mui/icons-material/MenuRounded';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import { useRef, useState, type MouseEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { Logo } from '../../../components/logo.tsx';
import { GET_STARTED_PATH, MOBILE_GET_STARTED_PATH, SECTION_LINKS, SIGN_IN_PATH } from './landing-links.ts';

const MOBILE_MENU_ID = 'landing-mobile-menu';

const sectionLinkSx = {
  color: 'text.primary',
  fontWeight: 600,
  fontSize: '0.95rem',
  textDecoration: 'none',
  px: 1.5,
  py: 1,
  borderRadius: 2,
  transition: 'background-color 150ms, color 150ms',
  '&:hover': { bgcolor: 'rgba(67, 56, 202, 0.06)', color: 'primary.main' },
} as const;

export function LandingNavbar() {
  const [menuOpen, setMenuOpen] = useState(false);
  // The drawer locks page scrolling while open, so the jump to a section waits until it has closed.
  const pendingSection = useRef<string | null>(null);

  const goToSectionAfterClose = (event: MouseEvent<HTMLAnchorElement>, href: string) => {
    event.preventDefault();
    pendingSection.current = href;
    setMenuOpen(false);
  };

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
            onClick={() => setMenuOpen(true)}
            sx={{ display: { md: 'none' } }}
          >
            <MenuRoundedIcon />
          </IconButton>
        </Box>
      </Container>

      <Drawer
        anchor="right"
        open={menuOpen}
        onClose={() => setMenuOpen(false)}
        slotProps={{
          paper: { id: MOBILE_MENU_ID, 'aria-label': 'Menu', sx: { width: 'min(320px, 86vw)' } },
          transition: {
            onExited: () => {
              const href = pendingSection.current;
              pendingSection.current = null;
              // Assigning the hash is a real anchor navigation: smooth scroll and a history entry.
              if (href) window.location.hash = href;
            },
          },
        }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', px: 2.5, height: 64 }}>
          <Logo height={28} />
          <IconButton aria-label="Close menu" onClick={() => setMenuOpen(false)}>
            <CloseRoundedIcon />
          </IconButton>
        </Box>
        <Divider />
        <Stack component="nav" aria-label="Mobile" spacing={0.5} sx={{ p: 2 }}>
          {SECTION_LINKS.map((link) => (
            <Box
              key={link.href}
              component="a"
              href={link.href}
              onClick={(event: MouseEvent<HTMLAnchorElement>) => goToSectionAfterClose(event, link.href)}
              sx={{ ...sectionLinkSx, fontSize: '1.05rem', py: 1.5 }}
            >
              {link.label}
            </Box>
          ))}
        </Stack>
        <Divider />
        <Stack spacing={1.5} sx={{ p: 2.5 }}>
          <Button component={RouterLink} to={SIGN_IN_PATH} variant="outlined" size="large" onClick={() => setMenuOpen(false)}>
            Sign In
          </Button>
          <Button component={RouterLink} to={MOBILE_GET_STARTED_PATH} variant="contained" size="large" onClick={() => setMenuOpen(false)}>
            Get Started
          </Button>
        </Stack>
      </Drawer>
    </AppBar>
  );
}
