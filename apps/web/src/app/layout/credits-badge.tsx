import TollRoundedIcon from '@mui/icons-material/TollRounded';
import WarningAmberRoundedIcon from '@mui/icons-material/WarningAmberRounded';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { LOW_CREDITS_THRESHOLD } from '@stagecraft/contracts';
import { Link as RouterLink } from 'react-router';

/** The credit balance in the top bar, with a Low Credits warning below the catalogue's threshold. */
export function CreditsBadge({ credits }: { credits: number | null }) {
  if (credits === null) return null;
  const low = credits < LOW_CREDITS_THRESHOLD;
  return (
    <Stack direction="row" spacing={1} alignItems="center">
      {low && (
        <Chip
          component={RouterLink}
          to="/app/pricing?source=credit_warning&intent=urgent_credits"
          clickable
          size="small"
          color="warning"
          icon={<WarningAmberRoundedIcon />}
          label="Low Credits"
          sx={{ display: { xs: 'none', sm: 'inline-flex' } }}
        />
      )}
      <Chip
        icon={<TollRoundedIcon />}
        // On a phone the top bar has no room for the word; the icon and the aria-label carry it.
        label={
          <>
            {credits}
            <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
              {credits === 1 ? ' credit' : ' credits'}
            </Box>
          </>
        }
        variant="outlined"
        color={low ? 'warning' : 'primary'}
        aria-label={`Credits: ${credits}`}
      />
    </Stack>
  );
}
