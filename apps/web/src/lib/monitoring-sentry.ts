import { monitoringOptions } from '@rozmova/contracts';
import { breadcrumbsIntegration, captureException, init, setUser } from '@sentry/react';
import type { authStore } from './auth-store.ts';
import { scrubBreadcrumb, scrubEvent } from './monitoring-scrub.ts';

/** The SDK's chunk: loaded by lib/monitoring.ts only when a DSN is configured. */

/** Console texts never leave; sessions would send an envelope for every page view; breadcrumbs come without clicks. */
const dropped = new Set(['Console', 'BrowserSession', 'Breadcrumbs']);

export function initMonitoring({
  people,
  tunnel,
  release,
  ...settings
}: {
  dsn: string;
  tunnel: string;
  release: string;
  environment: string;
  /** Who is signed in (passed in, so this chunk's preload list stays the SDK's own). */
  people: Pick<typeof authStore, 'getState' | 'subscribe'>;
}): void {
  init({
    ...monitoringOptions({ ...settings, release: () => release, scrubEvent, scrubBreadcrumb }),
    tunnel,
    integrations: (defaults) => [
      ...defaults.filter((integration) => !dropped.has(integration.name)),
      breadcrumbsIntegration({ dom: false, sentry: false }),
    ],
  });
  // The signed-in person by id only, kept up to date as people sign in and out.
  const followUser = () => {
    const user = people.getState().user;
    setUser(user ? { id: user.id } : null);
  };
  followUser();
  people.subscribe(followUser);
}

export function capture(error: unknown): void {
  captureException(error);
}
