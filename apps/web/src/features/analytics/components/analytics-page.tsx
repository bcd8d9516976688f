import { FeaturePlaceholder } from '../../../components/feature-placeholder.tsx';

export function AnalyticsPage() {
  return (
    <FeaturePlaceholder
      title="Conversion analytics"
      summary="Personal and company-wide conversion funnels, for staff members."
      backTo={{ label: 'Back to the studio', to: '/app' }}
    />
  );
}
