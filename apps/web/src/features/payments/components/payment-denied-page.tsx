import CancelRoundedIcon from '@mui/icons-material/CancelRounded';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { PaymentResultCard } from './payment-result-card.tsx';

export function PaymentDeniedPage() {
  useDocumentTitle('Payment Denied');
  return (
    <PaymentResultCard
      tone="error"
      icon={<CancelRoundedIcon />}
      title="Payment Denied"
      actions={
        <>
          <Button component={RouterLink} to="/app/pricing" variant="contained" size="large">
            Pay again
          </Button>
          <Button component={RouterLink} to="/app" variant="text" size="large">
            Back to the studio
          </Button>
        </>
      }
    >
      <Typography>The payment did not go through and nothing was charged. Your credits and plan are unchanged.</Typography>
    </PaymentResultCard>
  );
}
