import AccountCircleRoundedIcon from '@mui/icons-material/AccountCircleRounded';
import LogoutRoundedIcon from '@mui/icons-material/LogoutRounded';
import ShoppingCartRoundedIcon from '@mui/icons-material/ShoppingCartRounded';
import Avatar from '@mui/material/Avatar';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useAuth } from '../../lib/auth.tsx';

/** Greeting, Profile, Buy Credits and Logout (000 section 2, app chrome). */
export function ProfileMenu() {
  const { user, logout } = useAuth();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const username = user?.username ?? 'there';
  const close = () => setAnchor(null);

  return (
    <>
      <IconButton
        aria-label="Open profile menu"
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? true : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ p: 0.5 }}
      >
        <Avatar sx={{ width: 34, height: 34, bgcolor: 'primary.main', fontSize: 16, fontWeight: 700 }}>
          {username.charAt(0).toUpperCase()}
        </Avatar>
      </IconButton>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { minWidth: 220, mt: 1 } } }}
      >
        <Typography component="li" role="none" sx={{ px: 2, pt: 1, pb: 1.25, fontWeight: 700 }}>
          Hi, {username}
        </Typography>
        <Divider component="li" role="none" />
        <MenuItem component={RouterLink} to="/app/profile" onClick={close}>
          <ListItemIcon><AccountCircleRoundedIcon fontSize="small" /></ListItemIcon>
          Profile
        </MenuItem>
        <MenuItem component={RouterLink} to="/app/pricing" onClick={close}>
          <ListItemIcon><ShoppingCartRoundedIcon fontSize="small" /></ListItemIcon>
          Buy Credits
        </MenuItem>
        <Divider component="li" role="none" />
        <MenuItem
          onClick={() => {
            close();
            logout();
          }}
        >
          <ListItemIcon><LogoutRoundedIcon fontSize="small" /></ListItemIcon>
          Logout
        </MenuItem>
      </Menu>
    </>
  );
}
