import type { FastifyInstance } from 'fastify';
import { corporateApi } from '@rozmova/contracts';
import { route } from '../../http/route.ts';
import type { CorporateService } from './corporate.service.ts';

export function registerCorporateRoutes(app: FastifyInstance, deps: { corporate: CorporateService }): void {
  route(app, corporateApi.submit, async (request, reply) => reply.status(201).send(await deps.corporate.submit(request.body, request.ip)));
}
