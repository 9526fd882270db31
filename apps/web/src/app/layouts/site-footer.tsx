import { Anchor, Box, Container, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function SiteFooter() {
  const { t } = useTranslation();
  const links = [
    { to: '/diagnosis', label: t('nav.selfCheck') },
    { to: '/our-specialists', label: t('specialists.nav.specialists') },
    { to: '/prices', label: t('specialists.nav.prices') },
    { to: '/about-us', label: t('nav.about') },
    { to: '/contacts', label: t('nav.contacts') },
    { to: '/term-of-use', label: t('nav.terms') },
    { to: '/privacy-policy', label: t('nav.privacy') },
  ];
  return (
    <Box component="footer" className="site-footer">
      <Container size="lg" py="lg">
        <Group justify="space-between" gap="md">
          <Text size="sm">{t('footer.copyright', { year: new Date().getFullYear() })}</Text>
          <Group component="nav" aria-label={t('footer.navigation')} gap="md">
            {links.map((link) => (
              <Anchor key={link.to} component={Link} to={link.to} size="sm">
                {link.label}
              </Anchor>
            ))}
          </Group>
        </Group>
      </Container>
    </Box>
  );
}
