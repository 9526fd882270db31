import { Container } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { PageShell } from './page-shell.tsx';
import { SiteHeader } from './site-header.tsx';

export function StaffLayout() {
  const { t } = useTranslation();
  return (
    <PageShell header={<SiteHeader links={[
            { to: '/admin', label: t('nav.adminUsers') },
            { to: '/admin/quiz', label: t('nav.adminQuiz') },
          ]} />}>
      <Container size="xl" py="xl">
        <Outlet />
      </Container>
    </PageShell>
  );
}
