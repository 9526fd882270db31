import { Anchor, Group } from '@mantine/core';
import { adminSections } from '@rozmova/contracts';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { appPaths } from '../../lib/paths.ts';
import './admin-console.css';

/** The admin console's sections; wraps onto more lines on a narrow screen. */
export function AdminNav() {
  const { t } = useTranslation();
  const links = [
    { to: appPaths.admin, label: t('adminConsole.nav.users') },
    { to: appPaths.adminQuiz, label: t('adminConsole.nav.quiz') },
    ...adminSections.map((section) => ({ to: appPaths.adminSection(section), label: t(`adminConsole.nav.${section}`) })),
  ];
  return (
    <Group component="nav" aria-label={t('adminConsole.nav.label')} gap="xs" wrap="wrap" className="admin-nav">
      {links.map((link) => (
        <Anchor key={link.to} component={NavLink} to={link.to} end className="admin-nav-link">
          {link.label}
        </Anchor>
      ))}
    </Group>
  );
}
