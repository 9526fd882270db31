import {
  groupChannels,
  realtimeEvents,
  type CreateMessageBody,
  type ListMessagesQuery,
  type MarkMessagesReadBody,
  type Message,
  type MessageList,
  type MessageRecipientType,
  type MessagesReadEvent,
  type MessageSenderType,
} from '@rozmova/contracts';
import type { Db } from '../../db/client.ts';
import type { AccountRow } from '../../db/rows.ts';
import { AppError, forbidden, notFound } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { RealtimeBus } from '../../realtime/bus.ts';
import type { AccountsService } from '../accounts/accounts.service.ts';
import type { Limit } from '../rate-limit/rate-limit.service.ts';
import {
  blankTextsOfPatient,
  deleteMessage,
  findAppointmentRef,
  findMessageOfSender,
  findPatientRef,
  findPendingAppointmentRef,
  insertMessage,
  isInConversation,
  markConversationRead,
  selectMessagesPage,
  type AppointmentRef,
  type Conversation,
  type MessageRow,
  type NewMessage,
} from './messages.repository.ts';

/** Messages one user may send in a minute; more are 429 until the window passes. */
export const MESSAGES_PER_MINUTE = 30;

/** What this module needs from the audit log: one entry per page of a conversation a member of staff read. */
export interface AuditRecorder {
  record(entry: { actorId: string; action: 'list'; resource: 'message'; resourceId: string; patientId: string }): Promise<unknown>;
}

/** The per-user send limit (modules/rate-limit `consume`). */
export interface SendLimiter {
  consume(key: string, limit: Limit): Promise<unknown>;
}

/** Whether the patient is the doctor's own (a scheduled, running or completed consultation; appointments answers). */
export type DoctorOfPatient = (doctorId: string, patientId: string) => Promise<boolean>;

/** The caller: the signed-in account (user row, its patient id when it is a patient). */
type Actor = AccountRow;

export function toMessage(row: MessageRow): Message {
  return {
    id: row.id,
    message_patientId: row.patientId,
    message_operatorId: row.operatorId,
    message_doctorId: row.doctorId,
    message_appointmentId: row.appointmentId,
    message_recipientType: row.recipientType,
    message_senderType: row.senderType,
    message_status: row.status,
    message_text: row.text,
    message_documentId: row.documentId,
    message_documentName: null,
    message_senderName: null,
    client_message_id: row.clientMessageId,
    created_at: row.createdAt.toISOString(),
  };
}

/** Where a new message goes, and to whom its event goes besides the writer. */
interface Writing {
  conversation: Conversation;
  patientUserId: string;
  senderType: MessageSenderType;
  recipientType: MessageRecipientType;
  operatorId: string | null;
}

/** What names a conversation in a read or a mark-as-read; `where` is the request part the fields came in. */
interface ConversationQuery {
  patientId?: string;
  appointmentId?: string;
  recipientType?: MessageRecipientType;
  where: 'body' | 'querystring';
}

const invalid = (path: string, message: string, code: 'INVALID_VALUE' | 'INVALID_TYPE' = 'INVALID_VALUE') =>
  new AppError('VALIDATION_FAILED', 'Validation failed', [{ path, code, message }]);
const closed = () => new AppError('APPOINTMENT_CLOSED', 'The consultation is over; its conversation can be read, not written to');

function consultationOf(appointment: AppointmentRef): Conversation {
  return { kind: 'consultation', patientId: appointment.patientId, doctorId: appointment.doctorId, appointmentId: appointment.id };
}

/** Writing is allowed while the consultation is scheduled or running. */
function openConsultation(appointment: AppointmentRef): Conversation {
  if (appointment.status !== 'scheduled' && appointment.status !== 'running') throw closed();
  return consultationOf(appointment);
}

const MINUTE = 60_000;
/** Inserting again after a conflict whose first message vanished (refused by the limit) ends after this many tries. */
const STORE_TRIES = 3;

/**
 * Messages: a patient's conversation with the doctor of a consultation and its support conversation with the
 * operators. Rules of who writes and reads where; the rows are in messages.repository.ts.
 */
export function createMessagesService(deps: {
  db: Db;
  clock: Clock;
  realtime: RealtimeBus;
  audit: AuditRecorder;
  rateLimit: SendLimiter;
  isDoctorOfPatient: DoctorOfPatient;
  accounts: Pick<AccountsService, 'onAccountRemoved'>;
}) {
  const { db, clock, realtime } = deps;
  const sendLimit: Limit = { max: MESSAGES_PER_MINUTE, windowMs: MINUTE };

  // The texts of a removed patient's conversations are health data: blanked in the removal's transaction.
  deps.accounts.onAccountRemoved(async ({ patientId }, tx) => {
    if (patientId) await blankTextsOfPatient(tx, patientId);
  });

  function ownPatientId(actor: Actor): string {
    if (!actor.patientId) throw forbidden('Only patients have conversations of their own');
    return actor.patientId;
  }

  async function patientWrites(actor: Actor, body: CreateMessageBody): Promise<Writing> {
    const patientId = ownPatientId(actor);
    if (body.message_patientId && body.message_patientId !== patientId) throw forbidden('Patients write only in their own conversations');
    if (body.message_recipientType === 'patient') {
      throw invalid('body.message_recipientType', 'A patient writes to its doctor or to the operators');
    }
    const writing = {
      patientUserId: actor.user.id,
      senderType: 'patient',
      recipientType: body.message_recipientType,
      operatorId: null,
    } as const;
    if (body.message_recipientType === 'operator') {
      if (body.message_appointmentId) throw invalid('body.message_appointmentId', 'The support conversation belongs to no consultation');
      return { ...writing, conversation: { kind: 'support', patientId } };
    }
    if (body.message_appointmentId) {
      const appointment = await findAppointmentRef(db, body.message_appointmentId);
      if (!appointment || appointment.patientId !== patientId) throw notFound('Appointment');
      return { ...writing, conversation: openConsultation(appointment) };
    }
    const current = await findPendingAppointmentRef(db, patientId);
    if (!current) {
      throw new AppError('NO_CURRENT_APPOINTMENT', 'You have no scheduled or running consultation: write to the operators instead');
    }
    return { ...writing, conversation: openConsultation(current) };
  }

  async function doctorWrites(actor: Actor, patientId: string, appointmentId: string | undefined): Promise<Writing> {
    const doctorId = actor.user.id;
    let appointment: AppointmentRef | undefined;
    if (appointmentId) {
      appointment = await findAppointmentRef(db, appointmentId);
      if (!appointment || appointment.doctorId !== doctorId || appointment.patientId !== patientId) throw notFound('Appointment');
    } else {
      appointment = await findPendingAppointmentRef(db, patientId, doctorId);
      if (!appointment) throw (await deps.isDoctorOfPatient(doctorId, patientId)) ? closed() : notFound('Patient');
    }
    const conversation = openConsultation(appointment);
    const patient = await findPatientRef(db, patientId);
    if (!patient) throw notFound('Patient');
    return { conversation, patientUserId: patient.userId, senderType: 'doctor', recipientType: 'patient', operatorId: null };
  }

  async function writing(actor: Actor, body: CreateMessageBody): Promise<Writing> {
    const role = actor.user.role;
    if (role === 'patient') return patientWrites(actor, body);
    if (body.message_recipientType !== 'patient') throw invalid('body.message_recipientType', 'Staff write to a patient');
    const patientId = body.message_patientId;
    if (!patientId) throw invalid('body.message_patientId', 'Name the patient you write to', 'INVALID_TYPE');
    if (role === 'doctor') return doctorWrites(actor, patientId, body.message_appointmentId);
    if (role !== 'operator' && role !== 'admin') throw forbidden();
    if (body.message_appointmentId) throw invalid('body.message_appointmentId', 'The support conversation belongs to no consultation');
    const patient = await findPatientRef(db, patientId);
    if (!patient || patient.removed) throw notFound('Patient');
    return {
      conversation: { kind: 'support', patientId },
      patientUserId: patient.userId,
      senderType: 'operator',
      recipientType: 'patient',
      operatorId: actor.user.id,
    };
  }

  /** The new row, or the sender's first one with this client id (a resend, also one that arrived at the same time). */
  async function store(values: NewMessage): Promise<{ row: MessageRow; created: boolean }> {
    for (let tries = 0; tries < STORE_TRIES; tries++) {
      const row = await insertMessage(db, values);
      if (row) return { row, created: true };
      const first = await findMessageOfSender(db, values.senderUserId, values.clientMessageId);
      if (first) return { row: first, created: false };
    }
    throw new AppError('TOO_MANY_REQUESTS', 'Too many requests, try again later');
  }

  /** `chat-message-created` to the patient and the other side: the doctor, the operators (a patient's support message) or the writer. */
  function announce(message: Message, to: Writing, writerId: string): void {
    const event = realtimeEvents.chatMessageCreated;
    const c = to.conversation;
    realtime.toUser(to.patientUserId, event, message);
    if (c.kind === 'consultation') realtime.toUser(c.doctorId, event, message);
    else if (to.senderType === 'patient') realtime.toRoom(groupChannels.operators, event, message);
    else realtime.toUser(writerId, event, message);
  }

  /**
   * The conversation a caller names, when it may see it; another person's ids are 404. Without a consultation: a
   * patient's own support conversation (or, with `recipientType=doctor`, its current consultation, undefined without
   * one), a doctor's conversation with its own patient, the support conversation of any patient for operators and admins.
   */
  async function visibleConversation(actor: Actor, q: ConversationQuery): Promise<Conversation | undefined> {
    const role = actor.user.role;
    if (q.appointmentId) {
      if (q.recipientType === 'operator') throw invalid(`${q.where}.recipientType`, 'A consultation is a conversation with its doctor');
      const a = await findAppointmentRef(db, q.appointmentId);
      const sees =
        a !== undefined &&
        (role === 'admin' || (role === 'patient' ? a.patientId === actor.patientId : role === 'doctor' && a.doctorId === actor.user.id));
      if (!sees || (q.patientId && q.patientId !== a.patientId)) throw notFound('Appointment');
      return consultationOf(a);
    }
    if (role === 'patient') {
      const own = ownPatientId(actor);
      if (q.patientId && q.patientId !== own) throw notFound('Patient');
      if (q.recipientType === 'patient') throw invalid(`${q.where}.recipientType`, 'A patient reads its doctor or operator conversation');
      if (q.recipientType !== 'doctor') return { kind: 'support', patientId: own };
      const current = await findPendingAppointmentRef(db, own);
      return current && consultationOf(current);
    }
    const patientId = q.patientId;
    if (!patientId) throw invalid(`${q.where}.patientId`, 'Name the patient of the conversation', 'INVALID_TYPE');
    if (role === 'doctor') {
      if (q.recipientType === 'operator') throw forbidden('Doctors read the conversations of their own consultations');
      if (!(await deps.isDoctorOfPatient(actor.user.id, patientId))) throw notFound('Patient');
      return { kind: 'doctor', patientId, doctorId: actor.user.id };
    }
    if (role !== 'operator' && role !== 'admin') throw forbidden();
    if (q.recipientType === 'doctor') {
      if (role === 'operator') throw forbidden('Operators read the support conversation');
      throw invalid(`${q.where}.appointmentId`, 'Name the consultation (appointmentId) to read a doctor conversation', 'INVALID_TYPE');
    }
    if (!(await findPatientRef(db, patientId))) throw notFound('Patient');
    return { kind: 'support', patientId };
  }

  return {
    /**
     * `POST /v1/messages`. A resend with the same `client_message_id` answers the sender's first message (created:
     * false) and never stores a copy. The limit counts stored messages only: the row is written first (its unique
     * index decides between resends at once), then counted, and removed again when over the limit.
     */
    async send(actor: Actor, body: CreateMessageBody): Promise<{ message: Message; created: boolean }> {
      const earlier = await findMessageOfSender(db, actor.user.id, body.client_message_id);
      if (earlier) return { message: toMessage(earlier), created: false };
      const to = await writing(actor, body);
      const c = to.conversation;
      const { row, created } = await store({
        patientId: c.patientId,
        doctorId: c.kind === 'consultation' ? c.doctorId : null,
        appointmentId: c.kind === 'consultation' ? c.appointmentId : null,
        operatorId: to.operatorId,
        senderUserId: actor.user.id,
        senderType: to.senderType,
        recipientType: to.recipientType,
        text: body.message_text,
        clientMessageId: body.client_message_id,
      });
      if (!created) return { message: toMessage(row), created };
      try {
        await deps.rateLimit.consume(`messages:${actor.user.id}`, sendLimit);
      } catch (error) {
        await deleteMessage(db, row.id);
        throw error;
      }
      const message = toMessage(row);
      announce(message, to, actor.user.id);
      return { message, created };
    },

    /** `GET /v1/messages`: a page, newest first; `lastMessageId` must be a message of the same conversation (else 404). */
    async list(actor: Actor, query: ListMessagesQuery): Promise<MessageList> {
      const c = await visibleConversation(actor, { ...query, where: 'querystring' });
      if (query.lastMessageId && !(c && (await isInConversation(db, c, query.lastMessageId)))) throw notFound('Message');
      if (!c) return { messages: [] };
      const rows = await selectMessagesPage(db, c, query.limit, query.lastMessageId);
      if (actor.user.role !== 'patient' && rows.length > 0) {
        await deps.audit.record({
          actorId: actor.user.id,
          action: 'list',
          resource: 'message',
          resourceId: rows[0]!.id,
          patientId: c.patientId,
        });
      }
      return { messages: rows.map(toMessage) };
    },

    /**
     * `PATCH /v1/messages/mark-messages-as-read`: what the caller received in the conversation and had not read. A
     * patient marks what staff wrote (with `operatorId`, only that operator's); the doctor, operators and admins mark
     * what the patient wrote. `chat-message-read` goes to each writer with its messages.
     */
    async markRead(actor: Actor, body: MarkMessagesReadBody): Promise<{ updated: number }> {
      const c = await visibleConversation(actor, { ...body, where: 'body' });
      if (!c) return { updated: 0 };
      const role = actor.user.role;
      if (c.kind === 'consultation' && role === 'admin') throw forbidden('Only the doctor of the consultation marks its messages read');
      if (role !== 'patient' && body.operatorId && body.operatorId !== actor.user.id) throw forbidden('You mark only what you received');
      const writtenBy = role === 'patient' ? ({ side: 'staff', operatorId: body.operatorId } as const) : ({ side: 'patient' } as const);
      const marked = await markConversationRead(db, c, writtenBy, clock.now());
      const idsBySender = new Map<string, string[]>();
      for (const m of marked) {
        const ids = idsBySender.get(m.senderUserId) ?? [];
        ids.push(m.id);
        idsBySender.set(m.senderUserId, ids);
      }
      const appointmentId = c.kind === 'consultation' ? c.appointmentId : null;
      for (const [senderUserId, ids] of idsBySender) {
        const event: MessagesReadEvent = { patientId: c.patientId, appointmentId, ids };
        realtime.toUser(senderUserId, realtimeEvents.chatMessageRead, event);
      }
      return { updated: marked.length };
    },
  };
}

export type MessagesService = ReturnType<typeof createMessagesService>;
