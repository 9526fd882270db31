import { Box, Burger, Button, Container, Group } from '@mantine/core';
import { lazy, Suspense, useLayoutEffect, useRef, useState } from 'react';
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

/**
 * How much of the header row moves into the menu: 0 nothing, 1 the language and colour switches, 2 the links too.
 * Label lengths differ between the languages and the controls between visitors and signed-in people, so the row is
 * measured rather than guessed: when it overflows, the next part moves into the menu; it comes back once the row is
 * as wide as it was when that part last did not fit.
 */
function useHeaderFit(texts: string) {
  const row = useRef<HTMLDivElement>(null);
  const [level, setLevel] = useState(0);
  const current = useRef(0);
  const needed = useRef<number[]>([]);
  current.current = level;

  // New texts (another language, other links, signed in or out): measure again from the full header.
  useLayoutEffect(() => {
    needed.current = [];
    setLevel(0);
  }, [texts]);

  useLayoutEffect(() => {
    const element = row.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const check = () => {
      const at = current.current;
      if (element.scrollWidth > element.clientWidth + 1) {
        if (at < 2) {
          needed.current[at] = element.scrollWidth;
          setLevel(at + 1);
        }
      } else if (at > 0 && element.clientWidth >= (needed.current[at - 1] ?? Infinity)) setLevel(at - 1);
    };
    const observer = new ResizeObserver(check);
    observer.observe(element);
    for (const child of Array.from(element.children)) observer.observe(child);
    check();
    return () => observer.disconnect();
  }, [level, texts]);

  return { row, switches: level < 1, links: level < 2, menu: level > 0 };
}

/** The page header: logo, navigation, language and colour switches, and sign-in buttons or the account menu. */
export function SiteHeader({ links = [], withAuth = false }: { links?: HeaderLink[]; withAuth?: boolean }) {
  const { t, i18n } = useTranslation();
  const { user } = useAuth();
  const fit = useHeaderFit(`${i18n.language}|${user?.id ?? ''}|${links.map((link) => link.label).join('|')}`);
  const [menu, setMenu] = useState<'never' | 'open' | 'closed'>('never');
  const openAuthDialog = useOpenAuthDialog();
  const showSignIn = withAuth && !user;

  return (
    <Box component="header" className="site-header">
      <Container size="lg" h="100%">
        <Group h="100%" justify="space-between" wrap="nowrap" gap="sm" ref={fit.row}>
          <Group gap="lg" wrap="nowrap">
            <Logo />
            {links.length > 0 && fit.links && (
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
            {fit.switches && (
              <Group gap="xs" wrap="nowrap" visibleFrom="md">
                <LanguageSwitch />
                <ColorSchemeSwitch />
              </Group>
            )}
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
              hiddenFrom={fit.menu ? undefined : 'lg'}
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
