import CloseRoundedIcon from '@mui/icons-material/CloseRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import { useRef, type MouseEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { Logo } from '../../../components/logo.tsx';
import { MOBILE_GET_STARTED_PATH, MOBILE_MENU_ID, SECTION_LINKS, SIGN_IN_PATH, sectionLinkSx } from './landing-links.ts';

interface LandingMobileMenuProps {
  open: boolean;
  onClose: () => void;
}

/** The landing page's menu on small screens: a drawer from the right (loaded on first opening, see the navbar). */
export function LandingMobileMenu({ open, onClose }: LandingMobileMenuProps) {
  // The drawer locks page scrolling while open, so the jump to a section waits until it has closed.
  const pendingSection = useRef<string | null>(null);

  const goToSectionAfterClose = (event: MouseEvent<HTMLAnchorElement>, href: string) => {
    event.preventDefault();
    pendingSection.current = href;
    onClose();
  };

  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
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
        <IconButton aria-label="Close menu" onClick={onClose}>
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
        <Button component={RouterLink} to={SIGN_IN_PATH} variant="outlined" size="large" onClick={onClose}>
          Sign In
        </Button>
        <Button component={RouterLink} to={MOBILE_GET_STARTED_PATH} variant="contained" size="large" onClick={onClose}>
          Get Started
        </Button>
      </Stack>
    </Drawer>
  );
}
