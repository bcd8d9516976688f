import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** A large price with its suffix ("/month", "and up") and a note below: the landing and pricing cards share it. */
export function PriceTag({ amount, suffix, note }: { amount: string; suffix?: string; note?: ReactNode }) {
  return (
    <>
      <Typography component="p" sx={{ display: 'flex', alignItems: 'baseline', gap: 0.75, flexWrap: 'wrap' }}>
        <Box
          component="span"
          sx={{ fontSize: { xs: '2.25rem', sm: '2.6rem' }, fontWeight: 800, letterSpacing: '-0.03em', lineHeight: 1 }}
        >
          {amount}
        </Box>
        {suffix && (
          <Box component="span" sx={{ color: 'text.secondary', fontWeight: 600 }}>
            {suffix}
          </Box>
        )}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1, minHeight: 20 }}>
        {note}
      </Typography>
    </>
  );
}
