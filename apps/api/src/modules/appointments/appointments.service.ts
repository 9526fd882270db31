import {
  idSchema,
  type CreateAppointmentBody,
  type CreateAppointmentFromLandingBody,
  type UpdateAppointmentBody,
} from '@rozmova/contracts';
import { AppError } from '../../lib/app-error.ts';
import { createAnnouncements } from './appointments.announcements.ts';
import { createAppointmentChanges } from './appointments.changes.ts';
import { createTimedWork, registerAppointmentJobs } from './appointments.jobs.ts';
import { createMeetingPort } from './appointments.meetings.ts';
import { assertModifyRequest, MODIFY_REQUIRES_ID, type Actor } from './appointments.policy.ts';
import { cancelOnAccountRemoval, createPaymentPort } from './appointments.ports.ts';
import { createAppointmentReads } from './appointments.reads.ts';
import { bookFromLanding } from './commands/book-from-landing.ts';
import { bookAppointment } from './commands/book.ts';
import { cancelAppointment } from './commands/cancel.ts';
import { completeAppointment } from './commands/complete.ts';
import { viewOf, type AppointmentsContext, type AppointmentsDeps } from './commands/context.ts';
import { joinMeeting } from './commands/join-meeting.ts';
import { moveAppointment } from './commands/move.ts';

export type { AppointmentsDeps } from './commands/context.ts';

/**
 * Appointments: booking (one pending per patient; the database refuses overlapping times of a doctor), changes,
 * meetings and calendar files. Each use case is a command in `commands/`; the rules are in `appointments.policy.ts`,
 * the state changes in `appointments.changes.ts`, the timed work in `appointments.jobs.ts`, who hears of a change in
 * `appointments.announcements.ts`, the reads in `appointments.reads.ts`, what other modules are given in
 * `appointments.ports.ts`, `appointments.meetings.ts` and `doctors-patients.ts`. This file wires them.
 */
export function createAppointmentsService(deps: AppointmentsDeps) {
  const { db } = deps;
  const announce = createAnnouncements(deps);
  const timed = createTimedWork(deps);
  const changes = createAppointmentChanges({ ...deps, timed });
  const view = (id: string, tx = db) => viewOf(tx, id);
  const { port: meetingPort, changed } = createMeetingPort(deps);
  const ctx: AppointmentsContext = { ...deps, announce, timed, changes, changed };

  const payments = createPaymentPort({ ...deps, announce, timed, view });
  cancelOnAccountRemoval({ ...deps, announce, timed, view, changes });
  registerAppointmentJobs({ ...deps, announce, view, changed, ...changes });

  return {
    ...meetingPort,
    ...createAppointmentReads(deps),
    /** The payments module's side of an appointment (it is built after this one). */
    payments,

    create: (actor: Actor, body: CreateAppointmentBody) => bookAppointment(ctx, actor, body),
    bookFromLanding: (body: CreateAppointmentFromLandingBody, clientAddress: string) => bookFromLanding(ctx, body, clientAddress),

    /** `PUT /v1/appointments/:id`: cancel, complete with a note, move, or edit the reason and phone. */
    async modify(actor: Actor, id: string, body: UpdateAppointmentBody) {
      if (!idSchema.safeParse(id).success) throw new AppError('VALIDATION_FAILED', MODIFY_REQUIRES_ID);
      assertModifyRequest(body);
      if (body.appointment_status === 'canceled') return cancelAppointment(ctx, actor, id);
      if (body.appointment_status === 'completed') return completeAppointment(ctx, actor, id, body);
      return moveAppointment(ctx, actor, id, body);
    },

    /** `POST /v1/appointments/join-meeting/:id`: the patient or the doctor, from 10 minutes before the start to the end. */
    joinMeeting: (actor: Actor, id: string) => joinMeeting(ctx, actor, id),
  };
}

export type AppointmentsService = ReturnType<typeof createAppointmentsService>;
