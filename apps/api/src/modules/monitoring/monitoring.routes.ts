import type { FastifyInstance } from 'fastify';
import { monitoringPaths } from '@rozmova/contracts';
import { TUNNEL_MAX_BYTES, type MonitoringService } from './monitoring.service.ts';

export async function registerMonitoringRoutes(app: FastifyInstance, deps: { monitoring: MonitoringService }): Promise<void> {
  // The one route that fails on purpose (the route walks expect its 500); `optional`, so the report names the caller.
  app.get(monitoringPaths.exampleError, { config: { access: 'optional' } }, async (request) =>
    deps.monitoring.raiseExampleError(request.ip),
  );

  // Browsers post envelopes as text (text/plain, application/x-sentry-envelope, or no type at all): in this scope every
  // body is read as text, whatever it says it is, and the service decides.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: TUNNEL_MAX_BYTES }, (_request, body, done) => done(null, body));
    scope.post(monitoringPaths.tunnel, { config: { access: 'public' }, bodyLimit: TUNNEL_MAX_BYTES }, async (request, reply) => {
      await deps.monitoring.forwardEnvelope(typeof request.body === 'string' ? request.body : '', request.ip);
      return reply.status(200).send({});
    });
  });
}
