import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import type { PricingContext, PricingUrgency } from '../hooks/pricing-context.ts';

const severityOf: Record<PricingUrgency, 'error' | 'info' | 'success'> = { high: 'error', medium: 'info', low: 'success' };

/** Says why the visitor is here (the intent they arrived with), with a tone matching its urgency. */
export function PricingBanner({ banner }: { banner: NonNullable<PricingContext['banner']> }) {
  return (
    <Alert severity={severityOf[banner.urgency]} variant={banner.urgency === 'high' ? 'filled' : 'standard'} sx={{ borderRadius: 2, mb: 3 }}>
      <AlertTitle sx={{ fontWeight: 700 }}>{banner.title}</AlertTitle>
      {banner.message}
    </Alert>
  );
}
