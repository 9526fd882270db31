import { LegalDocument } from './legal-document.tsx';

const sections = { controller: 1, data: 3, purposes: 2, sharing: 2, storage: 2, rights: 2, cookies: 1, contact: 1 };

export function PrivacyPage() {
  return <LegalDocument prefix="privacy" sections={sections} />;
}
