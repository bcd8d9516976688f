import AdminPanelSettingsRoundedIcon from '@mui/icons-material/AdminPanelSettingsRounded';
import AutoAwesomeRoundedIcon from '@mui/icons-material/AutoAwesomeRounded';
import InsightsRoundedIcon from '@mui/icons-material/InsightsRounded';
import BrushRoundedIcon from '@mui/icons-material/BrushRounded';
import HistoryRoundedIcon from '@mui/icons-material/HistoryRounded';
import MenuRoundedIcon from '@mui/icons-material/MenuRounded';
import WeekendRoundedIcon from '@mui/icons-material/WeekendRounded';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState, type ReactNode } from 'react';
import { Outlet, Link as RouterLink } from 'react-router';
import { Logo } from '../../components/logo.tsx';
import { VerificationBanner } from '../../features/auth/components/verification-banner.tsx';
import { usePermissions } from '../../lib/permissions.ts';
import { CreditsBadge } from './credits-badge.tsx';
import { ProfileMenu } from './profile-menu.tsx';
import { SideMenu, type SideMenuItem } from './side-menu.tsx';

const SIDE_MENU_WIDTH = 232;

const sideMenuItems: SideMenuItem[] = [
  { label: 'Inspiration', to: '/app/inspiration', icon: <AutoAwesomeRoundedIcon /> },
  { label: 'Design', to: '/app', icon: <WeekendRoundedIcon />, end: true },
  { label: 'Branding', to: '/app/branding', icon: <BrushRoundedIcon /> },
  { label: 'History', to: '/app/history', icon: <HistoryRoundedIcon /> },
];

/** Shown to staff only (the server refuses everyone else anyway). */
const staffMenuItems: SideMenuItem[] = [
  { label: 'Analytics', to: '/app/admin/analytics', icon: <InsightsRoundedIcon /> },
  { label: 'Admin', to: '/app/admin', icon: <AdminPanelSettingsRoundedIcon />, end: true },
];

export interface AppLayoutProps {
  /** The user's credits; null while unknown (the badge is then hidden). Fed by the credits query later. */
  credits?: number | null;
  /** Floating upgrade button, pinned top right (000 section 4). */
  upgradeButton?: ReactNode;
  /** Contextual notification cards, stacked bottom right (000 section 4). */
  notificationCards?: ReactNode;
}

/** The logged-in chrome: top bar, side menu (a drawer on small screens) and the slots for nudges. */
export function AppLayout({ credits = null, upgradeButton = null, notificationCards = null }: AppLayoutProps) {
  const [mobileMenuOpen, setMobileMenuOpen] = useState(false);
  const { data: permissions } = usePermissions();
  const menuItems = permissions?.is_staff ? [...sideMenuItems, ...staffMenuItems] : sideMenuItems;
  // On a phone nothing floats over the page (issue 13: no overlay may cover the studio's upload or furniture
  // buttons): the upgrade button sits in the top bar (the logo shrinks to its mark), the cards after the page.
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
      <AppBar
        position="fixed"
        color="inherit"
        elevation={0}
        sx={{
          zIndex: (theme) => theme.zIndex.drawer + 1,
          borderBottom: 1,
          borderColor: 'divider',
          bgcolor: 'rgba(255,255,255,0.92)',
          backdropFilter: 'blur(8px)',
        }}
      >
        <Toolbar sx={{ gap: 1.5 }}>
          <IconButton
            edge="start"
            aria-label="Open navigation menu"
            aria-controls="app-side-menu"
            aria-expanded={mobileMenuOpen}
            onClick={() => setMobileMenuOpen(true)}
            sx={{ display: { md: 'none' } }}
          >
            <MenuRoundedIcon />
          </IconButton>
          <Box component={RouterLink} to="/app" aria-label="Stagecraft studio" sx={{ display: 'inline-flex', borderRadius: 1 }}>
            <Logo height={30} markOnly={phone} />
          </Box>
          <Box sx={{ flex: 1 }} />
          {phone && upgradeButton}
          <CreditsBadge credits={credits} />
          <ProfileMenu />
        </Toolbar>
      </AppBar>

      <Box component="nav" aria-label="Studio sections" sx={{ width: { md: SIDE_MENU_WIDTH }, flexShrink: { md: 0 } }}>
        <Drawer
          id="app-side-menu"
          variant="temporary"
          open={mobileMenuOpen}
          onClose={() => setMobileMenuOpen(false)}
          ModalProps={{ keepMounted: true }}
          sx={{ display: { xs: 'block', md: 'none' }, '& .MuiDrawer-paper': { width: SIDE_MENU_WIDTH } }}
        >
          <Box sx={{ px: 2, py: 2 }}>
            <Logo height={28} />
          </Box>
          <SideMenu items={menuItems} onNavigate={() => setMobileMenuOpen(false)} />
        </Drawer>
        <Drawer
          variant="permanent"
          open
          sx={{
            display: { xs: 'none', md: 'block' },
            '& .MuiDrawer-paper': { width: SIDE_MENU_WIDTH, boxSizing: 'border-box', borderRight: 1, borderColor: 'divider' },
          }}
        >
          <Toolbar />
          <SideMenu items={menuItems} />
        </Drawer>
      </Box>

      <Box component="main" sx={{ flexGrow: 1, minWidth: 0, width: { md: `calc(100% - ${SIDE_MENU_WIDTH}px)` } }}>
        <Toolbar />
        <VerificationBanner />
        <Box sx={{ p: { xs: 2, sm: 3 } }}>
          <Outlet />
          {phone && (
            <Box
              aria-live="polite"
              sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, mt: 3, '&:empty': { display: 'none' } }}
            >
              {notificationCards}
            </Box>
          )}
        </Box>
      </Box>

      {/* Slots filled by the upgrade-nudge work; kept here so their placement is decided once. */}
      {!phone && (
        <>
          <Box
            sx={{
              position: 'fixed',
              top: { xs: 68, sm: 76 },
              right: { xs: 12, sm: 24 },
              zIndex: (theme) => theme.zIndex.speedDial,
            }}
          >
            {upgradeButton}
          </Box>
          <Box
            aria-live="polite"
            sx={{
              position: 'fixed',
              bottom: { xs: 12, sm: 24 },
              right: { xs: 12, sm: 24 },
              zIndex: (theme) => theme.zIndex.snackbar,
              display: 'flex',
              flexDirection: 'column',
              gap: 1.5,
              maxWidth: 'calc(100vw - 24px)',
            }}
          >
            {notificationCards}
          </Box>
        </>
      )}
    </Box>
  );
}
