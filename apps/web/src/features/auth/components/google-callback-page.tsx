import { FeaturePlaceholder } from '../../../components/feature-placeholder.tsx';

// Replaced by the Google sign-in exchange (000 section 2: read the code, POST /api/auth/google/, go to /app).
export function GoogleCallbackPage() {
  return <FeaturePlaceholder title="Signing in with Google" summary="Completes a Google sign-in and opens the studio." backTo={{ label: 'Go to sign in', to: '/app/login' }} />;
}
