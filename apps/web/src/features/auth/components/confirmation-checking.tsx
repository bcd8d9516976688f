import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';

/** The wait while an e-mail confirmation link is being checked (both confirmation screens). */
export function ConfirmationChecking() {
  return (
    <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
      <CircularProgress size={28} aria-hidden />
      <Typography color="text.secondary">Checking your confirmation link…</Typography>
    </Box>
  );
}
