import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import type { ReactNode } from 'react';
import { NavLink } from 'react-router';

export interface SideMenuItem {
  label: string;
  to: string;
  icon: ReactNode;
  /** Match the path exactly (Design lives at /app, the parent of every other section). */
  end?: boolean;
}

export function SideMenu({ items, onNavigate }: { items: SideMenuItem[]; onNavigate?: () => void }) {
  return (
    <List sx={{ px: 1.5, py: 1 }}>
      {items.map((item) => (
        <ListItemButton
          key={item.to}
          component={NavLink}
          to={item.to}
          end={item.end}
          onClick={onNavigate}
          sx={{
            borderRadius: 2,
            mb: 0.5,
            color: 'text.secondary',
            '& .MuiListItemIcon-root': { color: 'inherit', minWidth: 40 },
            '&.active': { bgcolor: 'rgba(67, 56, 202, 0.08)', color: 'primary.main', fontWeight: 700 },
          }}
        >
          <ListItemIcon>{item.icon}</ListItemIcon>
          <ListItemText primary={item.label} slotProps={{ primary: { fontWeight: 'inherit' } }} />
        </ListItemButton>
      ))}
    </List>
  );
}
