import type { FastifyInstance } from 'fastify';
import { meetingsApi } from '@rozmova/contracts';
import { authOf } from '../../http/access.ts';
import { route } from '../../http/route.ts';
import type { MeetingsService } from './meetings.service.ts';

export function registerMeetingRoutes(app: FastifyInstance, deps: { meetings: MeetingsService }): void {
  route(app, meetingsApi.iceServers, async (request) => deps.meetings.iceServers(authOf(request).account, request.params.id));

  route(app, meetingsApi.report, async (request, reply) =>
    reply.status(201).send(await deps.meetings.report(authOf(request).account, request.params.id, request.body)),
  );

  route(app, meetingsApi.callRecord, async (request) => deps.meetings.callRecord(authOf(request).account, request.params.id));

  route(app, meetingsApi.waiting, async (request) => deps.meetings.waiting(authOf(request).account, request.query.doctorId));
}
