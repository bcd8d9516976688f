import { FeaturePlaceholder } from '../../../components/feature-placeholder.tsx';

export function BrandingPage() {
  return (
    <FeaturePlaceholder
      title="Branding"
      summary="Upload your logo and signature, build templates and brand every export."
      backTo={{ label: 'Back to the studio', to: '/app' }}
    />
  );
}
