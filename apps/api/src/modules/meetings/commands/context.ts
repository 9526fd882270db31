import {
  SIGNAL_RATE_WINDOW_MS,
  meetingEvents,
  type MeetingPeerEvent,
  type MeetingRole,
  type ServerEventName,
  type ServerEventPayload,
  type WaitingPatient,
} from '@rozmova/contracts';
import type { Db } from '../../../db/client.ts';
import type { AccountRow } from '../../../db/rows.ts';
import type { Clock } from '../../../lib/clock.ts';
import type { Mailer } from '../../../lib/mailer.ts';
import type { RealtimeBus } from '../../../realtime/bus.ts';
import { meetingPersonRoom, meetingRoom, type MeetingPresence } from '../../../realtime/presence.ts';
import type { Consultation, MeetingPort } from '../../appointments/appointments.meetings.ts';
import type { AuditService } from '../../audit/audit.service.ts';
import type { RateLimitService } from '../../rate-limit/rate-limit.service.ts';
import type { CallReports } from '../../support-desk/call-reports.ts';
import type { TurnSettings } from '../ice.ts';
import { CALL_EVENTS_PER_CONSULTATION, CONSULTATION_FRESH_MS, createBudget } from '../meetings.limits.ts';
import { findLastCallEvent, insertCallEvent } from '../meetings.repository.ts';
import { isClosed, refusalOf, roleOf, type Refusal } from '../meetings.rules.ts';

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
  /** The support desk's requests, where a problem reported from the call goes. */
  callReports: CallReports;
  mailer: Mailer;
  realtime: RealtimeBus;
  presence: MeetingPresence;
  contactEmail: string;
  ice: { servers: { urls: string | string[]; username?: string; credential?: string }[]; turn?: TurnSettings };
}

/** The consultation as read at most CONSULTATION_FRESH_MS ago on this instance (a change here forgets it at once). */
function createConsultationCache({ clock, appointments }: Pick<MeetingsDeps, 'clock' | 'appointments'>) {
  const recent = new Map<string, { at: number; read: Promise<Consultation | undefined> }>();
  return {
    read(appointmentId: string): Promise<Consultation | undefined> {
      const at = clock.now().getTime();
      const fresh = (e: { at: number }) => at >= e.at && at - e.at < CONSULTATION_FRESH_MS;
      const hit = recent.get(appointmentId);
      if (hit && fresh(hit)) return hit.read;
      for (const [id, e] of recent) if (!fresh(e)) recent.delete(id);
      const read = appointments.consultationById(appointmentId);
      recent.set(appointmentId, { at, read });
      read.catch(() => recent.delete(appointmentId));
      return read;
    },
    forget(appointmentId: string): void {
      recent.delete(appointmentId);
    },
  };
}

/** Writes a join (a reconnect when the person had not left), a leave or a dropped connection into the call record. */
function createCallRecorder({ db, clock }: Pick<MeetingsDeps, 'db' | 'clock'>, counters: SignallingCounters) {
  const fullRecords = new Set<string>();
  return async function record(
    c: Consultation,
    userId: string,
    role: MeetingRole,
    kind: 'join' | 'leave' | 'disconnect',
    details?: unknown,
  ) {
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
  };
}

/** What every use case of meetings is given: the module's dependencies and its state on this instance. */
export function createMeetingsContext(deps: MeetingsDeps) {
  const { clock, realtime } = deps;
  const counters: SignallingCounters = {
    relayed: 0,
    dropped: { malformed: 0, oversized: 0, rate: 0, volume: 0, foreign: 0, removed: 0 },
    unrecorded: 0,
  };
  return {
    ...deps,
    counters,
    budget: createBudget(() => clock.now().getTime(), SIGNAL_RATE_WINDOW_MS),
    consultations: createConsultationCache(deps),
    record: createCallRecorder(deps, counters),

    /** Tells a doctor's screens that who waits in its rooms changed. */
    waitingChanged(c: Consultation, waiting?: WaitingPatient, doctorUserId = c.doctorUserId): void {
      realtime.toUser(doctorUserId, meetingEvents.waiting, waiting ?? { appointmentId: c.appointmentId, roomId: c.roomId });
    },

    /** To the other person's connections in the room, as the consultation is now. */
    toOther<N extends ServerEventName>(c: Consultation, role: MeetingRole, event: N, payload: ServerEventPayload<N>): void {
      const other = role === 'patient' ? c.doctorUserId : c.patientUserId;
      realtime.toRoom(meetingPersonRoom(c.appointmentId, other), event, payload);
    },
  };
}

export type MeetingsContext = ReturnType<typeof createMeetingsContext>;

/** The person's consultation of the room, read now, when its room is open for the person; else why not. */
export async function entry(
  ctx: Pick<MeetingsContext, 'appointments' | 'clock'>,
  actor: AccountRow,
  roomId: string,
): Promise<{ c: Consultation; role: MeetingRole } | { refused: Refusal }> {
  const c = await ctx.appointments.consultationByRoom(roomId);
  const refused = refusalOf(actor.user.id, c, ctx.clock.now());
  return refused ? { refused } : { c: c!, role: roleOf(actor.user.id, c!)! };
}

/**
 * Takes whoever no longer belongs out of the room (on every instance); while the consultation goes on, the others
 * hear that they left and the record says so.
 */
export async function closeOut(ctx: MeetingsContext, appointmentId: string, roomId: string, c: Consultation | undefined): Promise<void> {
  const now = ctx.clock.now();
  const out = await ctx.presence.closeOut(appointmentId, (userId) => {
    const code = refusalOf(userId, c, now);
    return code && { roomId, code };
  });
  if (!c || isClosed(c)) return;
  const people = new Map(out.flatMap((o) => (o.role ? [[o.userId, o.role] as const] : [])));
  for (const [userId, role] of people) {
    const event: MeetingPeerEvent = { role, state: 'left' };
    ctx.realtime.toRoom(meetingRoom(appointmentId), meetingEvents.peer, event);
    await ctx.record(c, userId, role, 'leave');
  }
}
