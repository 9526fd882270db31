import type { FastifyInstance } from 'fastify';
import { appointmentsApi } from '@rozmova/contracts';
import { authOf, deviceOf } from '../../http/access.ts';
import { route } from '../../http/route.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { AppointmentsService } from './appointments.service.ts';

export function registerAppointmentRoutes(
  app: FastifyInstance,
  deps: { appointments: AppointmentsService; auth: Pick<AuthService, 'startLandingSession'> },
): void {
  route(app, appointmentsApi.book, async (request, reply) => {
    const { appointment, created } = await deps.appointments.create(authOf(request).account, request.body);
    return reply.status(created ? 201 : 200).send(appointment);
  });

  // Like sign-up: public and counted against the per-address limit of auth requests (and its own hourly limit).
  route(app, appointmentsApi.bookFromLanding, async (request, reply) => {
    const { user, appointment } = await deps.appointments.bookFromLanding(request.body, request.ip);
    const token = await deps.auth.startLandingSession(user, deviceOf(request));
    return reply.status(201).send({ token, appointment });
  });

  route(app, appointmentsApi.list, async (request) => deps.appointments.list(authOf(request).account, request.query));

  route(app, appointmentsApi.ofPatient, async (request) => deps.appointments.listOfPatient(authOf(request).account, request.params.id));

  route(app, appointmentsApi.byRoom, async (request) => deps.appointments.getByRoomId(authOf(request).account, request.params.id));

  route(app, appointmentsApi.get, async (request) => deps.appointments.get(authOf(request).account, request.params.id));

  route(app, appointmentsApi.change, async (request) => deps.appointments.modify(authOf(request).account, request.params.id, request.body));

  route(app, appointmentsApi.joinMeeting, async (request) => deps.appointments.joinMeeting(authOf(request).account, request.params.id));

  route(app, appointmentsApi.calendar, async (request, reply) => {
    const { fileName, body } = await deps.appointments.calendar(authOf(request).account, request.params.id);
    return reply
      .type('text/calendar; charset=utf-8')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .header('cache-control', 'no-store')
      .send(body);
  });
}
