import { Box, Burger, Button, Container, Group } from '@mantine/core';
import { lazy, Suspense, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useSearchParams } from 'react-router';
import { ColorSchemeSwitch } from '../../components/color-scheme-switch.tsx';
import { LanguageSwitch } from '../../components/language-switch.tsx';
import { Logo } from '../../components/logo.tsx';
import { useAuth } from '../../lib/auth-store.ts';
import { showsPatientCalls } from '../../lib/runtime-config.ts';

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
 * Whether the navigation fits in the header row beside the controls. Label lengths differ between the languages and
 * the controls between visitors and signed-in people, so the row is measured rather than guessed: when it overflows,
 * the links move into the menu, and they come back once the row is as wide as they needed.
 */
function useNavFits(texts: string) {
  const rowRef = useRef<HTMLDivElement>(null);
  // What was measured, and for which texts: new texts (another language, other links) start from the full header.
  const [measured, setMeasured] = useState({ texts, fits: true });
  const fits = measured.texts === texts ? measured.fits : true;
  const needed = useRef(0);

  useLayoutEffect(() => {
    const element = rowRef.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const check = () => {
      if (fits && element.scrollWidth > element.clientWidth + 1) {
        needed.current = element.scrollWidth;
        setMeasured({ texts, fits: false });
      } else if (!fits && element.clientWidth >= needed.current) setMeasured({ texts, fits: true });
    };
    const observer = new ResizeObserver(check);
    observer.observe(element);
    // The observer's first report comes after the next layout, before that frame is painted: measuring here instead
    // would force a layout of the whole page in the middle of the hydration.
    for (const child of Array.from(element.children)) observer.observe(child);
    return () => observer.disconnect();
  }, [fits, texts]);

  return { rowRef, fits };
}

/** The page header: logo, navigation, language and colour switches, and sign-in buttons or the account menu. */
export function SiteHeader({ links = [], withAuth = false }: { links?: HeaderLink[]; withAuth?: boolean }) {
  const { t, i18n } = useTranslation();
  const { user } = useAuth();
  const { rowRef: navRowRef, fits: navFits } = useNavFits(
    `${i18n.language}|${user?.id ?? ''}|${links.map((link) => link.label).join('|')}`,
  );
  const [menu, setMenu] = useState<'never' | 'open' | 'closed'>('never');
  const openAuthDialog = useOpenAuthDialog();
  const showSignIn = withAuth && !user;

  return (
    <Box component="header" className="site-header">
      <Container size="lg" h="100%">
        <Group h="100%" justify="space-between" wrap="nowrap" gap="sm" ref={navRowRef}>
          <Group gap="lg" wrap="nowrap">
            <Logo />
            {links.length > 0 && navFits && (
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
                {showsPatientCalls() && (
                  <Button size="sm" onClick={() => openAuthDialog('signup')} visibleFrom="sm">
                    {t('header.signup')}
                  </Button>
                )}
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
              hiddenFrom={navFits ? 'lg' : undefined}
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
            onSignUp={showSignIn && showsPatientCalls() ? () => openAuthDialog('signup') : undefined}
          />
        </Suspense>
      )}
    </Box>
  );
}
