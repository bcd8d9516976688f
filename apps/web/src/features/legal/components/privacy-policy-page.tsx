import { privacyPolicy } from '../content/privacy-policy.ts';
import { LegalDocument } from './legal-document.tsx';

export function PrivacyPolicyPage() {
  return <LegalDocument content={privacyPolicy} />;
}
