import { Anchor, Box, Container, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { analyticsSetup, openCookieSettings } from '../../lib/analytics.ts';
import { appPaths } from '../../lib/paths.ts';
import { useAfterHydration } from '../../lib/use-hydrated.ts';

declare const __BUILD_YEAR__: number;

const thisYear = () => new Date().getFullYear();

export function SiteFooter() {
  const { t } = useTranslation();
  // While a prerendered page is hydrated, the year it was built in, as its HTML says.
  const year = useAfterHydration(__BUILD_YEAR__, thisYear);
  const links = [
    { to: appPaths.diagnosis, label: t('nav.selfCheck') },
    { to: appPaths.specialists(), label: t('specialists.nav.specialists') },
    { to: appPaths.prices, label: t('specialists.nav.prices') },
    { to: appPaths.corporateClients, label: t('nav.corporateClients') },
    { to: appPaths.specialistSignUp, label: t('nav.forSpecialists') },
    { to: appPaths.about, label: t('nav.about') },
    { to: appPaths.contacts, label: t('nav.contacts') },
    { to: appPaths.faq(), label: t('nav.faq') },
    { to: appPaths.support(), label: t('nav.support') },
    { to: appPaths.terms, label: t('nav.terms') },
    { to: appPaths.privacy, label: t('nav.privacy') },
  ];
  return (
    <Box component="footer" className="site-footer">
      <Container size="lg" py="lg">
        <Group justify="space-between" gap="md">
          <Text size="sm">{t('footer.copyright', { year })}</Text>
          <Group component="nav" aria-label={t('footer.navigation')} gap="md">
            {links.map((link) => (
              <Anchor key={link.to} component={Link} to={link.to} size="sm">
                {link.label}
              </Anchor>
            ))}
            {analyticsSetup && (
              <Anchor component="button" type="button" size="sm" onClick={openCookieSettings}>
                {t('consent.settings')}
              </Anchor>
            )}
          </Group>
        </Group>
      </Container>
    </Box>
  );
}
