import { Container } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { PageShell } from './page-shell.tsx';
import { SiteHeader } from './site-header.tsx';

export function UserLayout() {
  const { t } = useTranslation();
  return (
    <PageShell header={<SiteHeader links={[{ to: '/user', label: t('nav.cabinet') }]} />}>
      <Container size="md" py="xl">
        <Outlet />
      </Container>
    </PageShell>
  );
}
