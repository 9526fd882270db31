import { Box, Burger, Button, Container, Group } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useSearchParams } from 'react-router';
import { ColorSchemeSwitch } from '../../components/color-scheme-switch.tsx';
import { LanguageSwitch } from '../../components/language-switch.tsx';
import { Logo } from '../../components/logo.tsx';
import { useAuth } from '../../lib/auth-store.ts';

const MobileMenu = lazy(() => import('./mobile-menu.tsx'));
// The bell, the account menu and the realtime connection of a signed-in person.
const SignedInControls = lazy(() => import('./signed-in-controls.tsx'));

export interface HeaderLink {
  to: string;
  label: string;
}

function useOpenAuthDialog() {
  const [params, setParams] = useSearchParams();
  return (dialog: 'login' | 'signup') => {
    const next = new URLSearchParams(params);
    next.set('auth', dialog);
    setParams(next);
  };
}

/** The page header: logo, navigation, language and colour switches, and sign-in buttons or the account menu. */
export function SiteHeader({ links = [], withAuth = false }: { links?: HeaderLink[]; withAuth?: boolean }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const [menu, setMenu] = useState<'never' | 'open' | 'closed'>('never');
  const openAuthDialog = useOpenAuthDialog();
  const showSignIn = withAuth && !user;

  return (
    <Box component="header" className="site-header">
      <Container size="lg" h="100%">
        <Group h="100%" justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="lg" wrap="nowrap">
            <Logo />
            {links.length > 0 && (
              <Group component="nav" aria-label={t('header.navigation')} gap="xs" visibleFrom="lg" wrap="nowrap">
                {links.map((link) => (
                  <NavLink key={link.to} to={link.to} end className="header-link">
                    {link.label}
                  </NavLink>
                ))}
              </Group>
            )}
          </Group>
          <Group gap="xs" wrap="nowrap">
            <Group gap="xs" wrap="nowrap" visibleFrom="md">
              <LanguageSwitch />
              <ColorSchemeSwitch />
            </Group>
            {showSignIn && (
              <>
                <Button variant="default" size="sm" onClick={() => openAuthDialog('login')}>
                  {t('header.login')}
                </Button>
                <Button size="sm" onClick={() => openAuthDialog('signup')} visibleFrom="sm">
                  {t('header.signup')}
                </Button>
              </>
            )}
            {user && (
              <Suspense fallback={null}>
                <SignedInControls user={user} />
              </Suspense>
            )}
            <Burger
              opened={menu === 'open'}
              onClick={() => setMenu(menu === 'open' ? 'closed' : 'open')}
              hiddenFrom="lg"
              size="sm"
              aria-label={t('header.openMenu')}
            />
          </Group>
        </Group>
      </Container>
      {menu !== 'never' && (
        <Suspense fallback={null}>
          <MobileMenu
            opened={menu === 'open'}
            onClose={() => setMenu('closed')}
            links={links}
            onSignUp={showSignIn ? () => openAuthDialog('signup') : undefined}
          />
        </Suspense>
      )}
    </Box>
  );
}
