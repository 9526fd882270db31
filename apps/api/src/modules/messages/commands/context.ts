import type { Message, Role } from '@rozmova/contracts';
import type { Db } from '../../../db/client.ts';
import type { Clock } from '../../../lib/clock.ts';
import type { RealtimeBus } from '../../../realtime/bus.ts';
import type { AccountsService } from '../../accounts/accounts.service.ts';
import type { ChatFound, PatientsService } from '../../patients/patients.service.ts';
import type { RateLimitService } from '../../rate-limit/rate-limit.service.ts';
import { createConversationAccess, type DoctorOfPatient } from '../messages.access.ts';
import { createDelivery, type MessagesLog } from '../messages.delivery.ts';
import { namesOf, type MessageRow } from '../messages.repository.ts';

/** What this module needs from the audit log: one entry per page of a conversation a member of staff read. */
export interface AuditRecorder {
  record(entry: { actorId: string; action: 'list'; resource: 'message'; resourceId: string; patientId: string }): Promise<unknown>;
}

/** The per-user send limit (modules/rate-limit): counted in a new message's own statement (`counting`, `judge`). */
export type SendLimiter = Pick<RateLimitService, 'consume' | 'counting' | 'judge'>;

/** A support conversation after a message: its holder, and the announcement of its state (nothing when unchanged). */
export interface ConversationMoved {
  holder: string | null;
  announce(): Promise<void>;
}

/** The support conversation's state, kept by the support module (bound in app.ts). */
export interface SupportConversations {
  /**
   * A support message was stored: the conversation follows (a patient reopens, staff claim); answers its holder now
   * and how to tell the operators and the patient its new state. `found`: what `writeLock` found as a step of the
   * message's statement.
   */
  written(
    patientId: string,
    patientUserId: string,
    writer: { userId: string; userName: string; role: Role },
    found?: ChatFound,
  ): Promise<ConversationMoved>;
  writeLock: PatientsService['chat']['writeLock'];
  holderOf(patientId: string): Promise<string | null>;
}

/**
 * Called once per new message (never for a resend), after it is stored and announced, with the accounts it is for:
 * the patient, the doctor, the holder of a support conversation ([] while a support message waits for any operator).
 */
export type MessageCreatedHandler = (message: Message, recipientUserIds: string[]) => Promise<void> | void;

/** What the messages service is given by buildApp. */
export interface MessagesDeps {
  db: Db;
  clock: Clock;
  realtime: RealtimeBus;
  audit: AuditRecorder;
  rateLimit: SendLimiter;
  isDoctorOfPatient: DoctorOfPatient;
  accounts: Pick<AccountsService, 'onAccountRemoved'>;
  support: SupportConversations;
  log: MessagesLog;
}

/** What every use case of messages is given: the module's dependencies and its shared pieces. */
export function createMessagesContext(deps: MessagesDeps) {
  return {
    ...deps,
    /** Who writes and reads which conversation. */
    access: createConversationAccess(deps),
    /** Delivered ticks and the announcement of a new message. */
    delivery: createDelivery(deps),
    /** The new-message work registered with `onMessageCreated`, run in this order. */
    createdHandlers: [] as MessageCreatedHandler[],
  };
}

export type MessagesContext = ReturnType<typeof createMessagesContext>;

export function toMessage(row: MessageRow, names: { senderName: string | null; documentName: string | null }): Message {
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
    message_documentName: names.documentName,
    message_senderName: names.senderName,
    client_message_id: row.clientMessageId,
    message_seq: row.seq,
    created_at: row.createdAt.toISOString(),
  };
}

/** The rows as the API answers them, with the writers' and documents' names. */
export async function present(db: Db, rows: MessageRow[]): Promise<Message[]> {
  const { senders, documents } = await namesOf(db, rows);
  return rows.map((row) =>
    toMessage(row, {
      senderName: senders.get(row.senderUserId) ?? null,
      documentName: (row.documentId && documents.get(row.documentId)) || null,
    }),
  );
}
