import { z } from 'zod';
import {
  appointmentListSchema,
  appointmentSchema,
  createAppointmentBodySchema,
  createAppointmentFromLandingBodySchema,
  fromLandingResultSchema,
  listAppointmentsQuerySchema,
  updateAppointmentBodySchema,
} from '../appointments.ts';
import { idParamsSchema } from '../common.ts';
import { endpoint } from '../endpoint.ts';
import { appointmentPaths } from '../paths.ts';

/** Any text: the service answers a malformed id with the booking's own message instead of the generic validation one. */
const anyIdParamsSchema = z.object({ id: z.string().max(200) });
/** A landing booking's session reads, changes, pays and joins its own booking before its e-mail is proved. */
const ownBooking = { access: 'user', unclaimed: true } as const;
const bookingErrors = ['APPOINTMENT_SLOT_TAKEN', 'APPOINTMENT_SLOT_UNAVAILABLE'] as const;

export const book = endpoint({
  method: 'POST',
  path: appointmentPaths.appointments,
  access: ['patient', 'operator'],
  summary: 'Book a consultation (201), or answer the same booking again (200)',
  body: createAppointmentBodySchema,
  responses: { 200: appointmentSchema, 201: appointmentSchema },
  errors: bookingErrors,
});

export const bookFromLanding = endpoint({
  method: 'POST',
  path: appointmentPaths.fromLanding,
  access: 'public',
  authRateLimit: true,
  summary: 'Book from the landing page: a passwordless account and its session in one call',
  body: createAppointmentFromLandingBodySchema,
  responses: { 201: fromLandingResultSchema },
  errors: [...bookingErrors, 'EMAIL_TAKEN'],
});

export const list = endpoint({
  method: 'GET',
  path: appointmentPaths.appointments,
  access: ['doctor', 'operator'],
  query: listAppointmentsQuerySchema,
  responses: { 200: appointmentListSchema },
});

export const ofPatient = endpoint({
  method: 'GET',
  path: appointmentPaths.byPatient,
  ...ownBooking,
  params: anyIdParamsSchema,
  responses: { 200: appointmentListSchema },
});

export const byRoom = endpoint({
  method: 'GET',
  path: appointmentPaths.byRoomId,
  ...ownBooking,
  params: idParamsSchema,
  responses: { 200: appointmentSchema },
});

export const get = endpoint({
  method: 'GET',
  path: appointmentPaths.appointment,
  ...ownBooking,
  params: idParamsSchema,
  responses: { 200: appointmentSchema },
});

export const change = endpoint({
  method: 'PUT',
  path: appointmentPaths.appointment,
  ...ownBooking,
  summary: 'Cancel, complete with a note, or move to another time or doctor',
  params: anyIdParamsSchema,
  body: updateAppointmentBodySchema,
  responses: { 200: appointmentSchema },
  errors: [...bookingErrors, 'APPOINTMENT_CLOSED', 'APPOINTMENT_CHANGE_TOO_LATE'],
});

export const joinMeeting = endpoint({
  method: 'POST',
  path: appointmentPaths.joinMeeting,
  access: ['patient', 'doctor'],
  unclaimed: true,
  params: idParamsSchema,
  responses: { 200: appointmentSchema },
  errors: ['MEETING_NOT_OPEN', 'APPOINTMENT_CLOSED'],
});

export const calendar = endpoint({
  method: 'GET',
  path: appointmentPaths.calendar,
  ...ownBooking,
  summary: 'The consultation as a calendar entry (iCalendar)',
  params: idParamsSchema,
  responses: { 200: { file: 'text/calendar' } },
});
