import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  callRecordSchema,
  iceServersSchema,
  idParamsSchema,
  meetingPaths,
  meetingReportBodySchema,
  meetingReportSchema,
  waitingListSchema,
  waitingQuerySchema,
} from '@rozmova/contracts';
import { authOf } from '../../http/access.ts';
import type { MeetingsService } from './meetings.service.ts';

export function registerMeetingRoutes(app: FastifyInstance, deps: { meetings: MeetingsService }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // A landing booking's consultation is held before its e-mail is proved too (`unclaimed`).
  const participants = { access: ['patient', 'doctor'], unclaimed: true } as const;

  r.post(
    meetingPaths.iceServers,
    { config: participants, schema: { params: idParamsSchema, response: { 200: iceServersSchema } } },
    async (request) => deps.meetings.iceServers(authOf(request).account, request.params.id),
  );

  r.post(
    meetingPaths.report,
    { config: participants, schema: { params: idParamsSchema, body: meetingReportBodySchema, response: { 201: meetingReportSchema } } },
    async (request, reply) => reply.status(201).send(await deps.meetings.report(authOf(request).account, request.params.id, request.body)),
  );

  r.get(
    meetingPaths.callRecord,
    { config: { access: ['doctor'] }, schema: { params: idParamsSchema, response: { 200: callRecordSchema } } },
    async (request) => deps.meetings.callRecord(authOf(request).account, request.params.id),
  );

  r.get(
    meetingPaths.waiting,
    { config: { access: ['doctor'] }, schema: { querystring: waitingQuerySchema, response: { 200: waitingListSchema } } },
    async (request) => deps.meetings.waiting(authOf(request).account, request.query.doctorId),
  );
}
