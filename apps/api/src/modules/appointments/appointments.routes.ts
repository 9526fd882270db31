import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  appointmentListSchema,
  appointmentPaths,
  appointmentSchema,
  createAppointmentBodySchema,
  createAppointmentFromLandingBodySchema,
  fromLandingResultSchema,
  idParamsSchema,
  listAppointmentsQuerySchema,
  updateAppointmentBodySchema,
} from '@rozmova/contracts';
import { authOf, deviceOf } from '../../http/access.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { AppointmentsService } from './appointments.service.ts';

/** Any text: the service answers a malformed id with SPEC.md §5's message instead of the generic validation one. */
const anyIdParamsSchema = z.object({ id: z.string().max(200) });

export function registerAppointmentRoutes(
  app: FastifyInstance,
  deps: { appointments: AppointmentsService; auth: Pick<AuthService, 'startLandingSession'> },
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // A landing booking's session reads, changes, pays and joins its own booking before its e-mail is proved.
  const ownBooking = { access: 'user', unclaimed: true } as const;

  r.post(
    appointmentPaths.appointments,
    {
      config: { access: ['patient', 'operator'] },
      schema: { body: createAppointmentBodySchema, response: { 200: appointmentSchema, 201: appointmentSchema } },
    },
    async (request, reply) => {
      const { appointment, created } = await deps.appointments.create(authOf(request).account, request.body);
      return reply.status(created ? 201 : 200).send(appointment);
    },
  );

  // Like sign-up: public and counted against the per-address limit of auth requests (and its own hourly limit).
  r.post(
    appointmentPaths.fromLanding,
    {
      config: { access: 'public', authRateLimit: true },
      schema: { body: createAppointmentFromLandingBodySchema, response: { 201: fromLandingResultSchema } },
    },
    async (request, reply) => {
      const { user, appointment } = await deps.appointments.bookFromLanding(request.body, request.ip);
      const token = await deps.auth.startLandingSession(user, deviceOf(request));
      return reply.status(201).send({ token, appointment });
    },
  );

  r.get(
    appointmentPaths.appointments,
    {
      config: { access: ['doctor', 'operator'] },
      schema: { querystring: listAppointmentsQuerySchema, response: { 200: appointmentListSchema } },
    },
    async (request) => deps.appointments.list(authOf(request).account, request.query),
  );

  r.get(
    appointmentPaths.byPatient,
    { config: ownBooking, schema: { params: anyIdParamsSchema, response: { 200: appointmentListSchema } } },
    async (request) => deps.appointments.listOfPatient(authOf(request).account, request.params.id),
  );

  r.get(
    appointmentPaths.byRoomId,
    { config: ownBooking, schema: { params: idParamsSchema, response: { 200: appointmentSchema } } },
    async (request) => deps.appointments.getByRoomId(authOf(request).account, request.params.id),
  );

  r.get(
    appointmentPaths.appointment,
    { config: ownBooking, schema: { params: idParamsSchema, response: { 200: appointmentSchema } } },
    async (request) => deps.appointments.get(authOf(request).account, request.params.id),
  );

  r.put(
    appointmentPaths.appointment,
    { config: ownBooking, schema: { params: anyIdParamsSchema, body: updateAppointmentBodySchema, response: { 200: appointmentSchema } } },
    async (request) => deps.appointments.modify(authOf(request).account, request.params.id, request.body),
  );

  r.post(
    appointmentPaths.joinMeeting,
    {
      config: { access: ['patient', 'doctor'], unclaimed: true },
      schema: { params: idParamsSchema, response: { 200: appointmentSchema } },
    },
    async (request) => deps.appointments.joinMeeting(authOf(request).account, request.params.id),
  );

  r.get(appointmentPaths.calendar, { config: ownBooking, schema: { params: idParamsSchema } }, async (request, reply) => {
    const { fileName, body } = await deps.appointments.calendar(authOf(request).account, request.params.id);
    return reply
      .type('text/calendar; charset=utf-8')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .header('cache-control', 'no-store')
      .send(body);
  });
}
