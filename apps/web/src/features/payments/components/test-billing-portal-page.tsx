import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PaymentRecord, PlanKey } from '@stagecraft/contracts';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Link as RouterLink } from 'react-router';
import { PageLoading } from '../../../components/page-loading.tsx';
import { apiErrorMessage } from '../../../lib/api-client.ts';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { pluralize } from '../../../lib/format.ts';
import { useCancelTestSubscription } from '../api/cancel-test-subscription.ts';
import { useTestBillingPortal } from '../api/get-test-billing-portal.ts';

const PLAN_NAMES: Record<PlanKey, string> = { free: 'Starter', paid: 'Pay As You Go', pro: 'Pro' };
const STATUS_COLOURS: Record<PaymentRecord['status'], 'success' | 'error' | 'default' | 'warning'> = {
  paid: 'success',
  declined: 'error',
  canceled: 'default',
  pending: 'warning',
  refunded: 'default',
};
const STATUS_NAMES: Record<PaymentRecord['status'], string> = {
  paid: 'Paid',
  declined: 'Declined',
  canceled: 'Canceled',
  pending: 'Pending',
  refunded: 'Refunded',
};

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

function formatAmount(amount: number, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency, minimumFractionDigits: Number.isInteger(amount) ? 0 : 2 }).format(amount);
}

function PaymentRow({ payment }: { payment: PaymentRecord }) {
  return (
    <Box component="li" sx={{ display: 'flex', alignItems: 'center', gap: 2, px: { xs: 2, sm: 3 }, py: 2, '&:not(:last-of-type)': { borderBottom: 1, borderColor: 'divider' } }}>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography sx={{ fontWeight: 700 }}>{payment.item_name}</Typography>
        <Typography variant="body2" color="text.secondary">
          <time dateTime={payment.created_at}>{dateFormat.format(new Date(payment.created_at))}</time>
        </Typography>
      </Box>
      <Stack sx={{ alignItems: 'flex-end' }} spacing={0.5}>
        <Typography sx={{ fontWeight: 800 }}>{formatAmount(payment.amount, payment.currency)}</Typography>
        <Chip label={STATUS_NAMES[payment.status]} color={STATUS_COLOURS[payment.status]} size="small" variant={payment.status === 'paid' ? 'filled' : 'outlined'} />
      </Stack>
    </Box>
  );
}

/** Test-payment mode's stand-in for Stripe's customer portal: the payments made and, for Pro, a cancel button. */
export function TestBillingPortalPage() {
  useDocumentTitle('Billing');
  const portal = useTestBillingPortal();
  const cancel = useCancelTestSubscription();
  const [confirming, setConfirming] = useState(false);

  if (portal.isPending) return <PageLoading />;
  if (portal.isError) {
    return <Alert severity="error">{apiErrorMessage(portal.error, 'The billing details could not be loaded. Please try again later.')}</Alert>;
  }
  const { plan, credits, can_cancel: canCancel, payments } = portal.data;

  return (
    <Box sx={{ maxWidth: 760, mx: 'auto', pb: 6 }}>
      <Typography variant="h1" sx={{ fontSize: { xs: '1.75rem', sm: '2.25rem' } }}>
        Billing
      </Typography>
      <Alert severity="info" sx={{ mt: 2, mb: 3 }}>
        Test billing portal: Stripe is not configured on this server, so this page stands in for its customer portal. No
        card was ever charged.
      </Alert>

      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 2, mb: 3 }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
          <Box>
            <Typography variant="overline" color="text.secondary">
              Current plan
            </Typography>
            <Typography sx={{ fontWeight: 800, fontSize: '1.35rem' }}>{PLAN_NAMES[plan]}</Typography>
            <Typography color="text.secondary">{pluralize(credits, 'credit')} available</Typography>
          </Box>
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
            <Button component={RouterLink} to="/app/pricing" variant="outlined">
              Buy credits
            </Button>
            {canCancel && (
              <Button color="error" variant="outlined" onClick={() => setConfirming(true)}>
                Cancel subscription
              </Button>
            )}
          </Stack>
        </Stack>
      </Paper>

      <Typography variant="h2" sx={{ fontSize: '1.2rem', mb: 1.5 }}>
        Payments
      </Typography>
      <Paper variant="outlined" sx={{ borderRadius: 2 }}>
        {payments.length === 0 ? (
          <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }}>
            No payments yet.
          </Typography>
        ) : (
          <Box component="ul" aria-label="Payments" sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {payments.map((payment) => (
              <PaymentRow key={payment.id} payment={payment} />
            ))}
          </Box>
        )}
      </Paper>

      <Dialog open={confirming} onClose={() => setConfirming(false)} aria-labelledby="cancel-subscription-title">
        <DialogTitle id="cancel-subscription-title">Cancel your Pro subscription?</DialogTitle>
        <DialogContent>
          <DialogContentText>You keep the credits you have. Monthly credits, branding on exports and rush processing stop.</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>Keep Pro</Button>
          <Button
            color="error"
            variant="contained"
            disabled={cancel.isPending}
            onClick={() =>
              cancel.mutate(undefined, {
                onSuccess: () => {
                  setConfirming(false);
                  toast.success('Your Pro subscription is canceled.');
                },
                onError: (error) => toast.error(apiErrorMessage(error, 'The subscription could not be canceled. Please try again later.')),
              })
            }
          >
            Cancel subscription
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
