import type { FastifyInstance } from 'fastify';
import { contactApi } from '@rozmova/contracts';
import { route } from '../../http/route.ts';
import type { ContactService } from './contact.service.ts';

export function registerContactRoutes(app: FastifyInstance, deps: { contact: ContactService }): void {
  route(app, contactApi.send, async (request, reply) => {
    await deps.contact.send(request.body);
    return reply.status(204).send(null);
  });
}
