import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { corporateLeadBodySchema, patientHistoryPaths } from '@rozmova/contracts';
import type { CorporateService } from './corporate.service.ts';

export function registerCorporateRoutes(app: FastifyInstance, deps: { corporate: CorporateService }): void {
  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      patientHistoryPaths.corporateLeads,
      { config: { access: 'public' }, schema: { body: corporateLeadBodySchema, response: { 201: z.object({ id: z.string() }) } } },
      async (request, reply) => reply.status(201).send(await deps.corporate.submit(request.body, request.ip)),
    );
}
