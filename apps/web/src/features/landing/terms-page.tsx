import { LegalDocument } from './legal-document.tsx';

const sections = { service: 2, account: 2, consultations: 3, payment: 2, conduct: 2, liability: 2, changes: 1 };

export function TermsPage() {
  return <LegalDocument prefix="terms" sections={sections} />;
}
