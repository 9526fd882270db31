import { Button, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createPath, useBlocker, type RouteObject } from 'react-router';
import { useLinkPreloading } from './link-preloading.ts';
import { useLatest } from '../lib/use-latest.ts';

/** What the agent needs of the page's first download, handed over by app/updates.tsx so its chunk shares no module with it. */
export interface UpdateAgentProps {
  /** This page's build, and the build manifest that names the server's. */
  build: { id: string; manifestUrl: string };
  guard: {
    hasUnsavedInput: () => boolean;
    isReloading: () => boolean;
    reloadIntoUpdate: (from: string, to: string, href?: string, replace?: boolean) => boolean;
  };
  routes: RouteObject[];
}

// The question before leaving unsent input: fetched when first asked (a dialog brings Mantine's modal and scroll area).
const ConfirmModal = lazy(() => import('../components/confirm-modal.tsx').then((m) => ({ default: m.ConfirmModal })));

/** How often an open tab asks for the build on the server, besides when it comes back into view. */
const BUILD_CHECK_INTERVAL_MS = 5 * 60_000;
const noticeId = 'rozmova-update';

/** Whether the server now serves another build than this page's (the build manifest, never cached). */
async function newBuildOnServer(build: UpdateAgentProps['build']): Promise<boolean> {
  const response = await fetch(build.manifestUrl, { cache: 'no-store', headers: { accept: 'application/json' } });
  if (!response.ok) return false;
  const { build_id: buildId } = (await response.json()) as { build_id?: unknown };
  return typeof buildId === 'string' && buildId !== build.id;
}

/** Asks for the build now (the agent loads about a second after the start), when the tab is back in view, and every 5 minutes. */
function useNewBuild(build: UpdateAgentProps['build']): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    // The Vite dev server and a server without a built app have no build to compare.
    if (ready || build.id === 'development') return;
    let asking = false;
    let stopped = false;
    const check = () => {
      if (asking || document.visibilityState === 'hidden') return;
      asking = true;
      newBuildOnServer(build)
        .then((found) => found && !stopped && setReady(true))
        .catch(() => undefined)
        .finally(() => (asking = false));
    };
    const onVisible = () => document.visibilityState === 'visible' && check();
    check();
    const timer = setInterval(check, BUILD_CHECK_INTERVAL_MS);
    window.addEventListener('focus', check);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      stopped = true;
      clearInterval(timer);
      window.removeEventListener('focus', check);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [ready, build]);
  return ready;
}

function NoticeText() {
  const { t } = useTranslation();
  return (
    <Stack gap="xs" align="flex-start">
      <Text size="sm">{t('updates.text')}</Text>
      <Button size="xs" onClick={() => location.reload()}>
        {t('updates.reload')}
      </Button>
    </Stack>
  );
}

function NoticeTitle() {
  const { t } = useTranslation();
  return <>{t('updates.title')}</>;
}

/**
 * Notices a new deployment and loads it at the next change of page, never over a call or unsent input (docs/product.md §9's
 * reload guard); asks before leaving a page with unsent input; preloads the pages links lead to.
 */
export default function UpdateAgent({ build, guard, routes }: UpdateAgentProps) {
  const { hasUnsavedInput, isReloading, reloadIntoUpdate } = guard;
  const { t } = useTranslation();
  const updateReady = useNewBuild(build);
  const ready = useLatest(updateReady);

  useEffect(() => {
    if (!updateReady) return;
    // A polite status, not an alert: the person finishes what they are doing first.
    notifications.show({ id: noticeId, role: 'status', title: <NoticeTitle />, message: <NoticeText />, autoClose: false });
  }, [updateReady]);

  const blocker = useBlocker(({ currentLocation, nextLocation, historyAction }) => {
    const from = currentLocation.pathname;
    const to = nextLocation.pathname;
    if (ready.current) {
      // Back and forward have moved the address already: the page there is reloaded; otherwise it is loaded.
      const pop = historyAction === 'POP';
      if (reloadIntoUpdate(from, to, pop ? undefined : createPath(nextLocation), historyAction === 'REPLACE')) return !pop;
    }
    return to !== from && hasUnsavedInput();
  });
  useEffect(() => {
    const ask = (event: BeforeUnloadEvent) => {
      if (isReloading() || !hasUnsavedInput()) return;
      event.preventDefault();
      // Chromium before 119 asks only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [hasUnsavedInput, isReloading]);
  useLinkPreloading(routes, !updateReady);

  if (blocker.state !== 'blocked' || isReloading()) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmModal
        title={t('updates.leaveTitle')}
        text={t('updates.leaveText')}
        cancelLabel={t('updates.stay')}
        confirmLabel={t('updates.leave')}
        onClose={() => blocker.reset()}
        onConfirm={() => blocker.proceed()}
        pending={false}
        error={null}
        focusCancel
      />
    </Suspense>
  );
}
