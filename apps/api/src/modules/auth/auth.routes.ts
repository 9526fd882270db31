import type { FastifyInstance } from 'fastify';
import { authApi } from '@rozmova/contracts';
import { authOf, deviceOf } from '../../http/access.ts';
import { route } from '../../http/route.ts';
import type { AuthService } from './auth.service.ts';

export function registerAuthRoutes(app: FastifyInstance, deps: { auth: AuthService }): void {
  route(app, authApi.login, async (request) => deps.auth.login(request.body, deviceOf(request), request.ip));

  route(app, authApi.logout, async (request, reply) => {
    await deps.auth.logout(authOf(request));
    return reply.status(204).send(null);
  });

  route(app, authApi.sendRegisterCode, async (request, reply) => {
    await deps.auth.sendCode('register', request.body);
    return reply.status(204).send(null);
  });

  route(app, authApi.sendRecoveryCode, async (request, reply) => {
    await deps.auth.sendCode('recover-pass', request.body);
    return reply.status(204).send(null);
  });

  route(app, authApi.checkCode, async (request) => {
    await deps.auth.checkCode(request.body);
    return { valid: true as const };
  });

  route(app, authApi.registerPatient, async (request, reply) =>
    reply.status(201).send({ token: await deps.auth.registerPatient(request.body, deviceOf(request)) }),
  );

  route(app, authApi.registerSpecialist, async (request, reply) =>
    reply.status(201).send({ token: await deps.auth.registerSpecialist(request.body, deviceOf(request)) }),
  );

  route(app, authApi.verifyPassword, async (request, reply) => {
    await deps.auth.verifyPassword(authOf(request), request.body.password, request.ip);
    return reply.status(204).send(null);
  });

  route(app, authApi.profile, async (request) => deps.auth.profile(authOf(request).account.user.id));

  route(app, authApi.updateProfile, async (request) => {
    const auth = authOf(request);
    await deps.auth.updateProfile(auth, request.body, request.ip);
    return deps.auth.profile(auth.account.user.id);
  });

  route(app, authApi.removeAccount, async (request, reply) => {
    await deps.auth.deleteAccount(authOf(request));
    return reply.status(204).send(null);
  });

  route(app, authApi.setupPassword, async (request) => deps.auth.setupPassword(request.auth, request.body, deviceOf(request)));
}
