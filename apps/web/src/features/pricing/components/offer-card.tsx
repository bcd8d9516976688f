import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';

export interface OfferAction {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  /** This card's checkout is starting: a spinner on its button. */
  busy?: boolean;
}

interface OfferCardProps {
  name: string;
  tagline: string;
  price: ReactNode;
  /** Catalogue label such as "Most popular" or "Best value". */
  badge?: string | null;
  /** Drawn out because the visitor's intent or the highlight parameter points here. */
  emphasised?: boolean;
  /** A second badge naming why it is emphasised, e.g. "Recommended for you". */
  note?: string | null;
  children?: ReactNode;
  action: OfferAction;
  /** The plan the user is already on: a quiet label instead of a purchase button. */
  current?: boolean;
}

/** One plan or credit pack on the pricing page. */
export function OfferCard({
  name,
  tagline,
  price,
  badge,
  emphasised = false,
  note,
  children,
  action,
  current = false,
}: OfferCardProps) {
  const headingId = useId();
  return (
    <Paper
      component="section"
      aria-labelledby={headingId}
      variant="outlined"
      sx={{
        position: 'relative',
        p: { xs: 2.5, sm: 3.5 },
        pt: { xs: 3.5, sm: 4 },
        borderRadius: 2,
        display: 'flex',
        flexDirection: 'column',
        borderWidth: emphasised ? 2 : 1,
        borderColor: emphasised ? 'primary.main' : 'divider',
        boxShadow: emphasised ? '0 30px 60px -30px rgba(67, 56, 202, 0.55)' : 'none',
      }}
    >
      {(badge || note) && (
        <Stack
          direction="row"
          spacing={0.75}
          sx={{ position: 'absolute', top: -13, left: 0, right: 0, justifyContent: 'center' }}
        >
          {badge && <Chip label={badge} color={emphasised ? 'primary' : 'secondary'} size="small" sx={{ px: 0.5 }} />}
          {note && (
            <Chip label={note} color="primary" variant="outlined" size="small" sx={{ px: 0.5, bgcolor: 'background.paper' }} />
          )}
        </Stack>
      )}
      <Typography id={headingId} variant="h2" sx={{ fontSize: '1.3rem' }}>
        {name}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 0.5, mb: 2.5, minHeight: { md: 48 } }}>
        {tagline}
      </Typography>
      <Box sx={{ mb: 2.5 }}>{price}</Box>
      <Box sx={{ flex: 1, mb: 3 }}>{children}</Box>
      {current ? (
        <Button variant="outlined" size="large" fullWidth disabled>
          Your current plan
        </Button>
      ) : (
        <Button
          variant={emphasised ? 'contained' : 'outlined'}
          size="large"
          fullWidth
          onClick={action.onClick}
          disabled={action.disabled}
          startIcon={action.busy ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
        >
          {action.label}
        </Button>
      )}
    </Paper>
  );
}
