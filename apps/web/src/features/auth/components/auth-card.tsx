import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../../lib/document-title.ts';

interface AuthCardProps {
  title: string;
  subtitle?: ReactNode;
  /** A round badge above the title (a lock, an envelope) that says at a glance what the screen is for. */
  icon?: ReactNode;
  /** Below the card's content, separated by a rule: links to the neighbouring account screens. */
  footer?: ReactNode;
  children?: ReactNode;
}

/** The frame every account screen shares, centred under the public header. */
export function AuthCard({ title, subtitle, icon, footer, children }: AuthCardProps) {
  useDocumentTitle(title);
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', px: 2, py: { xs: 3, sm: 6, md: 8 } }}>
      <Paper variant="outlined" sx={{ width: '100%', maxWidth: 460, p: { xs: 3, sm: 5 }, borderRadius: 2, boxShadow: '0 12px 40px rgba(15, 23, 42, 0.06)' }}>
        {icon && (
          <Box
            aria-hidden
            sx={{ width: 52, height: 52, borderRadius: '50%', mb: 2, display: 'grid', placeItems: 'center', bgcolor: 'rgba(67, 56, 202, 0.08)', color: 'primary.main' }}
          >
            {icon}
          </Box>
        )}
        <Typography variant="h1" sx={{ fontSize: { xs: '1.6rem', sm: '1.875rem' }, mb: subtitle ? 1 : 3 }}>
          {title}
        </Typography>
        {subtitle && (
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            {subtitle}
          </Typography>
        )}
        {children}
        {footer && (
          <Box sx={{ mt: 3, pt: 2.5, borderTop: 1, borderColor: 'divider', textAlign: 'center' }}>
            <Typography variant="body2" color="text.secondary" component="div">
              {footer}
            </Typography>
          </Box>
        )}
      </Paper>
    </Box>
  );
}
