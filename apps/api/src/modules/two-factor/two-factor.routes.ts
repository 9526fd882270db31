import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  authenticatorSetupBodySchema,
  authenticatorSetupSchema,
  disableTwoFactorBodySchema,
  enableTwoFactorBodySchema,
  enrolmentBodySchema,
  enrolmentConfirmBodySchema,
  enrolmentConfirmResponseSchema,
  idParamsSchema,
  recoveryCodesSchema,
  secondStepBodySchema,
  tokenResponseSchema,
  twoFactorPaths,
  twoFactorStatusSchema,
} from '@rozmova/contracts';
import { authOf, deviceOf } from '../../http/access.ts';
import type { TwoFactorService } from './two-factor.service.ts';

const noContent = { 204: z.null() };

export function registerTwoFactorRoutes(app: FastifyInstance, deps: { twoFactor: TwoFactorService }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // The second step's routes: no session yet, the challenge comes in the body (a bearer token is ignored here, and the
  // challenge is no session anywhere else). Counted against the per-address limit of auth requests.
  const secondStep = { access: 'public', authRateLimit: true } as const;
  // Staff only (admins pass every role list); an applicant or a patient has nothing to set up.
  const staff = { access: ['doctor', 'operator'] } as const;

  r.post(
    twoFactorPaths.verify,
    { config: secondStep, schema: { body: secondStepBodySchema, response: { 200: tokenResponseSchema } } },
    async (request) => deps.twoFactor.verify(request.body, deviceOf(request)),
  );

  r.post(
    twoFactorPaths.enrolment,
    { config: secondStep, schema: { body: enrolmentBodySchema, response: { 200: authenticatorSetupSchema } } },
    async (request) => deps.twoFactor.startEnrolment(request.body),
  );

  r.post(
    twoFactorPaths.enrolmentConfirm,
    { config: secondStep, schema: { body: enrolmentConfirmBodySchema, response: { 200: enrolmentConfirmResponseSchema } } },
    async (request) => deps.twoFactor.confirmEnrolment(request.body, deviceOf(request)),
  );

  r.get(twoFactorPaths.status, { config: staff, schema: { response: { 200: twoFactorStatusSchema } } }, async (request) =>
    deps.twoFactor.status(authOf(request)),
  );

  r.post(
    twoFactorPaths.setup,
    {
      config: { ...staff, authRateLimit: true },
      schema: { body: authenticatorSetupBodySchema, response: { 200: authenticatorSetupSchema } },
    },
    async (request) => deps.twoFactor.setup(authOf(request), request.body),
  );

  r.post(
    twoFactorPaths.enable,
    { config: { ...staff, authRateLimit: true }, schema: { body: enableTwoFactorBodySchema, response: { 200: recoveryCodesSchema } } },
    async (request) => deps.twoFactor.enable(authOf(request), request.body),
  );

  r.post(
    twoFactorPaths.disable,
    { config: { ...staff, authRateLimit: true }, schema: { body: disableTwoFactorBodySchema, response: noContent } },
    async (request, reply) => {
      await deps.twoFactor.disable(authOf(request), request.body);
      return reply.status(204).send(null);
    },
  );

  r.delete(
    twoFactorPaths.adminReset,
    { config: { access: ['admin'] }, schema: { params: idParamsSchema, response: noContent } },
    async (request, reply) => {
      await deps.twoFactor.reset(authOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
