import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import type { ReactNode } from 'react';

interface PaymentResultCardProps {
  tone: 'success' | 'error' | 'warning' | 'info';
  icon: ReactNode;
  title: string;
  children: ReactNode;
  actions: ReactNode;
}

/** The centred card of the payment screens: an icon in the outcome's colour, a headline, details, next steps. */
export function PaymentResultCard({ tone, icon, title, children, actions }: PaymentResultCardProps) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: { xs: 3, md: 7 }, px: { xs: 0, sm: 2 } }}>
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, maxWidth: 520, width: '100%', textAlign: 'center', borderRadius: 3, boxShadow: '0 24px 60px -32px rgba(15, 23, 42, 0.35)' }}>
        <Box
          aria-hidden
          sx={{
            width: 64,
            height: 64,
            borderRadius: '50%',
            mx: 'auto',
            mb: 2.5,
            display: 'grid',
            placeItems: 'center',
            color: `${tone}.main`,
            bgcolor: (theme) => alpha(theme.palette[tone].main, 0.12),
            '& svg': { fontSize: 36 },
          }}
        >
          {icon}
        </Box>
        <Typography variant="h1" sx={{ fontSize: { xs: '1.6rem', sm: '2rem' }, mb: 1.5 }}>
          {title}
        </Typography>
        <Box sx={{ color: 'text.secondary', mb: 3.5 }}>{children}</Box>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ justifyContent: 'center' }}>
          {actions}
        </Stack>
      </Paper>
    </Box>
  );
}
