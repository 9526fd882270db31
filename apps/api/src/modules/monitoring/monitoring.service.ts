import { AppError } from '../../lib/app-error.ts';
import type { RateLimitService } from '../rate-limit/rate-limit.service.ts';
import { envelopeDsn, envelopeEndpoint, parseDsn, sameProject } from './monitoring.envelope.ts';

/** The largest envelope the tunnel takes: a browser's error event with its breadcrumbs is a few kilobytes. */
export const TUNNEL_MAX_BYTES = 256 * 1024;
/** Envelopes one address may send in a minute: a page that fails in a loop, not a flood of the monitor's quota. */
export const TUNNEL_ENVELOPES_PER_MINUTE = 30;
/** Test errors one address may make the API raise in an hour. */
export const EXAMPLE_ERRORS_PER_HOUR = 20;
export const EXAMPLE_ERROR_MESSAGE = 'Rozmova test error: the API raised it on purpose for /sentry-example-page';

const MINUTE = 60_000;
const FORWARD_TIMEOUT_MS = 10_000;

/** The example page's error: an ordinary unexpected failure, reported and answered with 500 like any other. */
class SentryExampleApiError extends Error {
  override name = 'SentryExampleApiError';
}

export function createMonitoringService(deps: {
  /** The web app's DSN (SENTRY_DSN_WEB, else SENTRY_DSN): the only project the tunnel forwards to. */
  webDsn?: string;
  rateLimit: RateLimitService;
  warn: (message: string) => void;
}) {
  const project = deps.webDsn ? parseDsn(deps.webDsn) : undefined;
  // The one address the tunnel posts to comes from the settings, never from an envelope. It is not passed through
  // lib/outbound.ts, whose guard is for addresses users steer: a self-hosted GlitchTip on the private network must stay
  // reachable, as it is for the API's own SDK.
  const target = project ? envelopeEndpoint(project) : undefined;
  const unavailable = () => new AppError('SERVICE_UNAVAILABLE', 'The error monitor cannot be reached, try again later');

  return {
    /**
     * Forwards a browser's envelope to the web app's project. Refused: monitoring off (404), over the address's limit
     * (429), no envelope (400), an envelope for any other project (403).
     */
    async forwardEnvelope(envelope: string, address: string): Promise<void> {
      if (!project || !target) throw new AppError('NOT_FOUND', 'Error monitoring is off');
      await deps.rateLimit.consume(`monitoring-tunnel:${address}`, { max: TUNNEL_ENVELOPES_PER_MINUTE, windowMs: MINUTE });
      const dsn = envelopeDsn(envelope);
      if (dsn === undefined) throw new AppError('VALIDATION_FAILED', 'The body is not a Sentry envelope with a DSN in its header');
      const named = parseDsn(dsn);
      if (!named || !sameProject(named, project)) throw new AppError('FORBIDDEN', 'The envelope is for another project');
      const body = Buffer.from(envelope, 'utf8');
      let status: number;
      try {
        const response = await fetch(target, {
          method: 'POST',
          headers: { 'content-type': 'application/x-sentry-envelope' },
          body,
          redirect: 'manual',
          signal: AbortSignal.timeout(FORWARD_TIMEOUT_MS),
        });
        status = response.status;
        await response.body?.cancel();
      } catch (error) {
        deps.warn(`The error monitor at ${new URL(target).host} could not be reached: ${(error as Error).message}`);
        throw unavailable();
      }
      if (status === 429) {
        throw new AppError('TOO_MANY_REQUESTS', 'The error monitor takes no more events now', undefined, { 'retry-after': '60' });
      }
      if (status < 200 || status > 299) {
        deps.warn(`The error monitor at ${new URL(target).host} answered ${status}`);
        throw unavailable();
      }
    },

    /** The example page's API error: thrown on purpose, so the error handler reports it and answers 500. */
    async raiseExampleError(address: string): Promise<never> {
      await deps.rateLimit.consume(`monitoring-example:${address}`, { max: EXAMPLE_ERRORS_PER_HOUR, windowMs: 60 * MINUTE });
      throw new SentryExampleApiError(EXAMPLE_ERROR_MESSAGE);
    },
  };
}

export type MonitoringService = ReturnType<typeof createMonitoringService>;
