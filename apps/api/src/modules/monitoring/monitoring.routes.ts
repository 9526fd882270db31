import type { FastifyInstance } from 'fastify';
import { monitoringApi } from '@rozmova/contracts';
import { route } from '../../http/route.ts';
import { TUNNEL_MAX_BYTES, type MonitoringService } from './monitoring.service.ts';

export async function registerMonitoringRoutes(app: FastifyInstance, deps: { monitoring: MonitoringService }): Promise<void> {
  route(app, monitoringApi.exampleError, async (request) => deps.monitoring.raiseExampleError(request.ip));

  // Browsers post envelopes as text (text/plain, application/x-sentry-envelope, or no type at all): in this scope every
  // body is read as text, whatever it says it is, and the service decides.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: TUNNEL_MAX_BYTES }, (_request, body, done) => done(null, body));
    route(
      scope,
      monitoringApi.tunnel,
      async (request, reply) => {
        await deps.monitoring.forwardEnvelope(typeof request.body === 'string' ? request.body : '', request.ip);
        return reply.status(200).send({});
      },
      { bodyLimit: TUNNEL_MAX_BYTES },
    );
  });
}
