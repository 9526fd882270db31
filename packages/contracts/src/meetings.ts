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
  /**
   * server → the doctor's connections: who waits in one of its rooms changed ({@link MeetingWaitingEvent}); with the
   * patient ({@link WaitingPatient}) when one waits now.
   */
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

const meetingRefusals = ['NOT_FOUND', 'MEETING_NOT_OPEN', 'APPOINTMENT_CLOSED'] as const;

/** The server's answer to `meeting-join`. */
export const meetingJoinAckSchema = z.discriminatedUnion('ok', [
  z.object({
    ok: z.literal(true),
    role: z.enum(meetingRoles),
    appointmentId: z.string(),
    /** The other participant has a connection in the room now. */
    peerPresent: z.boolean(),
    doctorPresence: z.enum(doctorPresences),
  }),
  z.object({ ok: z.literal(false), code: z.enum([...meetingRefusals, 'VALIDATION_FAILED', 'TOO_MANY_REQUESTS']) }),
]);
export type MeetingJoinAck = z.infer<typeof meetingJoinAckSchema>;

const sdpSchema = z.strictObject({ type: z.enum(['offer', 'answer', 'pranswer', 'rollback']), sdp: z.string().max(60_000).optional() });
const candidateSchema = z.strictObject({
  candidate: z.string().max(2_000),
  sdpMid: z.string().max(64).nullable().optional(),
  sdpMLineIndex: z.number().int().min(0).max(64).nullable().optional(),
  usernameFragment: z.string().max(256).nullable().optional(),
});

/** What one side's peer connection hands the other's: a description, or a candidate (a null candidate ends them). */
export type SignalContent = { description: z.infer<typeof sdpSchema> } | { candidate: z.infer<typeof candidateSchema> | null };
const descriptionShape = { description: sdpSchema };
const candidateShape = { candidate: candidateSchema.nullable() };

/** One signalling message, from a participant in the room. */
export const meetingSignalSchema = z.union([
  z.strictObject({ roomId: idSchema, ...descriptionShape }),
  z.strictObject({ roomId: idSchema, ...candidateShape }),
]);
export type MeetingSignal = z.infer<typeof meetingSignalSchema>;
/** A signal as the other participant receives it: without the room, with the sender's role. */
export const relayedSignalSchema = z.union([
  z.object({ from: z.enum(meetingRoles), ...descriptionShape }),
  z.object({ from: z.enum(meetingRoles), ...candidateShape }),
]);
export type RelayedSignal = z.infer<typeof relayedSignalSchema>;

export const meetingConnectionStates = ['connecting', 'connected', 'reconnecting', 'audio-only', 'video'] as const;
export const meetingStateSchema = z.strictObject({ roomId: idSchema, state: z.enum(meetingConnectionStates) });
export type MeetingState = z.infer<typeof meetingStateSchema>;

export const meetingLeaveSchema = z.strictObject({ roomId: idSchema });

/** `joined` (again after a reload: start over), a connection state, `disconnected` (may come back) or `left`. */
export const meetingPeerEventSchema = z.object({
  role: z.enum(meetingRoles),
  state: z.enum(['joined', 'left', 'disconnected', ...meetingConnectionStates]),
});
export type MeetingPeerEvent = z.infer<typeof meetingPeerEventSchema>;

export const meetingEndedEventSchema = z.object({ roomId: z.string(), status: z.enum(['completed', 'canceled']) });
export type MeetingEndedEvent = z.infer<typeof meetingEndedEventSchema>;

/**
 * Why a connection was taken out of the room, as a join would now be refused: the consultation is no longer the
 * person's (`NOT_FOUND`), it was completed or cancelled (`APPOINTMENT_CLOSED`), or its room is not open now
 * (`MEETING_NOT_OPEN`, e.g. moved to a later time).
 */
export const meetingClosedEventSchema = z.object({ roomId: z.string(), code: z.enum(meetingRefusals) });
export type MeetingClosedEvent = z.infer<typeof meetingClosedEventSchema>;

export const waitingPatientSchema = z.object({
  appointmentId: z.string(),
  roomId: z.string(),
  patientName: z.string(),
  since: z.string(),
  deviceCheck: deviceCheckSchema.nullable(),
});
export type WaitingPatient = z.infer<typeof waitingPatientSchema>;
/** `meeting-waiting`: a patient waits now, or only which room's waiting changed (the doctor came, the patient went). */
export const meetingWaitingEventSchema = z.union([waitingPatientSchema, z.object({ appointmentId: z.string(), roomId: z.string() })]);
export type MeetingWaitingEvent = z.infer<typeof meetingWaitingEventSchema>;
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

/** The longest problem report's text. */
export const MEETING_REPORT_MESSAGE_MAX = 2000;

/** What the room sends with a problem report: free text and the call's technical state. */
export const meetingReportBodySchema = z.strictObject({
  message: multiLineTextSchema(MEETING_REPORT_MESSAGE_MAX).pipe(z.string().min(1)),
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
