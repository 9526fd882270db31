import {
  MESSAGES_PAGE_DEFAULT,
  MESSAGES_PAGE_MAX,
  type CreateMessageBody,
  type ListMessagesQuery,
  type MarkMessagesReadBody,
  type Message,
  type MessageRecipientType,
  type MessageSenderType,
  type MessageStatus,
  type Typing,
  type TypingEvent,
} from '@rozmova/contracts';
import { readableName } from '../documents.ts';

/**
 * One conversation as the person viewing it names it: a patient writes to `operator` (its support conversation) or
 * `doctor` (with the consultation's `appointmentId`); staff write to `patient` and name it (`patientId`), a doctor
 * with the consultation too. `viewer` is the side the viewer writes as, which makes a message "mine".
 */
export interface ConversationRef {
  recipientType: MessageRecipientType;
  viewer: MessageSenderType;
  /** Operators share a conversation: only what this operator wrote is "mine". */
  viewerId?: string;
  patientId?: string;
  appointmentId?: string;
}

/** What of a conversation the client holds: newest first, each message once. */
export interface ChatHistory {
  messages: Message[];
  /** Older pages remain on the server. */
  hasOlder: boolean;
  /** Every message numbered (`message_seq`) up to this one is held: catching up asks for what comes after it. */
  synced: number;
}

/** A message written here and not (yet) stored: being sent, or failed and waiting for a retry with the same id. */
export interface OutgoingMessage {
  client_message_id: string;
  text: string;
  document: ChatDocument | null;
  at: string;
  state: 'sending' | 'failed';
  /** It failed without an answer (offline) or with a server error: sent again once the connection is back. */
  offline: boolean;
}

export interface ChatDocument {
  id: string;
  name: string | null;
}

export type EntryStatus = MessageStatus | 'sending' | 'failed';

/** One line of the conversation as it is shown, oldest first. */
export interface ChatEntry {
  /** The client_message_id: the same while a message is sent, once it is stored and when it comes back live. */
  key: string;
  /** The stored message's id; null while it is not stored. */
  id: string | null;
  text: string;
  mine: boolean;
  sender: MessageSenderType;
  senderName: string | null;
  at: string;
  status: EntryStatus;
  document: ChatDocument | null;
}

const statusRank: Record<MessageStatus, number> = { Sent: 0, Delivered: 1, Read: 2 };

/** Statuses only move forward: an answer read before a later event must not turn a Read message back into Sent. */
export const laterStatus = (a: MessageStatus, b: MessageStatus): MessageStatus => (statusRank[a] >= statusRank[b] ? a : b);

/** The conversation's order (its numbers, in the order the server stored the messages), newest first. */
function newestFirst(a: Message, b: Message): number {
  if (a.message_seq !== b.message_seq) return b.message_seq - a.message_seq;
  return a.id === b.id ? 0 : a.id < b.id ? 1 : -1;
}

/** `synced` moved on over the messages (newest first) that follow on from it. */
function syncedThrough(messages: readonly Message[], synced: number): number {
  let through = synced;
  for (let index = messages.length - 1; index >= 0; index--) if (messages[index]!.message_seq === through + 1) through += 1;
  return through;
}

/** Whether a message is held whose number skips one: a message stored before it has not arrived (yet). */
export const hasGap = (history: ChatHistory): boolean => (history.messages[0]?.message_seq ?? 0) > history.synced;

const isSupport = (ref: ConversationRef) => !ref.appointmentId && (ref.recipientType === 'operator' || ref.viewer === 'operator');

/** Whether a message (a live event) belongs to this conversation. */
export function belongsTo(ref: ConversationRef, message: Message): boolean {
  if (ref.patientId && message.message_patientId !== ref.patientId) return false;
  if (ref.appointmentId) return message.message_appointmentId === ref.appointmentId;
  return isSupport(ref) ? message.message_doctorId === null : message.message_doctorId !== null;
}

/** Whether someone's typing (a live event) is in this conversation and from the other side. */
export function isTypingHere(ref: ConversationRef, event: TypingEvent): boolean {
  if (event.senderType === ref.viewer) return false;
  if (ref.patientId && event.patientId !== ref.patientId) return false;
  return ref.appointmentId ? event.appointmentId === ref.appointmentId : isSupport(ref) && event.appointmentId === null;
}

/**
 * The history with `incoming` merged in by id, so nothing shows twice: a message known already takes the new copy
 * with the later of both statuses; `known` statuses (events about messages not here yet) are applied too. `synced`:
 * a read of the server reached that number (everything up to it was in the answer).
 */
export function mergeMessages(
  history: ChatHistory | undefined,
  incoming: readonly Message[],
  options: { known?: ReadonlyMap<string, MessageStatus>; hasOlder?: boolean; synced?: number } = {},
): ChatHistory {
  const byId = new Map<string, Message>();
  for (const message of [...(history?.messages ?? []), ...incoming]) {
    const before = byId.get(message.id)?.message_status ?? 'Sent';
    const status = laterStatus(laterStatus(before, message.message_status), options.known?.get(message.id) ?? 'Sent');
    byId.set(message.id, { ...message, message_status: status });
  }
  const messages = [...byId.values()].sort(newestFirst);
  return {
    messages,
    hasOlder: options.hasOlder ?? history?.hasOlder ?? false,
    synced: syncedThrough(messages, Math.max(history?.synced ?? 0, options.synced ?? 0)),
  };
}

/** The history with the messages of `ids` moved on to `status` (a delivered or read event); unknown ids are ignored. */
export function applyStatus(history: ChatHistory, ids: readonly string[], status: MessageStatus): ChatHistory {
  const changed = new Set(ids);
  let touched = false;
  const messages = history.messages.map((message) => {
    if (!changed.has(message.id) || laterStatus(message.message_status, status) === message.message_status) return message;
    touched = true;
    return { ...message, message_status: status };
  });
  return touched ? { ...history, messages } : history;
}

/** The messages the viewer received and has not read. */
export const unreadOf = (history: ChatHistory | undefined, viewer: MessageSenderType): Message[] =>
  (history?.messages ?? []).filter((message) => message.message_senderType !== viewer && message.message_status !== 'Read');

/** Stored messages oldest first, then what is still being sent or failed (once stored, the outbox copy is dropped). */
export function toEntries(
  history: ChatHistory | undefined,
  outbox: readonly OutgoingMessage[],
  viewer: MessageSenderType,
  viewerId?: string,
): ChatEntry[] {
  const stored = [...(history?.messages ?? [])].reverse();
  const storedKeys = new Set(stored.map((message) => message.client_message_id));
  return [
    ...stored.map((message): ChatEntry => ({
      key: message.client_message_id,
      id: message.id,
      text: message.message_text,
      mine: message.message_senderType === viewer && (!viewerId || !message.message_operatorId || message.message_operatorId === viewerId),
      sender: message.message_senderType,
      senderName: message.message_senderName,
      at: message.created_at,
      status: message.message_status,
      document: message.message_documentId
        ? { id: message.message_documentId, name: message.message_documentName && readableName(message.message_documentName) }
        : null,
    })),
    ...outbox
      .filter((item) => !storedKeys.has(item.client_message_id))
      .map((item): ChatEntry => ({
        key: item.client_message_id,
        id: null,
        text: item.text,
        mine: true,
        sender: viewer,
        senderName: null,
        at: item.at,
        status: item.state,
        document: item.document,
      })),
  ];
}

/** The query of `GET /v1/messages` for this conversation, a page of it. */
export function listQuery(ref: ConversationRef, page: Pick<ListMessagesQuery, 'limit' | 'lastMessageId' | 'afterSeq'>) {
  return {
    patientId: ref.patientId,
    recipientType: ref.recipientType,
    appointmentId: ref.appointmentId,
    limit: page.limit,
    lastMessageId: page.lastMessageId,
    afterSeq: page.afterSeq,
  };
}

export const sendBody = (ref: ConversationRef, item: OutgoingMessage): CreateMessageBody => ({
  message_text: item.text,
  message_recipientType: ref.recipientType,
  message_patientId: ref.patientId,
  message_appointmentId: ref.appointmentId,
  client_message_id: item.client_message_id,
  message_documentId: item.document?.id,
});

/** Mark-as-read names the patient for staff and the consultation when there is one; a patient's support needs nothing. */
export const markReadBody = (ref: ConversationRef): MarkMessagesReadBody => ({
  patientId: ref.patientId,
  appointmentId: ref.appointmentId,
});

export const typingPayload = (ref: ConversationRef): Typing => ({
  patientId: ref.patientId,
  recipientType: ref.recipientType,
  appointmentId: ref.appointmentId,
});

/** A stable string naming the conversation (query keys, the outbox). */
export const conversationKey = (ref: ConversationRef): string =>
  [ref.viewer, ref.recipientType, ref.patientId ?? '', ref.appointmentId ?? ''].join(':');

export type FetchPage = (page: Pick<ListMessagesQuery, 'limit' | 'lastMessageId' | 'afterSeq'>) => Promise<Message[]>;

/** Catching up stops after this many pages and loads the newest page afresh instead (someone away for very long). */
export const CATCH_UP_PAGES_MAX = 20;

/** What a sync found: `fresh` is a newest page that replaces what was held, else messages to add to it. */
export interface SyncResult {
  fresh: boolean;
  messages: Message[];
  hasOlder: boolean;
  /** Every message numbered up to this one was in the answer or is held already. */
  synced: number;
}

async function firstPage(fetchPage: FetchPage): Promise<SyncResult> {
  const messages = await fetchPage({ limit: MESSAGES_PAGE_DEFAULT });
  return { fresh: true, messages, hasOlder: messages.length === MESSAGES_PAGE_DEFAULT, synced: messages[0]?.message_seq ?? 0 };
}

/**
 * What came after the last message held in a row (`afterSeq`), oldest first, page by page (after a gap, or while the
 * connection was down); the newest page afresh when there is more than {@link CATCH_UP_PAGES_MAX} pages. The messages
 * held when it began were stored before the read, so it reaches them too, also when a number was never used.
 */
export async function catchUp(held: ChatHistory, fetchPage: FetchPage): Promise<SyncResult> {
  const found: Message[] = [];
  let after = held.synced;
  for (let page = 0; page < CATCH_UP_PAGES_MAX; page++) {
    const messages = await fetchPage({ limit: MESSAGES_PAGE_MAX, afterSeq: after });
    found.push(...messages);
    after = messages.at(-1)?.message_seq ?? after;
    if (messages.length < MESSAGES_PAGE_MAX) {
      return { fresh: false, messages: found, hasOlder: held.hasOlder, synced: Math.max(after, held.messages[0]?.message_seq ?? 0) };
    }
  }
  return firstPage(fetchPage);
}

/**
 * What brings the history up to date (the first load, and every (re)connect): with nothing held, the newest page;
 * otherwise the catch-up, and the newest page again for the ticks that changed meanwhile.
 */
export async function syncHistory(held: ChatHistory | undefined, fetchPage: FetchPage): Promise<SyncResult> {
  if (!held) return firstPage(fetchPage);
  const after = await catchUp(held, fetchPage);
  if (after.fresh) return after;
  const page = await fetchPage({ limit: MESSAGES_PAGE_DEFAULT });
  return { ...after, messages: [...after.messages, ...page] };
}

/**
 * A sync's result applied to what is held when it arrives (live events may have added messages meanwhile). A fresh
 * page keeps only held messages newer than its oldest one, so no gap opens between them and the page.
 */
export function applySync(current: ChatHistory | undefined, result: SyncResult, known?: ReadonlyMap<string, MessageStatus>): ChatHistory {
  if (!result.fresh) return mergeMessages(current, result.messages, { known, synced: result.synced });
  const oldest = result.messages.at(-1);
  const kept = (current?.messages ?? []).filter((message) => !oldest || newestFirst(message, oldest) < 0);
  return mergeMessages({ messages: kept, hasOlder: result.hasOlder, synced: current?.synced ?? 0 }, result.messages, {
    known,
    synced: result.synced,
  });
}

/** The next older page (`lastMessageId`); `hasOlder` turns false at the end. */
export async function fetchOlder(held: ChatHistory, fetchPage: FetchPage): Promise<{ messages: Message[]; hasOlder: boolean }> {
  const oldest = held.messages.at(-1);
  if (!oldest) return { messages: [], hasOlder: false };
  const messages = await fetchPage({ limit: MESSAGES_PAGE_DEFAULT, lastMessageId: oldest.id });
  return { messages, hasOlder: messages.length === MESSAGES_PAGE_DEFAULT };
}
