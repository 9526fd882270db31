import type { FastifyInstance } from 'fastify';
import { twoFactorApi } from '@rozmova/contracts';
import { authOf, deviceOf } from '../../http/access.ts';
import { route } from '../../http/route.ts';
import type { TwoFactorService } from './two-factor.service.ts';

export function registerTwoFactorRoutes(app: FastifyInstance, deps: { twoFactor: TwoFactorService }): void {
  route(app, twoFactorApi.verify, async (request) => deps.twoFactor.verify(request.body, deviceOf(request)));

  route(app, twoFactorApi.startEnrolment, async (request) => deps.twoFactor.startEnrolment(request.body));

  route(app, twoFactorApi.confirmEnrolment, async (request) => deps.twoFactor.confirmEnrolment(request.body, deviceOf(request)));

  route(app, twoFactorApi.status, async (request) => deps.twoFactor.status(authOf(request)));

  route(app, twoFactorApi.setup, async (request) => deps.twoFactor.setup(authOf(request), request.body));

  route(app, twoFactorApi.enable, async (request) => deps.twoFactor.enable(authOf(request), request.body));

  route(app, twoFactorApi.disable, async (request, reply) => {
    await deps.twoFactor.disable(authOf(request), request.body);
    return reply.status(204).send(null);
  });

  route(app, twoFactorApi.reset, async (request, reply) => {
    await deps.twoFactor.reset(authOf(request), request.params.id);
    return reply.status(204).send(null);
  });
}
