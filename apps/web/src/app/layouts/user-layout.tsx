import { Container } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { isUnclaimed, useAuth } from '../../lib/auth-store.ts';
import { PageShell } from './page-shell.tsx';
import { SiteHeader, type HeaderLink } from './site-header.tsx';
import { appPaths } from '../../lib/paths.ts';

export function UserLayout() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const links: HeaderLink[] = [{ to: appPaths.cabinet(), label: t('nav.cabinet') }];
  // The self-check fills the patient card, which only patients have.
  if (user?.role_specific_data.patient && !isUnclaimed(user)) links.push({ to: appPaths.quiz, label: t('nav.selfCheck') });
  return (
    <PageShell header={<SiteHeader links={links} />}>
      <Container size="md" py="xl">
        <Outlet />
      </Container>
    </PageShell>
  );
}
