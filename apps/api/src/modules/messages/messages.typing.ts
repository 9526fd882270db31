import { groupChannels, realtimeEvents, userRoom, type Typing, type TypingEvent } from '@rozmova/contracts';
import type { Db } from '../../db/client.ts';
import type { RealtimeBus } from '../../realtime/bus.ts';
import type { Actor, DoctorOfPatient } from './messages.access.ts';
import { findAppointmentRef, findPatientRef, findPendingAppointmentRef } from './messages.repository.ts';

/** Where a `chat-typing` goes: the other side's room, and the consultation it is about. */
interface TypingTarget {
  room: string;
  patientId: string;
  appointmentId: string | null;
}

/**
 * `chat-typing` to the other side only, when the sender may write there: a patient in its own conversations (to the
 * holder of its support conversation, or every operator while none holds it; to the doctor of its consultation), a
 * doctor with its own patients, operators and admins in any patient's support conversation. Anything else is dropped.
 */
export function createTypingRelay(deps: {
  db: Db;
  realtime: RealtimeBus;
  isDoctorOfPatient: DoctorOfPatient;
  holderOf: (patientId: string) => Promise<string | null>;
}) {
  const { db } = deps;

  async function fromPatient(actor: Actor, typing: Typing): Promise<TypingTarget | undefined> {
    const own = actor.patientId;
    if (!own || (typing.patientId && typing.patientId !== own)) return undefined;
    if (typing.recipientType === 'operator') {
      if (typing.appointmentId) return undefined;
      const holder = await deps.holderOf(own);
      return { room: holder ? userRoom(holder) : groupChannels.operators, patientId: own, appointmentId: null };
    }
    if (typing.recipientType !== 'doctor') return undefined;
    const a = typing.appointmentId ? await findAppointmentRef(db, typing.appointmentId) : await findPendingAppointmentRef(db, own);
    if (!a || a.patientId !== own) return undefined;
    return { room: userRoom(a.doctorId), patientId: own, appointmentId: a.id };
  }

  async function fromStaff(actor: Actor, typing: Typing): Promise<TypingTarget | undefined> {
    const role = actor.user.role;
    const patientId = typing.patientId;
    if (typing.recipientType !== 'patient' || !patientId) return undefined;
    let appointmentId: string | null = null;
    if (role === 'doctor') {
      if (typing.appointmentId) {
        const a = await findAppointmentRef(db, typing.appointmentId);
        if (!a || a.doctorId !== actor.user.id || a.patientId !== patientId) return undefined;
        appointmentId = a.id;
      } else {
        if (!(await deps.isDoctorOfPatient(actor.user.id, patientId))) return undefined;
        appointmentId = (await findPendingAppointmentRef(db, patientId, actor.user.id))?.id ?? null;
      }
    } else if ((role !== 'operator' && role !== 'admin') || typing.appointmentId) {
      return undefined;
    }
    const patient = await findPatientRef(db, patientId);
    if (!patient || patient.removed) return undefined;
    return { room: userRoom(patient.userId), patientId, appointmentId };
  }

  /** Relays the indicator; false when it was dropped (not the sender's conversation). */
  return async function relayTyping(actor: Actor, typing: Typing): Promise<boolean> {
    const role = actor.user.role;
    const target = role === 'patient' ? await fromPatient(actor, typing) : await fromStaff(actor, typing);
    if (!target) return false;
    const event: TypingEvent = {
      patientId: target.patientId,
      appointmentId: target.appointmentId,
      senderType: role === 'patient' ? 'patient' : role === 'doctor' ? 'doctor' : 'operator',
      userId: actor.user.id,
      user_name: actor.user.userName,
    };
    deps.realtime.toRoom(target.room, realtimeEvents.chatTyping, event);
    return true;
  };
}
