import { monitoringOptions } from '@rozmova/contracts';
import type { AuthContext } from '../../http/auth-context.ts';
import { isUnexpectedError } from '../../http/error-handler.ts';
import { scrubBreadcrumb, scrubEvent } from './monitoring.scrub.ts';

export interface ApiMonitoring {
  /** Sends what is queued (two seconds at most) and stops reporting. */
  close(): Promise<void>;
}

/**
 * Starts Sentry (or GlitchTip) for the API when its DSN is set. Without one nothing is loaded: the SDK is imported only
 * here, so a start without monitoring does not read it. Call it before `Fastify()`: the Fastify integration instruments
 * an instance when it is created (errors of hooks reach it then, besides those of route handlers).
 */
export async function startApiMonitoring(settings: {
  dsn?: string;
  /**
   * The build id the web app reports too, so both sides of one deployment are one release; read for each event, as a
   * deployment may replace the web app's files without a restart.
   */
  release: () => string;
  environment: string;
}): Promise<ApiMonitoring | undefined> {
  if (!settings.dsn) return undefined;
  const Sentry = await import('@sentry/node');
  Sentry.init({
    ...monitoringOptions({ ...settings, dsn: settings.dsn, scrubEvent, scrubBreadcrumb }),
    // Only the integrations listed: no console or HTTP breadcrumbs, no local variables, no sessions, no tracing.
    defaultIntegrations: false,
    integrations: [
      // One scope per request, so the user id set below belongs to that request only.
      Sentry.httpIntegration({ breadcrumbs: false, spans: false, sessions: false, tracePropagation: false, maxRequestBodySize: 'none' }),
      Sentry.requestDataIntegration(),
      // v11: this integration reports route and hook errors itself (`setupFastifyErrorHandler` is a deprecated no-op).
      Sentry.fastifyIntegration({
        // Only what the error handler answers with 500; a 4xx never. The user is named by id, on this request's scope.
        shouldHandleError: (error, request) => {
          if (!isUnexpectedError(error)) return false;
          const auth = (request as { auth?: AuthContext }).auth;
          Sentry.getIsolationScope().setUser(auth ? { id: auth.account.user.id } : null);
          return true;
        },
      }),
      Sentry.linkedErrorsIntegration(),
      Sentry.dedupeIntegration(),
      Sentry.onUncaughtExceptionIntegration(),
      // As Node without it: an unhandled rejection ends the process (after it is reported).
      Sentry.onUnhandledRejectionIntegration({ mode: 'strict' }),
      Sentry.contextLinesIntegration(),
      Sentry.nodeContextIntegration(),
    ],
  });
  return {
    async close() {
      await Sentry.close(2000);
    },
  };
}
