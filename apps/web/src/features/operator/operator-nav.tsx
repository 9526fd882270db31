import { Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { appPaths } from '../../lib/paths.ts';

/** The operator console's parts: the chat inbox, patient search (and a patient's page) and the support desk's queue. */
export function OperatorNav() {
  const { t } = useTranslation();
  const links = [
    { to: appPaths.operator(), label: t('operatorConsole.nav.inbox'), end: true },
    { to: appPaths.operatorSection('patients'), label: t('operatorConsole.nav.patients'), end: false },
    { to: appPaths.operatorSection('requests'), label: t('operatorConsole.nav.requests'), end: true },
  ];
  return (
    <nav aria-label={t('operatorConsole.nav.label')}>
      <Group gap="xs" component="ul" className="operator-nav">
        {links.map((link) => (
          <li key={link.to}>
            <NavLink to={link.to} end={link.end} className="operator-nav__link">
              {link.label}
            </NavLink>
          </li>
        ))}
      </Group>
    </nav>
  );
}
