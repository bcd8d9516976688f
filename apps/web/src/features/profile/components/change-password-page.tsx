import ArrowBackRoundedIcon from '@mui/icons-material/ArrowBackRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { ChangePasswordForm } from './change-password-form.tsx';

/** /app/auth/change-password: the Security tab's form on a page of its own, for a logged-in user. */
export function ChangePasswordPage() {
  useDocumentTitle('Change password');
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', px: 2, py: { xs: 3, sm: 6, md: 8 } }}>
      <Paper variant="outlined" sx={{ width: '100%', maxWidth: 460, p: { xs: 3, sm: 5 }, borderRadius: 2, boxShadow: '0 12px 40px rgba(15, 23, 42, 0.06)' }}>
        <Typography variant="h1" sx={{ fontSize: { xs: '1.6rem', sm: '1.875rem' }, mb: 1 }}>
          Change password
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          Other devices are logged out when your password changes; this one stays logged in.
        </Typography>
        <ChangePasswordForm fullWidthSubmit />
        <Button component={RouterLink} to="/app/profile" startIcon={<ArrowBackRoundedIcon />} color="inherit" sx={{ mt: 2 }}>
          Back to your profile
        </Button>
      </Paper>
    </Box>
  );
}
