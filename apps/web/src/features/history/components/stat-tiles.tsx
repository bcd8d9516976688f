import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export interface StatTile {
  label: string;
  value: ReactNode;
  icon: ReactNode;
}

/** A row of figures (sessions, placements, last activity...): two columns on a phone, one row on a desktop. */
export function StatTiles({ items, label }: { items: StatTile[]; label: string }) {
  return (
    <Box
      component="dl"
      aria-label={label}
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: `repeat(${items.length}, minmax(0, 1fr))` },
        gap: { xs: 1.5, sm: 2 },
        m: 0,
        mb: 3,
      }}
    >
      {items.map((item) => (
        <Paper key={item.label} variant="outlined" sx={{ p: { xs: 1.5, sm: 2 }, borderRadius: 2, display: 'flex', gap: 1.5, minWidth: 0 }}>
          <Box
            aria-hidden
            sx={{
              width: 40,
              height: 40,
              flexShrink: 0,
              borderRadius: 1.5,
              display: 'grid',
              placeItems: 'center',
              bgcolor: 'rgba(67, 56, 202, 0.08)',
              color: 'primary.main',
            }}
          >
            {item.icon}
          </Box>
          <Box sx={{ minWidth: 0 }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {item.label}
            </Typography>
            <Typography component="dd" sx={{ m: 0, fontWeight: 800, fontSize: '1.2rem', overflowWrap: 'anywhere' }}>
              {item.value}
            </Typography>
          </Box>
        </Paper>
      ))}
    </Box>
  );
}
