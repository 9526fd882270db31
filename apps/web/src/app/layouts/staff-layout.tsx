import { Container } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { useAuth } from '../../lib/auth-store.ts';
import { PageShell } from './page-shell.tsx';
import { SiteHeader, type HeaderLink } from './site-header.tsx';
import { appPaths } from '../../lib/paths.ts';

export function StaffLayout() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const links: HeaderLink[] = [];
  if (user?.user_role === 'admin') {
    links.push({ to: appPaths.admin, label: t('nav.admin') });
  }
  // Admins pass every role check, so they may open the doctor console too (for any doctor).
  if (user?.user_role === 'doctor' || user?.user_role === 'admin') links.push({ to: appPaths.doctor, label: t('doctor.nav') });
  if (user?.user_role === 'operator' || user?.user_role === 'admin') links.push({ to: appPaths.operator(), label: t('operator.nav') });
  return (
    <PageShell header={<SiteHeader links={links} />}>
      {/* The header's container: the page lines up with the logo and the controls above it. */}
      <Container size="lg" py="xl">
        <Outlet />
      </Container>
    </PageShell>
  );
}
