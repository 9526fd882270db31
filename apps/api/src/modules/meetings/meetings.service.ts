import {
  MEETING_REPORTS_PER_HOUR,
  SIGNAL_RATE_MAX,
  SIGNAL_RATE_WINDOW_MS,
  meetingEvents,
  type CallRecord,
  type DeviceCheck,
  type DoctorPresence,
  type IceServers,
  type MeetingClosedEvent,
  type MeetingJoinAck,
  type MeetingPeerEvent,
  type MeetingReportBody,
  type MeetingRole,
  type ServerEventName,
  type ServerEventPayload,
  type WaitingPatient,
} from '@rozmova/contracts';
import type { Db } from '../../db/client.ts';
import type { AccountRow } from '../../db/rows.ts';
import { AppError, forbidden, notFound } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Mailer } from '../../lib/mailer.ts';
import type { RealtimeBus } from '../../realtime/bus.ts';
import { meetingPersonRoom, meetingRoom, type MeetingPresence, type SocketMeeting } from '../../realtime/presence.ts';
import type { Consultation, MeetingPort } from '../appointments/appointments.meetings.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { RateLimitService } from '../rate-limit/rate-limit.service.ts';
import { summariseCall } from './call-record.ts';
import { iceServersFor, type TurnSettings } from './ice.ts';
import {
  CALL_EVENTS_PER_CONSULTATION,
  CONSULTATION_FRESH_MS,
  createBudget,
  ICE_REQUESTS_MAX,
  ICE_WINDOW_MS,
  MEETING_JOINS_MAX,
  SIGNAL_BYTES_MAX,
} from './meetings.limits.ts';
import { findLastCallEvent, insertCallEvent, insertSupportRequest, latestDeviceChecks, listCallEvents } from './meetings.repository.ts';
import { reportMail } from './meetings.texts.ts';

const HOUR = 3_600_000;

/** Signalling messages the gateway relayed or dropped, by reason, and call events not recorded (tests and operators read these). */
export interface SignallingCounters {
  relayed: number;
  dropped: { malformed: number; oversized: number; rate: number; volume: number; foreign: number; removed: number };
  unrecorded: number;
}

export interface MeetingsDeps {
  db: Db;
  clock: Clock;
  appointments: MeetingPort;
  audit: Pick<AuditService, 'record'>;
  rateLimit: Pick<RateLimitService, 'consume'>;
  mailer: Mailer;
  realtime: RealtimeBus;
  presence: MeetingPresence;
  contactEmail: string;
  ice: { servers: { urls: string | string[]; username?: string; credential?: string }[]; turn?: TurnSettings };
}

type Refusal = MeetingClosedEvent['code'];

const roleOf = (userId: string, c: Consultation): MeetingRole | undefined =>
  userId === c.patientUserId ? 'patient' : userId === c.doctorUserId ? 'doctor' : undefined;

const isClosed = (c: Consultation) => c.status === 'completed' || c.status === 'canceled';

/**
 * Whether a person may be in a consultation's room now: one rule for entering, for ICE servers and for every signal.
 * Only its patient and its doctor, only while it is open for them (the port's `openUntil`).
 */
function refusalOf(userId: string, c: Consultation | undefined, now: Date): Refusal | undefined {
  if (!c || !roleOf(userId, c)) return 'NOT_FOUND';
  if (isClosed(c)) return 'APPOINTMENT_CLOSED';
  return c.openUntil && c.openUntil > now ? undefined : 'MEETING_NOT_OPEN';
}

const refusedError = (code: Refusal) =>
  code === 'NOT_FOUND'
    ? notFound('Meeting')
    : code === 'APPOINTMENT_CLOSED'
      ? new AppError(code, 'The consultation was completed or cancelled')
      : new AppError(code, 'The room is open from 10 minutes before the start (once paid) until the end');

/**
 * The video room of a consultation: who may enter (its patient and its doctor; to anyone else it does not exist), ICE
 * servers with TURN credentials that end with the room, presence (who is in the room, who waits), the call record,
 * problem reports, and what signalling may send. Signalling itself is relayed by `meetings.socket.ts`; this module
 * takes people out of a room when its consultation changes.
 */
export function createMeetingsService(deps: MeetingsDeps) {
  const { db, clock, presence, realtime } = deps;
  const counters: SignallingCounters = {
    relayed: 0,
    dropped: { malformed: 0, oversized: 0, rate: 0, volume: 0, foreign: 0, removed: 0 },
    unrecorded: 0,
  };
  const budget = createBudget(() => clock.now().getTime(), SIGNAL_RATE_WINDOW_MS);
  const recent = new Map<string, { at: number; read: Promise<Consultation | undefined> }>();
  const fullRecords = new Set<string>();

  /** The consultation as read at most CONSULTATION_FRESH_MS ago on this instance (a change here forgets it at once). */
  function consultationNow(appointmentId: string): Promise<Consultation | undefined> {
    const at = clock.now().getTime();
    const fresh = (e: { at: number }) => at >= e.at && at - e.at < CONSULTATION_FRESH_MS;
    const hit = recent.get(appointmentId);
    if (hit && fresh(hit)) return hit.read;
    for (const [id, e] of recent) if (!fresh(e)) recent.delete(id);
    const read = deps.appointments.consultationById(appointmentId);
    recent.set(appointmentId, { at, read });
    read.catch(() => recent.delete(appointmentId));
    return read;
  }

  async function participant(actor: AccountRow, roomId: string) {
    const consultation = await deps.appointments.consultationByRoom(roomId);
    const role = consultation && roleOf(actor.user.id, consultation);
    if (!consultation || !role) throw notFound('Meeting');
    return { consultation, role };
  }

  /** The person's consultation of the room, read now, when its room is open for the person; else why not. */
  async function entry(actor: AccountRow, roomId: string): Promise<{ c: Consultation; role: MeetingRole } | { refused: Refusal }> {
    const c = await deps.appointments.consultationByRoom(roomId);
    const refused = refusalOf(actor.user.id, c, clock.now());
    return refused ? { refused } : { c: c!, role: roleOf(actor.user.id, c!)! };
  }

  async function doctorPresence(c: Consultation): Promise<DoctorPresence> {
    const meetings = await presence.meetingsOf(c.doctorUserId);
    if (meetings.includes(c.appointmentId)) return 'in-room';
    return meetings.length > 0 ? 'in-other-consultation' : 'not-yet';
  }

  /** Tells a doctor's screens that who waits in its rooms changed. */
  function waitingChanged(c: Consultation, waiting?: WaitingPatient, doctorUserId = c.doctorUserId) {
    realtime.toUser(doctorUserId, meetingEvents.waiting, waiting ?? { appointmentId: c.appointmentId, roomId: c.roomId });
  }

  /** To the other person's connections in the room, as the consultation is now. */
  function toOther<N extends ServerEventName>(c: Consultation, role: MeetingRole, event: N, payload: ServerEventPayload<N>) {
    const other = role === 'patient' ? c.doctorUserId : c.patientUserId;
    realtime.toRoom(meetingPersonRoom(c.appointmentId, other), event, payload);
  }

  async function record(c: Consultation, userId: string, role: MeetingRole, kind: 'join' | 'leave' | 'disconnect', details?: unknown) {
    // Rows are never removed: a consultation found full stays full, and its flood costs no more queries.
    if (fullRecords.has(c.appointmentId)) {
      counters.unrecorded += 1;
      return;
    }
    let recorded: typeof kind | 'reconnect' = kind;
    if (kind === 'join') {
      const last = await findLastCallEvent(db, c.appointmentId, userId);
      // Back after a dropped connection or a reload, without having left: the same call goes on.
      if (last && last.kind !== 'leave' && last.kind !== 'end') recorded = 'reconnect';
    }
    const row = { appointmentId: c.appointmentId, userId, role, kind: recorded, details, at: clock.now() };
    if (await insertCallEvent(db, row, CALL_EVENTS_PER_CONSULTATION)) return;
    fullRecords.add(c.appointmentId);
    counters.unrecorded += 1;
  }

  /**
   * Takes whoever no longer belongs out of the room (on every instance); while the consultation goes on, the others
   * hear that they left and the record says so.
   */
  async function closeOut(appointmentId: string, roomId: string, c: Consultation | undefined): Promise<void> {
    const now = clock.now();
    const out = await presence.closeOut(appointmentId, (userId) => {
      const code = refusalOf(userId, c, now);
      return code && { roomId, code };
    });
    if (!c || isClosed(c)) return;
    const people = new Map(out.flatMap((o) => (o.role ? [[o.userId, o.role] as const] : [])));
    for (const [userId, role] of people) {
      const event: MeetingPeerEvent = { role, state: 'left' };
      realtime.toRoom(meetingRoom(appointmentId), meetingEvents.peer, event);
      await record(c, userId, role, 'leave');
    }
  }

  // Moved, cancelled or completed: the room follows at once. A closed room's end goes into the record and both
  // screens are told; everyone who no longer belongs is taken out; the doctors' waiting lists change.
  deps.appointments.onConsultationChanged((c, previousDoctorUserId) => {
    recent.delete(c.appointmentId);
    if (isClosed(c)) {
      const status = c.status === 'completed' ? 'completed' : 'canceled';
      const end = { appointmentId: c.appointmentId, userId: c.doctorUserId, role: 'doctor' as const, kind: 'end' as const };
      void insertCallEvent(db, { ...end, details: { status }, at: clock.now() }).catch(() => undefined);
      for (const userId of [c.patientUserId, c.doctorUserId]) realtime.toUser(userId, meetingEvents.ended, { roomId: c.roomId, status });
    }
    void closeOut(c.appointmentId, c.roomId, c).catch(() => undefined);
    waitingChanged(c);
    if (previousDoctorUserId) waitingChanged(c, undefined, previousDoctorUserId);
  });

  return {
    counters,

    /**
     * `POST /v1/meetings/:roomId/ice-servers`: for the room's two people while it is open for them (404 to anyone else,
     * 409 outside the window), at most ICE_REQUESTS_MAX in ICE_WINDOW_MS per person; the credentials end with the room.
     */
    async iceServers(actor: AccountRow, roomId: string): Promise<IceServers> {
      const found = await entry(actor, roomId);
      if ('refused' in found) throw refusedError(found.refused);
      await deps.rateLimit.consume(`meeting-ice:${actor.user.id}`, { max: ICE_REQUESTS_MAX, windowMs: ICE_WINDOW_MS });
      return iceServersFor(deps.ice, actor.user.id, clock.now(), found.c.openUntil!);
    },

    /** One signalling message of a person in a room it is in; answers why it is over the person's budget, if it is. */
    takeSignal: (userId: string, appointmentId: string, size: number) =>
      budget.take(`signal:${userId}:${appointmentId}`, SIGNAL_RATE_MAX, size, SIGNAL_BYTES_MAX),

    /** One join of a person, over all its connections and rooms; false when over its budget. */
    takeJoin: (userId: string) => budget.take(`join:${userId}`, MEETING_JOINS_MAX) === undefined,

    /**
     * The consultation as it is now, for a message of a person in its room; undefined when the person no longer
     * belongs there, and then the consultation is read again and whoever no longer belongs is taken out.
     */
    async belonging(userId: string, meeting: SocketMeeting): Promise<Consultation | undefined> {
      const c = await consultationNow(meeting.appointmentId);
      if (!refusalOf(userId, c, clock.now()) && roleOf(userId, c!) === meeting.role) return c;
      recent.delete(meeting.appointmentId);
      const now = await consultationNow(meeting.appointmentId);
      await closeOut(meeting.appointmentId, meeting.roomId, now);
      return refusalOf(userId, now, clock.now()) ? undefined : now;
    },

    /** To the other person's connections in the room, as the consultation is now. */
    toOther,

    /**
     * A socket enters the room: the consultation must be the caller's and open for it. The join is recorded (a
     * reconnect when the person had not left), and the doctor is told when the patient now waits for it.
     */
    async join(
      actor: AccountRow,
      roomId: string,
      deviceCheck: DeviceCheck | undefined,
    ): Promise<(MeetingJoinAck & { ok: false }) | (MeetingJoinAck & { ok: true; consultation: Consultation })> {
      const found = await entry(actor, roomId);
      if ('refused' in found) return { ok: false, code: found.refused };
      const { c, role } = found;
      await record(c, actor.user.id, role, 'join', role === 'patient' ? (deviceCheck ?? null) : null);
      const members = await presence.membersOf(meetingRoom(c.appointmentId));
      const other: MeetingRole = role === 'patient' ? 'doctor' : 'patient';
      const peerPresent = members.some((m) => m.role === other);
      const doctorNow = role === 'doctor' ? 'in-room' : await doctorPresence(c);
      if (role === 'patient' && doctorNow !== 'in-room') {
        waitingChanged(c, {
          appointmentId: c.appointmentId,
          roomId: c.roomId,
          patientName: c.patientName,
          since: clock.now().toISOString(),
          deviceCheck: deviceCheck ?? null,
        });
      } else if (role === 'doctor') {
        waitingChanged(c);
      }
      return { ok: true, role, appointmentId: c.appointmentId, peerPresent, doctorPresence: doctorNow, consultation: c };
    },

    /** Someone left on purpose or its connection dropped: the other side hears it, and the doctor's waiting list may change. */
    async left(userId: string, meeting: SocketMeeting, how: 'leave' | 'disconnect'): Promise<void> {
      const c = await consultationNow(meeting.appointmentId);
      if (!c || roleOf(userId, c) !== meeting.role) return;
      const event: MeetingPeerEvent = { role: meeting.role, state: how === 'leave' ? 'left' : 'disconnected' };
      toOther(c, meeting.role, meetingEvents.peer, event);
      await record(c, userId, meeting.role, how);
      if (meeting.role === 'patient') waitingChanged(c);
    },

    /** `GET /v1/meetings/waiting`: patients now in the rooms of the doctor's consultations while the doctor is not. */
    async waiting(actor: AccountRow, doctorId: string | undefined): Promise<{ waiting: WaitingPatient[] }> {
      const id = actor.user.role === 'admin' ? (doctorId ?? actor.user.id) : actor.user.id;
      if (actor.user.role !== 'admin' && doctorId !== undefined && doctorId !== id) throw forbidden('A doctor sees only its own rooms');
      const consultations = await deps.appointments.pendingConsultationsOfDoctor(id);
      const waitingOnes: Consultation[] = [];
      for (const c of consultations) {
        const members = await presence.membersOf(meetingRoom(c.appointmentId));
        if (members.some((m) => m.role === 'patient') && !members.some((m) => m.role === 'doctor')) waitingOnes.push(c);
      }
      const checks = await latestDeviceChecks(
        db,
        waitingOnes.map((c) => c.appointmentId),
      );
      return {
        waiting: waitingOnes.map((c) => {
          const check = checks.get(c.appointmentId);
          return {
            appointmentId: c.appointmentId,
            roomId: c.roomId,
            patientName: c.patientName,
            since: (check?.at ?? clock.now()).toISOString(),
            deviceCheck: check?.check ?? null,
          };
        }),
      };
    },

    /** `GET /v1/appointments/:id/call-record`: the consultation's doctor and admins; audited (it tells of a patient). */
    async callRecord(actor: AccountRow, appointmentId: string): Promise<CallRecord> {
      const c = await deps.appointments.consultationById(appointmentId);
      const allowed = c && (actor.user.role === 'admin' || (actor.user.role === 'doctor' && actor.user.id === c.doctorUserId));
      if (!c || !allowed) throw notFound('Appointment');
      await deps.audit.record([
        { actorId: actor.user.id, action: 'read', resource: 'call_record', resourceId: c.appointmentId, patientId: c.patientId },
      ]);
      const rows = await listCallEvents(db, appointmentId);
      const events = rows.map((row) => ({ kind: row.kind, role: row.role, at: row.at, detail: detailOf(row.details) }));
      return summariseCall(appointmentId, events, c.status === 'canceled');
    },

    /**
     * `POST /v1/meetings/:roomId/report`: a problem during the call becomes a support request for the service's
     * operators with the call's technical details, and an e-mail to the service's mailbox. At most 5 an hour per person.
     */
    async report(actor: AccountRow, roomId: string, body: MeetingReportBody): Promise<{ id: string; createdAt: string }> {
      const { consultation: c, role } = await participant(actor, roomId);
      await deps.rateLimit.consume(`meeting-report:${actor.user.id}`, { max: MEETING_REPORTS_PER_HOUR, windowMs: HOUR });
      const row = await insertSupportRequest(db, {
        userId: actor.user.id,
        email: actor.user.email,
        appointmentId: c.appointmentId,
        message: body.message,
        details: { ...body.details, role, roomId },
      });
      await deps.mailer.send({
        to: deps.contactEmail,
        replyTo: actor.user.email,
        ...reportMail({ reporter: actor.user.userName, role, consultation: c, requestId: row.id, body }),
      });
      return { id: row.id, createdAt: row.createdAt.toISOString() };
    },
  };
}

/** A device check's mode, or an end's status, as one short word for the record. */
function detailOf(details: unknown): string | null {
  if (details && typeof details === 'object') {
    const value = (details as { mode?: unknown; status?: unknown }).mode ?? (details as { status?: unknown }).status;
    if (typeof value === 'string') return value;
  }
  return null;
}

export type MeetingsService = ReturnType<typeof createMeetingsService>;
