import HistoryRoundedIcon from '@mui/icons-material/HistoryRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { PAID_PLANS_START_FROM } from '@stagecraft/contracts';
import { Link as RouterLink } from 'react-router';
import { FeatureList } from '../../../components/feature-list.tsx';
import { formatPrice } from '../../../lib/format.ts';
import { pricingLink } from '../../../lib/pricing-link.ts';

const WHAT_HISTORY_KEEPS = [
  'Every room you stage, with its original photo',
  'A timeline of each step, ready to download or share',
  'Pick up any room again in the studio',
];

/** What a plan without design history sees (001 section 2): the price it starts from, computed from the catalogue. */
export function HistoryUpgradePitch() {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: { xs: 2, md: 6 } }}>
      <Paper variant="outlined" component="section" aria-labelledby="history-pitch-title" sx={{ p: { xs: 3, sm: 5 }, maxWidth: 560, width: '100%', borderRadius: 2 }}>
        <Box
          aria-hidden
          sx={{ width: 56, height: 56, borderRadius: 1.5, mb: 2, display: 'grid', placeItems: 'center', bgcolor: 'rgba(67, 56, 202, 0.08)', color: 'primary.main' }}
        >
          <HistoryRoundedIcon />
        </Box>
        <Typography id="history-pitch-title" variant="h1" sx={{ fontSize: { xs: '1.5rem', sm: '1.875rem' }, mb: 1.5 }}>
          Keep every design with a paid plan
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2.5 }}>
          Design history is part of Pay As You Go and Pro. Paid plans start from{' '}
          <Box component="strong" sx={{ color: 'text.primary' }}>
            {formatPrice(PAID_PLANS_START_FROM)}
          </Box>
          .
        </Typography>
        <Box sx={{ mb: 3 }}>
          <FeatureList items={WHAT_HISTORY_KEEPS} />
        </Box>
        <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
          <Button component={RouterLink} to={pricingLink({ intent: 'upgrade' })} variant="contained" size="large">
            See plans and prices
          </Button>
          <Button component={RouterLink} to="/app" size="large">
            Back to the studio
          </Button>
        </Box>
      </Paper>
    </Box>
  );
}
