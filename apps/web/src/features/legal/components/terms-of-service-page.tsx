import { termsOfService } from '../content/terms-of-service.ts';
import { LegalDocument } from './legal-document.tsx';

export function TermsOfServicePage() {
  return <LegalDocument content={termsOfService} />;
}
