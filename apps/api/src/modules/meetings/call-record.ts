import type { CallEventKind, CallRecord, MeetingRole } from '@rozmova/contracts';

export interface CallEventRow {
  kind: CallEventKind;
  role: MeetingRole;
  at: Date;
  detail: string | null;
}

/**
 * The call record read from a consultation's events: the call starts when both people are first in the room and ends
 * with the completion or when the last one leaves (a dropped connection that never came back counts as leaving).
 */
export function summariseCall(appointmentId: string, events: CallEventRow[], canceled: boolean): CallRecord {
  const present = new Set<MeetingRole>();
  let startedAt: Date | null = null;
  let endedAt: Date | null = null;
  let endReason: CallRecord['endReason'] = canceled ? 'canceled' : null;
  let reconnects = 0;
  for (const event of events) {
    if (event.kind === 'join' || event.kind === 'reconnect') {
      present.add(event.role);
      if (event.kind === 'reconnect') reconnects += 1;
      if (!startedAt && present.size === 2) startedAt = event.at;
      if (endReason === 'left') [endedAt, endReason] = [null, null];
    } else if (event.kind === 'end') {
      if (startedAt) endedAt = event.at;
      endReason = 'completed';
    } else {
      present.delete(event.role);
      if (startedAt && present.size === 0 && endReason !== 'completed') [endedAt, endReason] = [event.at, 'left'];
    }
  }
  return {
    appointmentId,
    events: events.map((e) => ({ kind: e.kind, role: e.role, at: e.at.toISOString(), detail: e.detail })),
    startedAt: startedAt?.toISOString() ?? null,
    endedAt: endedAt?.toISOString() ?? null,
    durationSeconds: startedAt && endedAt ? Math.round((endedAt.getTime() - startedAt.getTime()) / 1000) : null,
    reconnects,
    endReason,
  };
}
