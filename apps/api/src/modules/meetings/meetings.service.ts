import {
  MEETING_REPORTS_PER_HOUR,
  meetingEvents,
  type CallRecord,
  type DeviceCheck,
  type DoctorPresence,
  type IceServers,
  type MeetingJoinAck,
  type MeetingReportBody,
  type MeetingRole,
  type WaitingPatient,
} from '@rozmova/contracts';
import type { Db } from '../../db/client.ts';
import type { AccountRow } from '../../db/rows.ts';
import { forbidden, notFound } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Mailer } from '../../lib/mailer.ts';
import type { RealtimeBus } from '../../realtime/bus.ts';
import type { MeetingPresence } from '../../realtime/presence.ts';
import type { Consultation, MeetingPort } from '../appointments/appointments.meetings.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { RateLimitService } from '../rate-limit/rate-limit.service.ts';
import { summariseCall } from './call-record.ts';
import { iceServersFor, type TurnSettings } from './ice.ts';
import { findLastCallEvent, insertCallEvent, insertSupportRequest, latestDeviceChecks, listCallEvents } from './meetings.repository.ts';
import { reportMail } from './meetings.texts.ts';

const HOUR = 3_600_000;

/** The Socket.IO room of a consultation's call: only its patient's and doctor's connections are ever in it. */
export const meetingRoom = (appointmentId: string) => `meeting:${appointmentId}`;

/** Signalling messages the gateway relayed or dropped, by reason (tests and operators read these). */
export interface SignallingCounters {
  relayed: number;
  dropped: { malformed: number; oversized: number; rate: number; foreign: number };
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

const roleIn = (actor: AccountRow, c: Consultation): MeetingRole | undefined =>
  actor.patientId !== null && actor.patientId === c.patientId
    ? 'patient'
    : actor.user.role === 'doctor' && actor.user.id === c.doctorUserId
      ? 'doctor'
      : undefined;

/**
 * The video room of a consultation: who may enter (its patient and its doctor; to anyone else it does not exist), ICE
 * servers with short-lived TURN credentials, presence (who is in the room, who waits), the call record and problem
 * reports. Signalling itself is relayed by `meetings.socket.ts`.
 */
export function createMeetingsService(deps: MeetingsDeps) {
  const { db, clock, presence, realtime } = deps;
  const counters: SignallingCounters = { relayed: 0, dropped: { malformed: 0, oversized: 0, rate: 0, foreign: 0 } };

  async function participant(actor: AccountRow, roomId: string) {
    const found = await deps.appointments.consultationByRoom(roomId);
    const role = found && roleIn(actor, found.consultation);
    if (!found || !role) throw notFound('Meeting');
    return { ...found, role };
  }

  async function doctorPresence(c: Consultation): Promise<DoctorPresence> {
    const meetings = await presence.meetingsOf(c.doctorUserId);
    if (meetings.includes(c.appointmentId)) return 'in-room';
    return meetings.length > 0 ? 'in-other-consultation' : 'not-yet';
  }

  /** Tells the doctor's screens that who waits in its rooms changed. */
  function waitingChanged(c: Consultation, waiting?: WaitingPatient) {
    realtime.toUser(c.doctorUserId, meetingEvents.waiting, waiting ?? { appointmentId: c.appointmentId, roomId: c.roomId });
  }

  async function record(c: Consultation, userId: string, role: MeetingRole, kind: 'join' | 'leave' | 'disconnect', details?: unknown) {
    let recorded: typeof kind | 'reconnect' = kind;
    if (kind === 'join') {
      const last = await findLastCallEvent(db, c.appointmentId, userId);
      // Back after a dropped connection or a reload, without having left: the same call goes on.
      if (last && last.kind !== 'leave' && last.kind !== 'end') recorded = 'reconnect';
    }
    await insertCallEvent(db, { appointmentId: c.appointmentId, userId, role, kind: recorded, details, at: clock.now() });
  }

  // The room closes with the consultation: the end goes into the record and both screens are told.
  deps.appointments.onConsultationClosed((c) => {
    const status = c.status === 'completed' ? 'completed' : 'canceled';
    void insertCallEvent(db, {
      appointmentId: c.appointmentId,
      userId: c.doctorUserId,
      role: 'doctor',
      kind: 'end',
      details: { status },
      at: clock.now(),
    }).catch(() => undefined);
    for (const userId of [c.patientUserId, c.doctorUserId]) realtime.toUser(userId, meetingEvents.ended, { roomId: c.roomId, status });
    presence.clear(meetingRoom(c.appointmentId));
  });

  return {
    counters,

    /** `POST /v1/meetings/:roomId/ice-servers`: per join, for the room's two people only. */
    async iceServers(actor: AccountRow, roomId: string): Promise<IceServers> {
      await participant(actor, roomId);
      return iceServersFor(deps.ice, actor.user.id, clock.now());
    },

    /**
     * A socket enters the room: the consultation must be the caller's and open (running, or from 10 minutes before the
     * start). The join is recorded (a reconnect when the person had not left), the other side is told, and the doctor
     * is told when the patient now waits for it.
     */
    async join(
      actor: AccountRow,
      roomId: string,
      deviceCheck: DeviceCheck | undefined,
    ): Promise<MeetingJoinAck & { consultation?: Consultation }> {
      const found = await deps.appointments.consultationByRoom(roomId);
      const role = found && roleIn(actor, found.consultation);
      if (!found || !role) return { ok: false, code: 'NOT_FOUND' };
      const c = found.consultation;
      if (c.status === 'completed' || c.status === 'canceled') return { ok: false, code: 'APPOINTMENT_CLOSED' };
      if (!found.open) return { ok: false, code: 'MEETING_NOT_OPEN' };
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

    /** Someone left on purpose or its connection dropped; the doctor's waiting list may change. */
    async left(actor: AccountRow, c: Consultation, role: MeetingRole, how: 'leave' | 'disconnect'): Promise<void> {
      await record(c, actor.user.id, role, how);
      if (role === 'patient') waitingChanged(c);
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
