import LockRoundedIcon from '@mui/icons-material/LockRounded';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';

/** 001 section 2: what anyone but staff sees on a staff screen, with the way back to the studio. */
export const NOT_STAFF_MESSAGE = 'This analytics dashboard is restricted to staff members only.';
export const STAFF_REQUIRED_MESSAGE = 'Staff access required.';

export function AccessDenied({ message }: { message: string }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, maxWidth: 560, mx: 'auto', mt: 4, textAlign: 'center', borderRadius: 2 }}>
      <LockRoundedIcon color="error" sx={{ fontSize: 48, mb: 1 }} aria-hidden />
      <Typography variant="h1" sx={{ fontSize: '1.75rem', mb: 1.5 }}>
        Access Denied
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {message}
      </Typography>
      <Button component={RouterLink} to="/app" variant="contained">
        Back to App
      </Button>
    </Paper>
  );
}
