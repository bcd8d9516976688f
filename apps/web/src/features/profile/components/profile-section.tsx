import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';

/** A titled card inside a profile tab. */
export function ProfileSection({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Paper component="section" aria-labelledby={headingId} variant="outlined" sx={{ p: { xs: 2.5, sm: 3.5 }, borderRadius: 2 }}>
      <Typography id={headingId} variant="h2" sx={{ fontSize: '1.15rem', mb: description ? 0.5 : 2.5 }}>
        {title}
      </Typography>
      {description && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2.5 }}>
          {description}
        </Typography>
      )}
      {children}
    </Paper>
  );
}

/** One read-only fact: a label above its value, as a description-list pair. */
export function DetailRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Typography component="dt" variant="body2" color="text.secondary" sx={{ fontWeight: 600 }}>
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, mb: 2, overflowWrap: 'anywhere', '&:last-of-type': { mb: 0 } }}>
        {children}
      </Typography>
    </>
  );
}
