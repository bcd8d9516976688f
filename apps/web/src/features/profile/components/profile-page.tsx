import { FeaturePlaceholder } from '../../../components/feature-placeholder.tsx';

export function ProfilePage() {
  return (
    <FeaturePlaceholder
      title="Your profile"
      summary="Your account details, e-mail verification status and password settings."
      backTo={{ label: 'Back to the studio', to: '/app' }}
    />
  );
}
