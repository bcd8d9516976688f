import { FeaturePlaceholder } from '../../../components/feature-placeholder.tsx';

export function GuideIndexPage() {
  return (
    <FeaturePlaceholder
      title="Room staging guides"
      summary="Free guides to staging every room: costs, timelines, expected return and expert tips."
    />
  );
}

export function GuideDetailPage() {
  return (
    <FeaturePlaceholder
      title="Room staging guide"
      summary="A step-by-step guide to staging one room, with a cost breakdown and before and after photos."
      backTo={{ label: 'All staging guides', to: '/staging' }}
    />
  );
}
