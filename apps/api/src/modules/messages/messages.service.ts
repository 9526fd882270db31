import {
  groupChannels,
  realtimeEvents,
  type CreateMessageBody,
  type ListMessagesQuery,
  type MarkMessagesReadBody,
  type Message,
  type MessageList,
  type MessagesReadEvent,
  type Role,
} from '@rozmova/contracts';
import type { Db } from '../../db/client.ts';
import { AppError, forbidden, notFound } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { RealtimeBus } from '../../realtime/bus.ts';
import type { AccountsService } from '../accounts/accounts.service.ts';
import type { Limit } from '../rate-limit/rate-limit.service.ts';
import { createConversationAccess, invalid, type Actor, type DoctorOfPatient } from './messages.access.ts';
import { createDelivery, routeOf, type MessagesLog, type Route } from './messages.delivery.ts';
import {
  blankTextsOfPatient,
  deleteMessage,
  findDocumentRef,
  findMessageOfSender,
  insertMessage,
  isInConversation,
  markConversationRead,
  namesOf,
  selectMessagesPage,
  type Conversation,
  type MessageRow,
  type MessageValues,
} from './messages.repository.ts';
import { createTypingRelay } from './messages.typing.ts';

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

/** The support conversation's state, kept by the support module (bound in app.ts). */
export interface SupportConversations {
  /** A support message was stored: the conversation follows (a patient reopens, staff claim); answers its holder now. */
  written(patientId: string, patientUserId: string, writer: { userId: string; role: Role }): Promise<string | null>;
  holderOf(patientId: string): Promise<string | null>;
}

/**
 * Called once per new message (never for a resend), after it is stored and announced, with the accounts it is for:
 * the patient, the doctor, the holder of a support conversation ([] while a support message waits for any operator).
 */
export type MessageCreatedHandler = (message: Message, recipientUserIds: string[]) => Promise<void> | void;

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

const MINUTE = 60_000;
/** Inserting again after a conflict whose first message vanished (refused by the limit) ends after this many tries. */
const STORE_TRIES = 3;
const errorName = (error: unknown) => (error instanceof Error ? error.name : typeof error);

/**
 * Messages: a patient's conversation with the doctor of a consultation and its support conversation with the
 * operators. Who writes and reads where is in messages.access.ts, the ticks in messages.delivery.ts; the rows are in
 * messages.repository.ts.
 */
export function createMessagesService(deps: {
  db: Db;
  clock: Clock;
  realtime: RealtimeBus;
  audit: AuditRecorder;
  rateLimit: SendLimiter;
  isDoctorOfPatient: DoctorOfPatient;
  accounts: Pick<AccountsService, 'onAccountRemoved'>;
  support: SupportConversations;
  log: MessagesLog;
}) {
  const { db, clock, realtime, support, log } = deps;
  const sendLimit: Limit = { max: MESSAGES_PER_MINUTE, windowMs: MINUTE };
  const access = createConversationAccess(deps);
  const delivery = createDelivery(deps);
  const createdHandlers: MessageCreatedHandler[] = [];

  // The texts of a removed patient's conversations are health data: blanked in the removal's transaction.
  deps.accounts.onAccountRemoved(async ({ patientId }, tx) => {
    if (patientId) await blankTextsOfPatient(tx, patientId);
  });

  /** The rows as the API answers them, with the writers' and documents' names. */
  async function present(rows: MessageRow[]): Promise<Message[]> {
    const { senders, documents } = await namesOf(db, rows);
    return rows.map((row) =>
      toMessage(row, {
        senderName: senders.get(row.senderUserId) ?? null,
        documentName: (row.documentId && documents.get(row.documentId)) || null,
      }),
    );
  }

  /** The new row, or the sender's first one with this client id (a resend, also one that arrived at the same time). */
  async function store(values: MessageValues): Promise<{ row: MessageRow; created: boolean }> {
    for (let tries = 0; tries < STORE_TRIES; tries++) {
      const row = await insertMessage(db, values);
      if (row) return { row, created: true };
      const first = await findMessageOfSender(db, values.senderUserId, values.clientMessageId);
      if (first) return { row: first, created: false };
    }
    throw new AppError('TOO_MANY_REQUESTS', 'Too many requests, try again later');
  }

  /** Tells the recipients and runs the new-message work (away delivery); a failing handler does not stop the rest. */
  async function announce(message: Message, route: Route): Promise<void> {
    delivery.announce(message, route);
    for (const handler of createdHandlers) {
      try {
        await handler(message, route.recipientIds);
      } catch (error) {
        log.warn({ messageId: message.id, error: errorName(error) }, 'message-created handler failed');
      }
    }
  }

  /**
   * A resend answers the first message and, while nobody has received it, announces it again: the instance that
   * stored it may have stopped before telling anyone (clients merge by id). Resends announce at most as often as
   * sends are allowed; the conversation's state and the new-message work went with the first.
   */
  async function resent(actor: Actor, body: CreateMessageBody, row: MessageRow): Promise<Message> {
    const [message] = await present([row]);
    if (row.status !== 'Sent') return message!;
    const to = await access.writing(actor, body).catch(() => undefined);
    const c = to?.conversation;
    const same = c && c.patientId === row.patientId && (c.kind === 'consultation' ? c.appointmentId : null) === row.appointmentId;
    if (!to || !same) return message!;
    try {
      await deps.rateLimit.consume(`messages-resent:${actor.user.id}`, sendLimit);
    } catch {
      return message!;
    }
    const holder = c.kind === 'support' ? await support.holderOf(c.patientId) : null;
    delivery.announce(message!, routeOf(to, holder));
    return message!;
  }

  /** Where a new message goes, and the document it carries (one of the conversation's patient, else 404). */
  async function destinationOf(actor: Actor, body: CreateMessageBody) {
    const to = await access.writing(actor, body);
    const document = body.message_documentId ? await findDocumentRef(db, body.message_documentId) : undefined;
    if (body.message_documentId && document?.patientId !== to.conversation.patientId) throw notFound('Document');
    return { to, document };
  }

  /** A support message moves the conversation (support module); a failure there must not hide a stored message. */
  async function holderAfter(patientId: string, patientUserId: string, actor: Actor): Promise<string | null> {
    try {
      return await support.written(patientId, patientUserId, { userId: actor.user.id, role: actor.user.role });
    } catch (error) {
      log.warn({ patientId, error: errorName(error) }, 'support conversation state not updated');
      return null;
    }
  }

  /** The page's messages the caller received and its client had not acknowledged: this read delivers them. */
  async function receivedUndelivered(actor: Actor, c: Conversation, rows: MessageRow[]): Promise<string[]> {
    const role = actor.user.role;
    const sent = rows.filter((row) => row.status === 'Sent');
    if (sent.length === 0 || role === 'admin') return [];
    if (role === 'patient') return sent.filter((row) => row.senderType !== 'patient').map((row) => row.id);
    const fromPatient = sent.filter((row) => row.senderType === 'patient').map((row) => row.id);
    if (role === 'doctor' || fromPatient.length === 0) return fromPatient;
    // A support message is for its holder, or for any operator while none holds it.
    const holder = await support.holderOf(c.patientId);
    return holder === null || holder === actor.user.id ? fromPatient : [];
  }

  return {
    /** Registers work to do for every new message (away delivery). A failing handler is logged and the rest go on. */
    onMessageCreated(handler: MessageCreatedHandler): void {
      createdHandlers.push(handler);
    },

    /**
     * `POST /v1/messages`. A resend with the same `client_message_id` answers the sender's first message (created:
     * false) and never stores a copy, also where a first send would now be refused (a consultation closed since). The
     * limit counts stored messages only: the row is written first (its unique index decides between resends at once),
     * then counted, and removed again when over the limit.
     */
    async send(actor: Actor, body: CreateMessageBody): Promise<{ message: Message; created: boolean }> {
      let destination: Awaited<ReturnType<typeof destinationOf>>;
      try {
        destination = await destinationOf(actor, body);
      } catch (error) {
        const earlier = await findMessageOfSender(db, actor.user.id, body.client_message_id);
        if (earlier) return { message: await resent(actor, body, earlier), created: false };
        throw error;
      }
      const { to, document } = destination;
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
        documentId: body.message_documentId ?? null,
      });
      if (!created) return { message: await resent(actor, body, row), created };
      try {
        await deps.rateLimit.consume(`messages:${actor.user.id}`, sendLimit);
      } catch (error) {
        await deleteMessage(db, row.id);
        throw error;
      }
      const holder = c.kind === 'support' ? await holderAfter(c.patientId, to.patientUserId, actor) : null;
      const message = toMessage(row, { senderName: actor.user.userName, documentName: document?.fileName ?? null });
      await announce(message, routeOf(to, holder));
      return { message, created };
    },

    /**
     * `GET /v1/messages`: a page, newest first, older than `lastMessageId`; or with `afterSeq` the messages numbered
     * after it, oldest first (a support conversation or one consultation: the doctor's view across consultations has
     * no one numbering, 400). The anchor message must be in the same conversation (else 404). What the page brings the
     * caller for the first time is Delivered, and its writers are told.
     */
    async list(actor: Actor, query: ListMessagesQuery): Promise<MessageList> {
      const afterSeq = query.afterSeq;
      if (query.lastMessageId && afterSeq !== undefined) {
        throw invalid('querystring.afterSeq', 'Ask for older (lastMessageId) or newer (afterSeq) messages, not both');
      }
      const c = await access.visibleConversation(actor, { ...query, where: 'querystring' });
      if (query.lastMessageId && !(c && (await isInConversation(db, c, query.lastMessageId)))) throw notFound('Message');
      if (c?.kind === 'doctor' && afterSeq !== undefined) {
        throw invalid(
          'querystring.appointmentId',
          'Name the consultation (appointmentId) to ask for messages after a number',
          'INVALID_TYPE',
        );
      }
      if (!c) return { messages: [] };
      const anchor = query.lastMessageId ? { before: query.lastMessageId } : afterSeq !== undefined ? { afterSeq } : undefined;
      const rows = await selectMessagesPage(db, c, query.limit, anchor);
      if (actor.user.role !== 'patient' && rows.length > 0) {
        await deps.audit.record({
          actorId: actor.user.id,
          action: 'list',
          resource: 'message',
          resourceId: (afterSeq !== undefined ? rows.at(-1) : rows[0])!.id,
          patientId: c.patientId,
        });
      }
      const delivered = await delivery.markDelivered(await receivedUndelivered(actor, c, rows));
      const shown = rows.map((row) => (delivered.has(row.id) ? { ...row, status: 'Delivered' as const } : row));
      return { messages: await present(shown) };
    },

    /**
     * `PATCH /v1/messages/mark-messages-as-read`: what the caller received in the conversation and had not read. A
     * patient marks what staff wrote (with `operatorId`, only that operator's); the doctor, operators and admins mark
     * what the patient wrote. `chat-message-read` goes to each writer with its messages.
     */
    async markRead(actor: Actor, body: MarkMessagesReadBody): Promise<{ updated: number }> {
      const c = await access.visibleConversation(actor, { ...body, where: 'body' });
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
      // The other operators' inboxes count these unread until they hear it.
      if (c.kind === 'support' && role !== 'patient' && marked.length > 0) {
        const event: MessagesReadEvent = { patientId: c.patientId, appointmentId: null, ids: marked.map((m) => m.id) };
        realtime.toRoom(groupChannels.operators, realtimeEvents.chatMessageRead, event);
      }
      return { updated: marked.length };
    },

    /** `chat-typing` from a connection (validated and rate-limited by messages.socket.ts). */
    relayTyping: createTypingRelay({ ...deps, holderOf: (patientId) => support.holderOf(patientId) }),
  };
}

export type MessagesService = ReturnType<typeof createMessagesService>;
