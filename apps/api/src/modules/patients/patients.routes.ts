import type { FastifyInstance } from 'fastify';
import { patientsApi } from '@rozmova/contracts';
import { authOf } from '../../http/access.ts';
import { route } from '../../http/route.ts';
import type { PatientsService } from './patients.service.ts';

export function registerPatientRoutes(app: FastifyInstance, deps: { patients: PatientsService }): void {
  route(app, patientsApi.lookup, async (request) => deps.patients.lookup(authOf(request), request.query.findCriteria));

  route(app, patientsApi.list, async (request) => deps.patients.list(authOf(request), request.query));

  route(app, patientsApi.ofDoctor, async (request) => deps.patients.listOfDoctor(authOf(request), request.params.id, request.query));

  route(app, patientsApi.get, async (request) => deps.patients.getPatient(authOf(request), request.params.id));

  route(app, patientsApi.update, async (request) => deps.patients.updatePatient(authOf(request), request.params.id, request.body));

  route(app, patientsApi.getCard, async (request) => deps.patients.getCard(authOf(request), request.params.id));

  route(app, patientsApi.updateCard, async (request) => deps.patients.updateCard(authOf(request), request.params.id, request.body));
}
