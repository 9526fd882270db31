import { Loader, Stack } from '@mantine/core';
import type { OperatorSection } from '@rozmova/contracts';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { OperatorNav } from './operator-nav.tsx';
import { PatientSearch } from './patient-search.tsx';
import './operator.css';

const RequestsSection = lazy(() => import('./requests-section.tsx').then((m) => ({ default: m.RequestsSection })));

/** /operator/:section: patient search or the support desk's requests, under the console's navigation. */
export function OperatorSectionPage() {
  const { t } = useTranslation();
  // The route's handle lets only the sections of the contracts' list through.
  const section = useParams().section as OperatorSection;
  return (
    <Stack gap="md">
      <OperatorNav />
      {section === 'patients' ? (
        <PatientSearch />
      ) : (
        <Suspense fallback={<Loader role="status" aria-label={t('common.loading')} />}>
          <RequestsSection />
        </Suspense>
      )}
    </Stack>
  );
}
