import { idParamsSchema } from '../common.ts';
import { endpoint } from '../endpoint.ts';
import {
  callRecordSchema,
  iceServersSchema,
  meetingReportBodySchema,
  meetingReportSchema,
  waitingListSchema,
  waitingQuerySchema,
} from '../meetings.ts';
import { meetingPaths } from '../paths.ts';

/** The consultation's patient and doctor; a landing booking's consultation is held before its e-mail is proved too. */
const participants = { access: ['patient', 'doctor'], unclaimed: true } as const;

export const iceServers = endpoint({
  method: 'POST',
  path: meetingPaths.iceServers,
  ...participants,
  summary: 'STUN and TURN servers for one join of the room, with credentials that end with it',
  params: idParamsSchema,
  responses: { 200: iceServersSchema },
  errors: ['APPOINTMENT_CLOSED', 'MEETING_NOT_OPEN'],
});

export const report = endpoint({
  method: 'POST',
  path: meetingPaths.report,
  ...participants,
  summary: 'Report a problem from the call: a support request with its technical details',
  params: idParamsSchema,
  body: meetingReportBodySchema,
  responses: { 201: meetingReportSchema },
});

export const callRecord = endpoint({
  method: 'GET',
  path: meetingPaths.callRecord,
  access: ['doctor'],
  summary: "The consultation's call record: joins, leaves, reconnects, duration, end reason",
  params: idParamsSchema,
  responses: { 200: callRecordSchema },
});

export const waiting = endpoint({
  method: 'GET',
  path: meetingPaths.waiting,
  access: ['doctor'],
  summary: "Patients waiting in the rooms of the doctor's consultations, with their device check",
  query: waitingQuerySchema,
  responses: { 200: waitingListSchema },
});
