import { z } from 'zod';
import { idSchema, multiLineTextSchema, oneLineTextSchema } from './common.ts';

/**
 * The video room `/meet/{roomId}` (docs/decisions.md "Meetings"). Signalling runs over the signed-in Socket.IO
 * connection with the events of {@link meetingEvents}; the server checks every message against these schemas and
 * relays it only to the other participant of the appointment.
 */
export const meetingEvents = {
  /** client → server, with an acknowledgement ({@link MeetingJoinAck}). */
  join: 'meeting-join',
  /** client → server: leaving the room on purpose (the other side sees "left", not "reconnecting"). */
  leave: 'meeting-leave',
  /** both ways: an SDP description or an ICE candidate; the server adds `from`. */
  signal: 'meeting-signal',
  /** client → server: the sender's connection state; relayed as {@link meetingEvents.peer}. */
  state: 'meeting-state',
  /** server → client: what the other participant is doing ({@link MeetingPeerEvent}). */
  peer: 'meeting-peer',
  /** server → client: the consultation was completed or cancelled; the room closes. */
  ended: 'meeting-ended',
  /**
   * server → a connection taken out of the room because the consultation changed ({@link MeetingClosedEvent}): moved
   * to another doctor or time, cancelled or completed.
   */
  closed: 'meeting-closed',
  /** server → the doctor's connections: a patient is waiting in one of its rooms ({@link WaitingPatient}). */
  waiting: 'meeting-waiting',
} as const;

export const meetingRoles = ['patient', 'doctor'] as const;
export type MeetingRole = (typeof meetingRoles)[number];

/** What the patient's device check found, shown to the doctor while the patient waits. */
export const deviceCheckSchema = z.strictObject({
  camera: z.enum(['ok', 'denied', 'missing', 'off']),
  microphone: z.enum(['ok', 'denied', 'missing', 'silent']),
  speaker: z.enum(['ok', 'untested']),
  network: z.enum(['ok', 'stun-only', 'turn-only', 'blocked', 'untested']),
  /** How the person chose to join. */
  mode: z.enum(['video', 'camera-off', 'audio-only']),
  browser: oneLineTextSchema(80),
});
export type DeviceCheck = z.infer<typeof deviceCheckSchema>;

export const meetingJoinSchema = z.strictObject({ roomId: idSchema, deviceCheck: deviceCheckSchema.optional() });
export type MeetingJoin = z.infer<typeof meetingJoinSchema>;

export const doctorPresences = ['in-room', 'in-other-consultation', 'not-yet'] as const;
export type DoctorPresence = (typeof doctorPresences)[number];

type MeetingRefusal = 'NOT_FOUND' | 'MEETING_NOT_OPEN' | 'APPOINTMENT_CLOSED';

export type MeetingJoinAck =
  | {
      ok: true;
      role: MeetingRole;
      appointmentId: string;
      /** The other participant has a connection in the room now. */
      peerPresent: boolean;
      doctorPresence: DoctorPresence;
    }
  | { ok: false; code: MeetingRefusal | 'VALIDATION_FAILED' | 'TOO_MANY_REQUESTS' };

const sdpSchema = z.strictObject({ type: z.enum(['offer', 'answer', 'pranswer', 'rollback']), sdp: z.string().max(60_000).optional() });
const candidateSchema = z.strictObject({
  candidate: z.string().max(2_000),
  sdpMid: z.string().max(64).nullable().optional(),
  sdpMLineIndex: z.number().int().min(0).max(64).nullable().optional(),
  usernameFragment: z.string().max(256).nullable().optional(),
});

/** One signalling message: a description or a candidate (a null candidate ends the candidates). */
export const meetingSignalSchema = z.union([
  z.strictObject({ roomId: idSchema, description: sdpSchema }),
  z.strictObject({ roomId: idSchema, candidate: candidateSchema.nullable() }),
]);
export type MeetingSignal = z.infer<typeof meetingSignalSchema>;
export type RelayedSignal = Omit<MeetingSignal, 'roomId'> & { from: MeetingRole };

export const meetingConnectionStates = ['connecting', 'connected', 'reconnecting', 'audio-only', 'video'] as const;
export const meetingStateSchema = z.strictObject({ roomId: idSchema, state: z.enum(meetingConnectionStates) });
export type MeetingState = z.infer<typeof meetingStateSchema>;

export const meetingLeaveSchema = z.strictObject({ roomId: idSchema });

/** `joined` (again after a reload: start over), a connection state, `disconnected` (may come back) or `left`. */
export interface MeetingPeerEvent {
  role: MeetingRole;
  state: 'joined' | 'left' | 'disconnected' | (typeof meetingConnectionStates)[number];
}

export interface MeetingEndedEvent {
  roomId: string;
  status: 'completed' | 'canceled';
}

/**
 * Why a connection was taken out of the room, as a join would now be refused: the consultation is no longer the
 * person's (`NOT_FOUND`), it was completed or cancelled (`APPOINTMENT_CLOSED`), or its room is not open now
 * (`MEETING_NOT_OPEN`, e.g. moved to a later time).
 */
export interface MeetingClosedEvent {
  roomId: string;
  code: MeetingRefusal;
}

export const waitingPatientSchema = z.object({
  appointmentId: z.string(),
  roomId: z.string(),
  patientName: z.string(),
  since: z.string(),
  deviceCheck: deviceCheckSchema.nullable(),
});
export type WaitingPatient = z.infer<typeof waitingPatientSchema>;
export const waitingListSchema = z.object({ waiting: z.array(waitingPatientSchema) });
export const waitingQuerySchema = z.strictObject({ doctorId: idSchema.optional() });

/** `RTCIceServer` as the browser takes it. */
export const iceServerSchema = z.object({
  urls: z.union([z.string(), z.array(z.string())]),
  username: z.string().optional(),
  credential: z.string().optional(),
});
export type IceServerConfig = z.infer<typeof iceServerSchema>;
export const iceServersSchema = z.object({ iceServers: z.array(iceServerSchema), expiresAt: z.string().nullable() });
export type IceServers = z.infer<typeof iceServersSchema>;

/** What the room sends with a problem report: free text and the call's technical state. */
export const meetingReportBodySchema = z.strictObject({
  message: multiLineTextSchema(2000).pipe(z.string().min(1)),
  details: z
    .strictObject({
      browser: oneLineTextSchema(200).optional(),
      connectionState: oneLineTextSchema(40).optional(),
      iceConnectionState: oneLineTextSchema(40).optional(),
      roundTripMs: z.number().min(0).max(600_000).nullable().optional(),
      lossPercent: z.number().min(0).max(100).nullable().optional(),
      outgoingKbps: z.number().min(0).max(1_000_000).nullable().optional(),
      incomingKbps: z.number().min(0).max(1_000_000).nullable().optional(),
      relayed: z.boolean().nullable().optional(),
      audioOnly: z.boolean().optional(),
    })
    .default({}),
});
export type MeetingReportBody = z.infer<typeof meetingReportBodySchema>;
export const meetingReportSchema = z.object({ id: z.string(), createdAt: z.string() });

export const callEventKinds = ['join', 'leave', 'reconnect', 'disconnect', 'end'] as const;
export type CallEventKind = (typeof callEventKinds)[number];
export const callRecordSchema = z.object({
  appointmentId: z.string(),
  events: z.array(z.object({ kind: z.enum(callEventKinds), role: z.enum(meetingRoles), at: z.string(), detail: z.string().nullable() })),
  /** When both were first in the room, and the end (completion, or the last leave). */
  startedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  durationSeconds: z.number().int().nullable(),
  reconnects: z.number().int(),
  endReason: z.enum(['completed', 'left', 'canceled']).nullable(),
});
export type CallRecord = z.infer<typeof callRecordSchema>;
