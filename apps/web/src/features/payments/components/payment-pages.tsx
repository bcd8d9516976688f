import { FeaturePlaceholder } from '../../../components/feature-placeholder.tsx';

const backToStudio = { label: 'Back to the studio', to: '/app' };

export function PaymentSuccessfulPage() {
  return <FeaturePlaceholder title="Payment Accepted" summary="Confirms your purchase and takes you back to staging." backTo={backToStudio} />;
}

export function PaymentDeniedPage() {
  return <FeaturePlaceholder title="Payment Denied" summary="Explains what went wrong with a payment and lets you try again." backTo={backToStudio} />;
}

export function TestCheckoutPage() {
  return (
    <FeaturePlaceholder
      title="Test checkout"
      summary="Stands in for card checkout when no payment provider is configured; nothing is charged."
      backTo={backToStudio}
    />
  );
}
