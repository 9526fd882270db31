import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  authPaths,
  checkCodeBodySchema,
  checkCodeResponseSchema,
  loginBodySchema,
  registerPatientBodySchema,
  registerSpecialistBodySchema,
  sendCodeBodySchema,
  setupPasswordBodySchema,
  signInResponseSchema,
  specialistPaths,
  tokenResponseSchema,
  updateProfileBodySchema,
  userSchema,
  verifyPasswordBodySchema,
} from '@rozmova/contracts';
import { authOf, deviceOf } from '../../http/access.ts';
import type { AuthService } from './auth.service.ts';

const noContent = { 204: z.null() };

export function registerAuthRoutes(app: FastifyInstance, deps: { auth: AuthService }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const limited = { access: 'public', authRateLimit: true } as const;

  r.post(
    authPaths.login,
    { config: limited, schema: { body: loginBodySchema, response: { 200: signInResponseSchema } } },
    async (request) => deps.auth.login(request.body, deviceOf(request), request.ip),
  );

  r.post(
    authPaths.logout,
    { config: { access: 'user', applicants: true, unclaimed: true }, schema: { response: noContent } },
    async (request, reply) => {
      await deps.auth.logout(authOf(request));
      return reply.status(204).send(null);
    },
  );

  r.post(
    authPaths.sendRegisterCode,
    { config: limited, schema: { body: sendCodeBodySchema, response: noContent } },
    async (request, reply) => {
      await deps.auth.sendCode('register', request.body);
      return reply.status(204).send(null);
    },
  );

  r.post(
    authPaths.sendRecoveryCode,
    { config: limited, schema: { body: sendCodeBodySchema, response: noContent } },
    async (request, reply) => {
      await deps.auth.sendCode('recover-pass', request.body);
      return reply.status(204).send(null);
    },
  );

  r.post(
    authPaths.checkCode,
    { config: limited, schema: { body: checkCodeBodySchema, response: { 200: checkCodeResponseSchema } } },
    async (request) => {
      await deps.auth.checkCode(request.body);
      return { valid: true as const };
    },
  );

  r.post(
    authPaths.registerPatient,
    { config: limited, schema: { body: registerPatientBodySchema, response: { 201: tokenResponseSchema } } },
    async (request, reply) => reply.status(201).send({ token: await deps.auth.registerPatient(request.body, deviceOf(request)) }),
  );

  r.post(
    specialistPaths.register,
    { config: limited, schema: { body: registerSpecialistBodySchema, response: { 201: tokenResponseSchema } } },
    async (request, reply) => reply.status(201).send({ token: await deps.auth.registerSpecialist(request.body, deviceOf(request)) }),
  );

  r.post(
    authPaths.verifyPassword,
    { config: { access: 'user', applicants: true, authRateLimit: true }, schema: { body: verifyPasswordBodySchema, response: noContent } },
    async (request, reply) => {
      await deps.auth.verifyPassword(authOf(request), request.body.password, request.ip);
      return reply.status(204).send(null);
    },
  );

  // An unclaimed session reads the profile it typed while booking (the web needs it); it changes nothing in it.
  // The profile carries the patient's card: encrypted like the card (docs/response-encryption.md).
  r.get(
    authPaths.profile,
    { config: { access: 'user', applicants: true, unclaimed: true, encryptResponse: true }, schema: { response: { 200: userSchema } } },
    async (request) => deps.auth.profile(authOf(request).account.user.id),
  );

  r.put(
    authPaths.profile,
    {
      config: { access: 'user', applicants: true, encryptResponse: true },
      schema: { body: updateProfileBodySchema, response: { 200: userSchema } },
    },
    async (request) => {
      const auth = authOf(request);
      await deps.auth.updateProfile(auth, request.body, request.ip);
      return deps.auth.profile(auth.account.user.id);
    },
  );

  r.delete(authPaths.profile, { config: { access: 'user', applicants: true }, schema: { response: noContent } }, async (request, reply) => {
    await deps.auth.deleteAccount(authOf(request));
    return reply.status(204).send(null);
  });

  r.post(
    authPaths.setupPassword,
    {
      config: { access: 'optional', authRateLimit: true, unclaimed: true },
      schema: { body: setupPasswordBodySchema, response: { 200: signInResponseSchema } },
    },
    async (request) => deps.auth.setupPassword(request.auth, request.body, deviceOf(request)),
  );
}
