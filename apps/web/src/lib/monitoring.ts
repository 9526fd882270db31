import { monitoringPaths } from '@rozmova/contracts';
import { authStore } from './auth-store.ts';
import { runtimeConfig } from './runtime-config.ts';

/**
 * Error monitoring (Sentry or GlitchTip), when the server configured a DSN for the web app. The SDK is a chunk of its
 * own, and this module one too: main.tsx and the error page import it only when a DSN is set, so the landing page's
 * first download carries neither; without a DSN nothing is loaded or sent.
 */

type Sdk = typeof import('./monitoring-sentry.ts');
let starting: Promise<Sdk | undefined> | undefined;

export const monitoringConfigured = (): boolean => Boolean(runtimeConfig.sentry_dsn);

function loadSdk(): Promise<Sdk | undefined> {
  const dsn = runtimeConfig.sentry_dsn;
  if (!dsn) return Promise.resolve(undefined);
  starting ??= import('./monitoring-sentry.ts').then(
    (sdk) => {
      sdk.initMonitoring({
        dsn,
        // Events go to the app's own origin, which forwards them to this DSN's project only: blockers and the CSP let
        // them through.
        tunnel: `${runtimeConfig.api_base.replace(/\/$/, '')}${monitoringPaths.tunnel}`,
        release: runtimeConfig.build_id,
        environment: runtimeConfig.environment,
        people: authStore,
      });
      return sdk;
    },
    (error: unknown) => {
      console.error('Error monitoring could not start', error);
      return undefined;
    },
  );
  return starting;
}

/** Starts monitoring once (main.tsx calls it at start); resolves to whether it runs. */
export const startMonitoring = (): Promise<boolean> => loadSdk().then(Boolean);

/** Reports an error a route's error page caught: those never reach the window's error handler. */
export function reportError(error: unknown): void {
  if (monitoringConfigured()) void loadSdk().then((sdk) => sdk?.capture(error));
}
