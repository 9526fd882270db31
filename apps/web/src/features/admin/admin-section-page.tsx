import { Loader, Stack } from '@mantine/core';
import type { AdminSection } from '@rozmova/contracts';
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { AdminNav } from './admin-nav.tsx';

const sections: Record<AdminSection, LazyExoticComponent<ComponentType>> = {
  applications: lazy(() => import('./applications-section.tsx').then((m) => ({ default: m.ApplicationsSection }))),
  faq: lazy(() => import('./faq-section.tsx').then((m) => ({ default: m.FaqSection }))),
  reviews: lazy(() => import('./reviews-section.tsx').then((m) => ({ default: m.ReviewsSection }))),
  doctors: lazy(() => import('./doctors-section.tsx').then((m) => ({ default: m.DoctorsSection }))),
  payments: lazy(() => import('./payments-section.tsx').then((m) => ({ default: m.PaymentsSection }))),
  audit: lazy(() => import('./audit-section.tsx').then((m) => ({ default: m.AuditSection }))),
};

/** `/admin/:section` (the router checks the name): the console's navigation and the section, loaded on demand. */
export function AdminSectionPage() {
  const { t } = useTranslation();
  const Section = sections[useParams().section as AdminSection];
  return (
    <Stack gap="lg">
      <AdminNav />
      <Suspense fallback={<Loader role="status" aria-label={t('common.loading')} />}>
        <Section />
      </Suspense>
    </Stack>
  );
}
