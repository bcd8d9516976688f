import { FeaturePlaceholder } from '../../../components/feature-placeholder.tsx';

export function HistoryPage() {
  return (
    <FeaturePlaceholder
      title="Design history"
      summary="Every staging session you saved, with its placements and exports."
      backTo={{ label: 'Back to the studio', to: '/app' }}
    />
  );
}

export function HistorySessionPage() {
  return (
    <FeaturePlaceholder
      title="Design session"
      summary="The timeline of one staging session, with every placement ready to download."
      backTo={{ label: 'Back to history', to: '/app/history' }}
    />
  );
}
