import CheckCircleRoundedIcon from '@mui/icons-material/CheckCircleRounded';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PlanKey } from '@stagecraft/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import toast from 'react-hot-toast';
import { Link as RouterLink } from 'react-router';
import { useAuth } from '../../../lib/auth.tsx';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { pluralize } from '../../../lib/format.ts';
import { USER_CREDITS_QUERY_KEY } from '../../../lib/user-credits.ts';
import { USER_STATE_QUERY_KEY } from '../../../lib/user-state.ts';
import { usePaymentSuccessful } from '../api/get-payment-successful.ts';
import { PaymentResultCard } from './payment-result-card.tsx';

/** 000 section 8: the texts of a failed payment-success update. */
export const PAYMENT_UPDATE_FAILED = 'Customer update failed! Please check the details and try again.';
export const PAYMENT_UPDATE_ALERT = 'Something went wrong with Subscribe function!';

const PLAN_NAMES: Record<PlanKey, string> = { free: 'Starter', paid: 'Pay As You Go', pro: 'Pro' };

function PaymentSummary({ userId }: { userId: number }) {
  const queryClient = useQueryClient();
  const result = usePaymentSuccessful(userId);
  const failureReported = useRef(false);

  useEffect(() => {
    // The purchase changed the balance and maybe the plan: the chrome and the nudges must see it now.
    if (result.isSuccess) {
      void queryClient.invalidateQueries({ queryKey: USER_CREDITS_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: USER_STATE_QUERY_KEY });
    }
  }, [result.isSuccess, queryClient]);

  useEffect(() => {
    if (!result.isError || failureReported.current) return;
    failureReported.current = true;
    toast.error(PAYMENT_UPDATE_FAILED);
    window.alert(PAYMENT_UPDATE_ALERT);
  }, [result.isError]);

  if (result.isPending) {
    return (
      <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'center', alignItems: 'center' }} role="status">
        <CircularProgress size={18} aria-hidden />
        <span>Updating your account…</span>
      </Stack>
    );
  }
  if (result.isError) return <Typography role="alert">{PAYMENT_UPDATE_FAILED}</Typography>;
  return (
    <>
      <Typography>Thank you! Your purchase is complete and your account is up to date.</Typography>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'center', mt: 2.5, flexWrap: 'wrap', rowGap: 1 }}>
        <Typography component="p" sx={{ px: 2, py: 1, borderRadius: 2, bgcolor: 'background.default', border: 1, borderColor: 'divider', color: 'text.primary' }}>
          Plan: <strong>{PLAN_NAMES[result.data.plan]}</strong>
        </Typography>
        <Typography component="p" sx={{ px: 2, py: 1, borderRadius: 2, bgcolor: 'background.default', border: 1, borderColor: 'divider', color: 'text.primary' }}>
          Balance: <strong>{pluralize(result.data.credits, 'credit')}</strong>
        </Typography>
      </Stack>
    </>
  );
}

export function PaymentSuccessfulPage() {
  useDocumentTitle('Payment Accepted');
  const { user } = useAuth();
  return (
    <PaymentResultCard
      tone="success"
      icon={<CheckCircleRoundedIcon />}
      title="Payment Accepted"
      actions={
        <Button component={RouterLink} to="/app" variant="contained" size="large">
          Try now
        </Button>
      }
    >
      {user && <PaymentSummary userId={user.userId} />}
    </PaymentResultCard>
  );
}
