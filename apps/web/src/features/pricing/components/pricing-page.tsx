import { FeaturePlaceholder } from '../../../components/feature-placeholder.tsx';

export function PricingPage() {
  return (
    <FeaturePlaceholder
      title="Plans and credits"
      summary="Choose Pro monthly or yearly, or buy a credit pack that never expires."
      backTo={{ label: 'Back to the studio', to: '/app' }}
    />
  );
}
