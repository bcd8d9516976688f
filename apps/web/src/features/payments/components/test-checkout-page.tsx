import ScienceRoundedIcon from '@mui/icons-material/ScienceRounded';
import SearchOffRoundedIcon from '@mui/icons-material/SearchOffRounded';
import TaskAltRoundedIcon from '@mui/icons-material/TaskAltRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { CatalogueItem } from '@stagecraft/contracts';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { PageLoading } from '../../../components/page-loading.tsx';
import { ApiError, apiErrorMessage } from '../../../lib/api-client.ts';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { formatPrice, pluralize } from '../../../lib/format.ts';
import { useCompleteTestCheckout, type TestCheckoutOutcome } from '../api/complete-test-checkout.ts';
import { useTestCheckout } from '../api/get-test-checkout.ts';
import { PaymentResultCard } from './payment-result-card.tsx';

const ALREADY_COMPLETED = 'This checkout session has already been completed.';

function describeItem(item: CatalogueItem): string {
  if (item.credits !== null) return `${pluralize(item.credits, 'credit')}, one-time purchase. Credits never expire.`;
  if (item.interval === 'year') return 'Pro plan, billed yearly. Credits are added every month.';
  return 'Pro plan, billed monthly. Credits are added every month.';
}

/**
 * Test-payment mode's checkout (DECISIONS.md): it must never be mistaken for a real payment page, so it
 * says so first. Pay and Decline go through the same server code a Stripe webhook would.
 */
export function TestCheckoutPage() {
  useDocumentTitle('Test checkout');
  const { sessionId = '' } = useParams();
  const navigate = useNavigate();
  const checkout = useTestCheckout(sessionId);
  const complete = useCompleteTestCheckout();

  const finish = (outcome: TestCheckoutOutcome) =>
    complete.mutate({ sessionId, outcome }, { onSuccess: ({ redirect }) => void navigate(redirect, { replace: true }) });

  if (checkout.isPending) return <PageLoading />;

  if (checkout.isError) {
    const notFound = checkout.error instanceof ApiError && checkout.error.status === 404;
    return (
      <PaymentResultCard
        tone={notFound ? 'warning' : 'error'}
        icon={<SearchOffRoundedIcon />}
        title={notFound ? 'Checkout not found' : 'Checkout unavailable'}
        actions={
          <Button component={RouterLink} to="/app/pricing" variant="contained" size="large">
            Back to pricing
          </Button>
        }
      >
        <Typography>
          {notFound
            ? 'This checkout session does not exist or belongs to another account. Start a new purchase from the pricing page.'
            : apiErrorMessage(checkout.error, 'The checkout could not be loaded. Please try again later.')}
        </Typography>
      </PaymentResultCard>
    );
  }

  const { item, status } = checkout.data;
  const alreadyCompleted = status !== 'pending' || (complete.error instanceof ApiError && complete.error.status === 409);
  if (alreadyCompleted) {
    return (
      <PaymentResultCard
        tone="info"
        icon={<TaskAltRoundedIcon />}
        title="Checkout already completed"
        actions={
          <>
            <Button component={RouterLink} to="/app" variant="contained" size="large">
              Back to the studio
            </Button>
            <Button component={RouterLink} to="/app/pricing" size="large">
              Pricing
            </Button>
          </>
        }
      >
        <Typography>{ALREADY_COMPLETED}</Typography>
        <Typography sx={{ mt: 1 }}>
          {item.name}: {status === 'paid' ? 'paid' : status === 'declined' ? 'declined' : status}.
        </Typography>
      </PaymentResultCard>
    );
  }

  const busy = complete.isPending || complete.isSuccess;
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: { xs: 3, md: 6 }, px: 2 }}>
      <Paper variant="outlined" sx={{ maxWidth: 500, width: '100%', borderRadius: 3, overflow: 'hidden', boxShadow: '0 24px 60px -32px rgba(15, 23, 42, 0.35)' }}>
        <Box sx={{ px: { xs: 2.5, sm: 4 }, py: 2, bgcolor: '#fffbeb', borderBottom: 1, borderColor: '#fde68a', display: 'flex', alignItems: 'center', gap: 1.25 }}>
          <ScienceRoundedIcon aria-hidden sx={{ color: 'warning.main' }} />
          <Typography sx={{ fontWeight: 800, color: 'warning.dark', letterSpacing: '0.04em' }}>TEST PAYMENT</Typography>
        </Box>
        <Box sx={{ p: { xs: 2.5, sm: 4 } }}>
          <Typography variant="h1" sx={{ fontSize: { xs: '1.5rem', sm: '1.75rem' }, mb: 2 }}>
            Test checkout
          </Typography>
          <Alert severity="warning" sx={{ mb: 3 }}>
            This is a test payment: no card is charged. Stripe is not configured on this server, so Pay and Decline only
            simulate the answer of a card payment.
          </Alert>

          <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between', alignItems: 'flex-start' }}>
            <Box>
              <Typography sx={{ fontWeight: 700, fontSize: '1.1rem' }}>{item.name}</Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                {describeItem(item)}
              </Typography>
            </Box>
            {item.label && <Chip label={item.label} size="small" color="secondary" />}
          </Stack>
          <Divider sx={{ my: 2.5 }} />
          <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline' }}>
            <Typography color="text.secondary">Total{item.interval ? ` per ${item.interval}` : ''}</Typography>
            <Typography sx={{ fontSize: '1.75rem', fontWeight: 800, letterSpacing: '-0.02em' }}>{formatPrice(item.price)}</Typography>
          </Stack>

          {complete.isError && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {apiErrorMessage(complete.error, 'The test payment could not be completed. Please try again.')}
            </Alert>
          )}

          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mt: 3 }}>
            <Button
              variant="contained"
              size="large"
              fullWidth
              disabled={busy}
              onClick={() => finish('paid')}
              startIcon={busy && complete.variables?.outcome === 'paid' ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
            >
              Pay {formatPrice(item.price)}
            </Button>
            <Button variant="outlined" color="error" size="large" fullWidth disabled={busy} onClick={() => finish('declined')}>
              Decline
            </Button>
          </Stack>
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block', textAlign: 'center', mt: 2 }}>
            Paying grants the credits or plan exactly as a real payment would.
          </Typography>
        </Box>
      </Paper>
    </Box>
  );
}
