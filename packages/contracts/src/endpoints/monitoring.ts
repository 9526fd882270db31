import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { monitoringPaths } from '../paths.ts';

/**
 * The browser's Sentry envelopes, through the app's own origin, forwarded to the web app's project. The body is the
 * envelope as text, whatever its content type says; the answer is Sentry's, an empty object.
 */
export const tunnel = endpoint({
  method: 'POST',
  path: monitoringPaths.tunnel,
  access: 'public',
  summary: "Forward a browser's error report (a Sentry envelope, as text) to the error monitor",
  responses: { 200: z.object({}) },
  // 404 monitoring off, 400 no envelope, 403 an envelope for another project, 429 over the address's limit.
  errors: ['NOT_FOUND', 'VALIDATION_FAILED', 'FORBIDDEN', 'PAYLOAD_TOO_LARGE', 'TOO_MANY_REQUESTS', 'SERVICE_UNAVAILABLE'],
});

/**
 * The one endpoint that fails on purpose: it always answers 500 `INTERNAL` (the route walks expect it), reported to the
 * error monitor, so it has no success answer (the web reads its result as `never`). `optional`, so the report names the
 * caller.
 */
export const exampleError = endpoint({
  method: 'GET',
  path: monitoringPaths.exampleError,
  access: 'optional',
  summary: "The example page's API error: always 500, reported to the error monitor",
  responses: {},
  errors: ['TOO_MANY_REQUESTS'],
});
