import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contactBodySchema, contactPaths } from '@rozmova/contracts';
import type { ContactService } from './contact.service.ts';

export function registerContactRoutes(app: FastifyInstance, deps: { contact: ContactService }): void {
  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      contactPaths.contact,
      { config: { access: 'public', authRateLimit: true }, schema: { body: contactBodySchema, response: { 204: z.null() } } },
      async (request, reply) => {
        await deps.contact.send(request.body);
        return reply.status(204).send(null);
      },
    );
}
