import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** Height of the sticky navbar plus breathing room, so an anchor never hides its heading. */
export const NAVBAR_OFFSET_PX = 88;

interface LandingSectionProps {
  id?: string;
  eyebrow?: string;
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  tone?: 'plain' | 'tinted';
}

export function LandingSection({ id, eyebrow, title, intro, children, tone = 'plain' }: LandingSectionProps) {
  const headingId = `${id ?? title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-heading`;
  return (
    <Box
      component="section"
      id={id}
      aria-labelledby={headingId}
      sx={{
        scrollMarginTop: `${NAVBAR_OFFSET_PX}px`,
        py: { xs: 8, md: 12 },
        bgcolor: tone === 'tinted' ? '#f1f5f9' : 'background.paper',
      }}
    >
      <Container maxWidth="lg">
        <Box sx={{ textAlign: 'center', maxWidth: 720, mx: 'auto', mb: { xs: 5, md: 7 } }}>
          {eyebrow && (
            <Typography variant="overline" component="p" color="primary" sx={{ mb: 1 }}>
              {eyebrow}
            </Typography>
          )}
          <Typography id={headingId} variant="h2" sx={{ fontSize: { xs: '1.85rem', sm: '2.3rem', md: '2.6rem' } }}>
            {title}
          </Typography>
          {intro && (
            <Typography color="text.secondary" sx={{ mt: 2, fontSize: { xs: '1rem', md: '1.125rem' }, lineHeight: 1.7 }}>
              {intro}
            </Typography>
          )}
        </Box>
        {children}
      </Container>
    </Box>
  );
}
