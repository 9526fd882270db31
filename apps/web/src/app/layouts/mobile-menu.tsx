import { Button, Drawer, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { ColorSchemeSwitch } from '../../components/color-scheme-switch.tsx';
import { LanguageSwitch } from '../../components/language-switch.tsx';

interface Props {
  opened: boolean;
  onClose: () => void;
  // Structurally site-header's HeaderLink; importing it would close an import cycle (site-header loads this file).
  links: { to: string; label: string }[];
  onSignUp?: () => void;
}

/** The navigation and settings of the header on narrow screens. */
export default function MobileMenu({ opened, onClose, links, onSignUp }: Props) {
  const { t } = useTranslation();
  return (
    <Drawer opened={opened} onClose={onClose} title={t('header.menu')} size="xs" position="right">
      <Stack gap="md">
        {links.length > 0 && (
          <Stack component="nav" aria-label={t('header.navigation')} gap={4}>
            {links.map((link) => (
              <NavLink key={link.to} to={link.to} end className="header-link" onClick={onClose}>
                {link.label}
              </NavLink>
            ))}
          </Stack>
        )}
        {onSignUp && (
          <Button
            onClick={() => {
              onClose();
              onSignUp();
            }}
          >
            {t('header.signup')}
          </Button>
        )}
        <LanguageSwitch />
        <ColorSchemeSwitch />
      </Stack>
    </Drawer>
  );
}
