import { FeaturePlaceholder } from '../../../components/feature-placeholder.tsx';

export function InspirationPage() {
  return (
    <FeaturePlaceholder
      title="Room inspiration"
      summary="Restyle a room photo in one of 16 design themes, from Scandinavian to Hollywood glam."
      backTo={{ label: 'Back to the studio', to: '/app' }}
    />
  );
}
